//===- EditLineReader.cpp - Interactive input with libedit ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Compiled only when pkg-config finds libedit. Nothing here runs unless
// standard input is a terminal: scripts, -e and piped input never touch
// libedit.
//
//===----------------------------------------------------------------------===//
#include "pcalc/LineLoop.h"

#include "pcalc/Interrupt.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cwchar>
#include <iostream>

#include <csignal>

#include <histedit.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

namespace presburger::calc {

namespace {

class EditLineReader : public LineReader {
public:
  EditLineReader() {
    el_ = el_init("presburger-calc", stdin, stdout, stderr);
    hist_ = history_init();
    if (!el_ || !hist_)
      return;
    history(hist_, &event_, H_SETSIZE, 1000);
    history(hist_, &event_, H_SETUNIQUE, 1);
    el_set(el_, EL_EDITOR, "emacs");
    el_set(el_, EL_SIGNAL, 1);
    el_set(el_, EL_CLIENTDATA, static_cast<void *>(this));
    el_set(el_, EL_PROMPT, &EditLineReader::prompt);
    el_set(el_, EL_HIST, history, hist_);
    el_set(el_, EL_GETCFN, &EditLineReader::readChar);
    el_source(el_, nullptr); // the user's ~/.editrc, if any
    if (const char *home = std::getenv("HOME"); home && *home) {
      historyFile_ = std::string(home) + "/.presburger_calc_history";
      history(hist_, &event_, H_LOAD, historyFile_.c_str());
    }
  }

  ~EditLineReader() override {
    if (hist_ && !historyFile_.empty())
      history(hist_, &event_, H_SAVE, historyFile_.c_str());
    if (el_)
      el_end(el_);
    if (hist_)
      history_end(hist_);
  }

  EditLineReader(const EditLineReader &) = delete;
  EditLineReader &operator=(const EditLineReader &) = delete;

  bool ok() const { return el_ && hist_; }

  std::optional<std::string> readLine(bool continuation) override {
    continuation_ = continuation;
    std::cout.flush();
    int count = 0;
    const char *line = el_gets(el_, &count);
    if (!line || count <= 0) {
      // End of input, or Ctrl-C (interruptRequested()): a fresh line.
      std::fputc('\n', stdout);
      std::fflush(stdout);
      return std::nullopt;
    }
    std::string text(line, static_cast<size_t>(count));
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
      text.pop_back();
    return text;
  }

  void addHistory(const std::string &entry) override {
    if (entry.find_first_not_of(" \t") != std::string::npos)
      history(hist_, &event_, H_ENTER, entry.c_str());
  }

private:
  /// libedit's character reader, with one difference: a read interrupted
  /// by Ctrl-C ends el_gets (returns -1) instead of being retried, so the
  /// line being typed is dropped. Multibyte characters are decoded as the
  /// built-in reader does.
  static int readChar(EditLine *el, wchar_t *out) {
    (void)el;
    std::mbstate_t state{};
    for (;;) {
      if (!waitForInput())
        return -1;
      char c;
      ssize_t n = ::read(STDIN_FILENO, &c, 1);
      if (n == 0)
        return 0;
      if (n < 0) {
        if (errno == EINTR && !interruptRequested())
          continue;
        return -1;
      }
      wchar_t w;
      size_t k = std::mbrtowc(&w, &c, 1, &state);
      if (k == static_cast<size_t>(-2))
        continue; // an incomplete multibyte sequence: read on
      if (k == static_cast<size_t>(-1)) {
        state = std::mbstate_t{};
        w = static_cast<wchar_t>(static_cast<unsigned char>(c));
      }
      *out = w;
      return 1;
    }
  }

  /// Waits until standard input is readable; false when Ctrl-C came
  /// first. SIGINT is blocked while the flag is tested and unblocked only
  /// inside ppoll, atomically, so an interrupt that arrives just before the
  /// wait is not missed (a plain read would block on with the flag set).
  static bool waitForInput() {
    sigset_t sigint, old;
    sigemptyset(&sigint);
    sigaddset(&sigint, SIGINT);
    pthread_sigmask(SIG_BLOCK, &sigint, &old);
    for (;;) {
      if (interruptRequested()) {
        pthread_sigmask(SIG_SETMASK, &old, nullptr);
        return false;
      }
      pollfd p{STDIN_FILENO, POLLIN, 0};
      int r = ppoll(&p, 1, nullptr, &old);
      if (r > 0 || (r < 0 && errno != EINTR)) {
        pthread_sigmask(SIG_SETMASK, &old, nullptr);
        return true; // readable, or an error that read will report
      }
    }
  }

  static char *prompt(EditLine *el) {
    void *data = nullptr;
    el_get(el, EL_CLIENTDATA, &data);
    auto *self = static_cast<EditLineReader *>(data);
    const char *p = self && self->continuation_ ? kContinuationPrompt : kPrompt;
    return const_cast<char *>(p);
  }

  EditLine *el_ = nullptr;
  History *hist_ = nullptr;
  HistEvent event_{};
  bool continuation_ = false;
  std::string historyFile_;
};

} // namespace

std::unique_ptr<LineReader> makeTerminalLineReader(bool stdoutIsTerminal) {
  if (stdoutIsTerminal) {
    auto reader = std::make_unique<EditLineReader>();
    if (reader->ok())
      return reader;
  }
  // Output redirected (or libedit failed to start): plain lines, prompts on
  // the error stream so that they stay out of the results.
  return std::make_unique<StreamLineReader>(std::cin, &std::cerr);
}

} // namespace presburger::calc
