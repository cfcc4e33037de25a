//===- CalcTestSupport.cpp - Running the calculator in tests --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CalcTestSupport.h"

#include "pcalc/Session.h"
#include "presburger/Errors.h"
#include "presburger/Parser.h"

#include <gtest/gtest.h>

#include <atomic>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace pcalc_test {

std::string sourceDir() { return PCALC_SOURCE_DIR; }
std::string testDir() { return PCALC_TEST_DIR; }
std::string binaryPath() { return PCALC_BINARY; }

std::string readFile(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  EXPECT_TRUE(f.good()) << "cannot read " << path;
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

namespace {

void writeFile(const std::string &path, const std::string &text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
}

std::string scratchPath(const std::string &what) {
  static std::atomic<unsigned> counter{0};
  return testing::TempDir() + "pcalc-" + std::to_string(getpid()) + "-" +
         std::to_string(counter++) + "-" + what;
}

} // namespace

RunResult runBinary(const std::vector<std::string> &args,
                    const std::string &input) {
  std::string inPath = scratchPath("in"), outPath = scratchPath("out"),
              errPath = scratchPath("err");
  writeFile(inPath, input);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, inPath.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, outPath.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, 2, errPath.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::string program = binaryPath();
  std::vector<char *> argv;
  argv.push_back(program.data());
  std::vector<std::string> copies = args;
  for (std::string &a : copies)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  RunResult r;
  int rc = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(),
                       environ);
  posix_spawn_file_actions_destroy(&actions);
  EXPECT_EQ(rc, 0) << "cannot start " << program;
  if (rc == 0) {
    int wstatus = 0;
    waitpid(pid, &wstatus, 0);
    if (WIFEXITED(wstatus))
      r.status = WEXITSTATUS(wstatus);
    else if (WIFSIGNALED(wstatus))
      r.status = 128 + WTERMSIG(wstatus);
  }
  r.out = readFile(outPath);
  r.err = readFile(errPath);
  unlink(inPath.c_str());
  unlink(outPath.c_str());
  unlink(errPath.c_str());
  return r;
}

RunResult runInProcess(const std::string &text, const std::string &name) {
  std::ostringstream out, err;
  presburger::calc::Session session(out, err);
  RunResult r;
  r.status = session.run(text, name) ? 0 : 1;
  r.out = out.str();
  r.err = err.str();
  return r;
}

std::vector<std::string> splitLines(const std::string &text) {
  std::vector<std::string> lines;
  std::string cur;
  for (char c : text) {
    if (c == '\n') {
      lines.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty())
    lines.push_back(cur);
  return lines;
}

namespace {

std::string kindOf(const presburger::UnionRelation &u) {
  if (u.isEmptyUnion())
    return "empty";
  if (u.isParamsUnion())
    return "params";
  if (u.isSetUnion())
    return "set";
  return "relation";
}

} // namespace

void expectSameMeaning(const std::vector<std::string> &printed,
                       const std::vector<std::string> &expected,
                       const std::string &context) {
  EXPECT_EQ(printed.size(), expected.size())
      << context << ": number of printed results";
  size_t n = std::min(printed.size(), expected.size());
  for (size_t i = 0; i < n; ++i) {
    const std::string &p = printed[i], &e = expected[i];
    std::string where = context + ", result " + std::to_string(i + 1) +
                        ": printed `" + p + "`, expected `" + e + "`";
    if (e == "True" || e == "False") {
      EXPECT_EQ(p, e) << where;
      continue;
    }
    // A line that is not isl notation (the C of codegen) is compared as
    // text.
    try {
      (void)presburger::parseUnion(e);
    } catch (const presburger::ParseError &) {
      EXPECT_EQ(p, e) << where;
      continue;
    }
    try {
      presburger::UnionRelation pu = presburger::parseUnion(p);
      presburger::UnionRelation eu = presburger::parseUnion(e);
      bool kindsFit =
          kindOf(pu) == kindOf(eu) || (pu.isEmpty() && eu.isEmpty());
      EXPECT_TRUE(kindsFit)
          << where << " (kinds " << kindOf(pu) << " and " << kindOf(eu) << ")";
      EXPECT_TRUE(pu.isEqual(eu)) << where;
    } catch (const presburger::Error &err) {
      ADD_FAILURE() << where << ": " << err.what();
    }
  }
}

} // namespace pcalc_test
