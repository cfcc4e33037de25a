//===- InteractiveTest.cpp - presburger-calc on a terminal ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Runs the calculator binary on a pseudo-terminal, as a user at a keyboard:
// Ctrl-C (the byte 0x03, which the terminal turns into SIGINT) drops the
// line being typed and stops a running statement, and the session goes on
// with its variables; a statement typed on several lines is one history
// entry (read back from the history file that libedit writes). Skipped
// when no pseudo-terminal can be opened.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using Clock = std::chrono::steady_clock;

/// The calculator on the slave side of a pseudo-terminal.
class Terminal {
public:
  /// `budget`: the calculator's --budget (0: the default).
  explicit Terminal(const std::string &home, unsigned long long budget = 0) {
    std::string budgetText = std::to_string(budget);
    pid_ = forkpty(&master_, nullptr, nullptr, nullptr);
    if (pid_ == 0) {
      setenv("HOME", home.c_str(), 1);
      setenv("TERM", "dumb", 1);
      if (budget)
        execl(PCALC_BINARY, PCALC_BINARY, "--budget", budgetText.c_str(),
              static_cast<char *>(nullptr));
      else
        execl(PCALC_BINARY, PCALC_BINARY, static_cast<char *>(nullptr));
      _exit(127);
    }
  }
  ~Terminal() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (master_ >= 0)
      close(master_);
  }
  Terminal(const Terminal &) = delete;
  Terminal &operator=(const Terminal &) = delete;

  bool ok() const { return pid_ > 0 && master_ >= 0; }

  /// Types `text`. A short pause first: the calculator shows its prompt a
  /// moment before libedit takes the terminal out of its line mode, and
  /// what is typed in between is handled by the terminal (a Ctrl-D there
  /// is lost), as it would be for a user typing ahead of the prompt.
  void type(const std::string &text) {
    usleep(150 * 1000);
    ASSERT_EQ(write(master_, text.data(), text.size()), ssize_t(text.size()));
  }

  /// Reads until the output since the last call contains `what` (true), or
  /// `seconds` pass (false). The output read so far is kept in `seen`.
  bool waitFor(const std::string &what, double seconds = 30) {
    auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
    for (;;) {
      if (seen.find(what, from_) != std::string::npos) {
        from_ = seen.find(what, from_) + what.size();
        return true;
      }
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - Clock::now());
      if (left.count() <= 0)
        return false;
      pollfd p{master_, POLLIN, 0};
      if (poll(&p, 1, int(left.count())) <= 0)
        continue;
      char buf[4096];
      ssize_t n = read(master_, buf, sizeof buf);
      if (n <= 0)
        return false;
      seen.append(buf, size_t(n));
    }
  }

  /// Waits for the calculator to exit (typing Ctrl-D again every two
  /// seconds, in case one was typed ahead of libedit); its exit status, or
  /// -1.
  int wait() {
    int status = 0;
    for (int i = 0; i < 300; ++i) {
      if (i % 10 == 9 && write(master_, "\x04", 1) != 1)
        return -1;
      pid_t r = waitpid(pid_, &status, WNOHANG);
      if (r == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      // Drain the output so that the calculator never blocks on it. Once
      // the calculator has closed the terminal, poll returns at once (a
      // hang-up): wait a little then, since exiting takes a while (under
      // the sanitizers, the leak check).
      pollfd p{master_, POLLIN, 0};
      bool got = false;
      if (poll(&p, 1, 100) > 0) {
        char buf[4096];
        ssize_t n = read(master_, buf, sizeof buf);
        if (n > 0) {
          seen.append(buf, size_t(n));
          got = true;
        }
      }
      if (!got)
        usleep(100 * 1000);
    }
    return -1;
  }

  std::string seen;

private:
  pid_t pid_ = -1;
  int master_ = -1;
  size_t from_ = 0;
};

/// Statements whose last one runs for a long time without a budget: a
/// six-dimensional box minus thirty-two boxes (pseudo-random, always the
/// same), coalesced (fourteen took minutes once and under a second on the
/// engine of December 2026; twenty-eight take twenty seconds there).
std::vector<std::string> slowStatements() {
  unsigned seed = 1;
  auto next = [&](unsigned n) {
    seed = seed * 1103515245u + 12345u;
    return (seed >> 16) % n;
  };
  const std::string tuple = "[x0, x1, x2, x3, x4, x5]";
  std::vector<std::string> out;
  std::string box = "box := { " + tuple + " : ";
  for (int d = 0; d < 6; ++d)
    box += (d ? " and 0 <= x" : "0 <= x") + std::to_string(d) + " < 40";
  out.push_back(box + " };");
  std::string sum;
  for (int k = 0; k < 32; ++k) {
    std::string p = "p" + std::to_string(k);
    std::string s = p + " := { " + tuple + " : ";
    for (int d = 0; d < 6; ++d) {
      unsigned a = next(31), w = 3 + next(10);
      s += (d ? " and " : "") + std::to_string(a) + " <= x" +
           std::to_string(d) + " < " + std::to_string(a + w);
    }
    out.push_back(s + " };");
    sum += (k ? " + " : "") + p;
  }
  out.push_back("coalesce (box - (" + sum + "));");
  return out;
}

std::string scratchHome(const std::string &name) {
  auto dir = std::filesystem::temp_directory_path() /
             ("pcalc-interactive-" + name + "-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

/// The entries of libedit's history file, decoded (it escapes blanks as
/// octal \040 and backslashes as \\).
std::vector<std::string> historyEntries(const std::string &home) {
  std::ifstream in(home + "/.presburger_calc_history");
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("_HiStOrY_V2_", 0) == 0)
      continue;
    std::string decoded;
    for (size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '\\' && i + 3 < line.size() &&
          std::isdigit(static_cast<unsigned char>(line[i + 1]))) {
        decoded += char(std::stoi(line.substr(i + 1, 3), nullptr, 8));
        i += 3;
      } else if (line[i] == '\\' && i + 1 < line.size()) {
        decoded += line[++i];
      } else {
        decoded += line[i];
      }
    }
    out.push_back(decoded);
  }
  return out;
}

TEST(InteractiveTest, CtrlCDropsTheLineAndTheSessionGoesOn) {
  std::string home = scratchHome("line");
  Terminal t(home);
  if (!t.ok())
    GTEST_SKIP() << "no pseudo-terminal";
  ASSERT_TRUE(t.waitFor("pcalc> ")) << t.seen;
  t.type("a := { [i] : 0 <= i < 10 };\n");
  ASSERT_TRUE(t.waitFor("pcalc> ")) << t.seen;
  // An unfinished statement over two lines, then Ctrl-C on the third.
  t.type("b := a * { [i] :\n");
  ASSERT_TRUE(t.waitFor("...> ")) << t.seen;
  t.type("i > 5 and");
  t.type("\x03");
  ASSERT_TRUE(t.waitFor("pcalc> ")) << t.seen;
  // b was never assigned, a still is.
  t.type("a * { [i] : i >= 7 };\n");
  ASSERT_TRUE(t.waitFor("{ [i] : 7 <= i <= 9 }")) << t.seen;
  ASSERT_TRUE(t.waitFor("pcalc> ")) << t.seen;
  t.type("b;\n");
  ASSERT_TRUE(t.waitFor("undefined variable 'b'")) << t.seen;
  ASSERT_TRUE(t.waitFor("pcalc> ")) << t.seen;
  t.type("\x04");
  EXPECT_EQ(t.wait(), 0) << t.seen;
  std::filesystem::remove_all(home);
}

TEST(InteractiveTest, CtrlCStopsARunningStatement) {
  std::string home = scratchHome("run");
  // A budget that never runs out here: only Ctrl-C can stop the statement.
  Terminal t(home, 1000000000000000ull);
  if (!t.ok())
    GTEST_SKIP() << "no pseudo-terminal";
  ASSERT_TRUE(t.waitFor("pcalc> ")) << t.seen;
  t.type("a := { [i] : 0 <= i < 10 };\n");
  ASSERT_TRUE(t.waitFor("pcalc> ")) << t.seen;
  // A statement that runs for minutes: Ctrl-C must stop it within moments.
  std::vector<std::string> slow = slowStatements();
  for (size_t k = 0; k + 1 < slow.size(); ++k) {
    t.type(slow[k] + "\n");
    ASSERT_TRUE(t.waitFor("pcalc> ")) << t.seen;
  }
  t.type(slow.back() + "\n");
  usleep(500 * 1000);
  auto start = Clock::now();
  t.type("\x03");
  ASSERT_TRUE(t.waitFor("error: interrupted", 20)) << t.seen;
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(10));
  ASSERT_TRUE(t.waitFor("pcalc> ")) << t.seen;
  t.type("a * { [i] : i >= 8 };\n");
  ASSERT_TRUE(t.waitFor("{ [i] : 8 <= i <= 9 }")) << t.seen;
  // Ctrl-D only once the prompt is up: the terminal is then in libedit's
  // mode (typed earlier, in the terminal's line mode, it could be lost).
  ASSERT_TRUE(t.waitFor("pcalc> ")) << t.seen;
  t.type("\x04");
  EXPECT_EQ(t.wait(), 0) << t.seen;
  std::filesystem::remove_all(home);
}

TEST(InteractiveTest, AStatementOnSeveralLinesIsOneHistoryEntry) {
  std::string home = scratchHome("history");
  {
    Terminal t(home);
    if (!t.ok())
      GTEST_SKIP() << "no pseudo-terminal";
    ASSERT_TRUE(t.waitFor("pcalc> ")) << t.seen;
    t.type("b := { [i] :   # the loop\n");
    ASSERT_TRUE(t.waitFor("...> ")) << t.seen;
    t.type("   0 <= i < 3 };\n");
    ASSERT_TRUE(t.waitFor("pcalc> ")) << t.seen;
    t.type("b;\n");
    ASSERT_TRUE(t.waitFor("{ [i] : 0 <= i <= 2 }")) << t.seen;
    ASSERT_TRUE(t.waitFor("pcalc> ")) << t.seen;
    t.type("\x04");
    EXPECT_EQ(t.wait(), 0) << t.seen;
  }
  std::vector<std::string> entries = historyEntries(home);
  if (entries.empty())
    GTEST_SKIP() << "this build has no libedit history";
  EXPECT_EQ(entries,
            (std::vector<std::string>{"b := { [i] : 0 <= i < 3 };", "b;"}));
  std::filesystem::remove_all(home);
}

} // namespace
