//===- LineLoop.cpp - Reading statements line by line ---------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "pcalc/LineLoop.h"

#include "pcalc/Interrupt.h"

#include <cstdio>
#include <iostream>

namespace presburger::calc {

std::optional<std::string> StreamLineReader::readLine(bool continuation) {
  if (promptOut_) {
    *promptOut_ << (continuation ? kContinuationPrompt : kPrompt);
    promptOut_->flush();
  }
  std::string line;
  if (!std::getline(in_, line)) {
    if (promptOut_)
      *promptOut_ << '\n';
    if (interruptRequested()) {
      // Ctrl-C interrupted the read: the stream is still good.
      in_.clear();
      if (&in_ == &std::cin)
        std::clearerr(stdin);
    }
    return std::nullopt;
  }
  return line;
}

std::string historyEntry(const std::string &text) {
  std::string body = text;
  while (!body.empty() && (body.back() == '\n' || body.back() == ' ' ||
                           body.back() == '\t' || body.back() == '\r'))
    body.pop_back();
  if (body.find('\n') == std::string::npos)
    return body;
  std::string out;
  size_t start = 0;
  while (start <= body.size()) {
    size_t end = body.find('\n', start);
    if (end == std::string::npos)
      end = body.size();
    std::string line = body.substr(start, end - start);
    if (size_t hash = line.find('#'); hash != std::string::npos)
      line.erase(hash);
    size_t first = line.find_first_not_of(" \t\r");
    size_t last = line.find_last_not_of(" \t\r");
    if (first != std::string::npos) {
      if (!out.empty())
        out += ' ';
      out += line.substr(first, last - first + 1);
    }
    start = end + 1;
  }
  return out;
}

int runLineLoop(Session &session, LineReader &reader,
                const LineLoopOptions &options) {
  std::string buffer;
  unsigned lineNo = 0;          // lines read so far
  unsigned bufferFirstLine = 1; // the line the buffer starts on
  bool failed = false;
  auto runBuffer = [&]() {
    // A Ctrl-C from now on interrupts this statement.
    clearInterrupt();
    bool ok = session.run(buffer, options.sourceName, bufferFirstLine);
    buffer.clear();
    bufferFirstLine = lineNo + 1;
    if (!ok)
      failed = true;
    return ok || !options.stopAtError;
  };
  for (;;) {
    bool continuation = !buffer.empty();
    clearInterrupt();
    std::optional<std::string> line = reader.readLine(continuation);
    if (!line && interruptRequested()) {
      // Ctrl-C at the prompt: the unfinished statement is dropped.
      clearInterrupt();
      buffer.clear();
      bufferFirstLine = lineNo + 1;
      continue;
    }
    if (!line)
      break;
    ++lineNo;
    buffer += *line;
    buffer += '\n';
    switch (classifyInput(buffer)) {
    case InputState::Blank:
      buffer.clear();
      bufferFirstLine = lineNo + 1;
      break;
    case InputState::Complete:
      reader.addHistory(historyEntry(buffer));
      if (!runBuffer())
        return 1;
      break;
    case InputState::Incomplete:
      break;
    }
  }
  // The input ended in an unfinished statement: run it for its error.
  if (!buffer.empty() && classifyInput(buffer) != InputState::Blank)
    runBuffer();
  return failed && options.stopAtError ? 1 : 0;
}

} // namespace presburger::calc
