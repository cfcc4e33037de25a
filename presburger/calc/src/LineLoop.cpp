//===- LineLoop.cpp - Reading statements line by line ---------------------===//
#include "pcalc/LineLoop.h"

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
    return std::nullopt;
  }
  return line;
}

int runLineLoop(Session &session, LineReader &reader,
                const LineLoopOptions &options) {
  std::string buffer;
  unsigned lineNo = 0;        // lines read so far
  unsigned bufferFirstLine = 1; // the line the buffer starts on
  bool failed = false;
  auto runBuffer = [&]() {
    bool ok = session.run(buffer, options.sourceName, bufferFirstLine);
    buffer.clear();
    bufferFirstLine = lineNo + 1;
    if (!ok)
      failed = true;
    return ok || !options.stopAtError;
  };
  for (;;) {
    bool continuation = !buffer.empty();
    std::optional<std::string> line = reader.readLine(continuation);
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
