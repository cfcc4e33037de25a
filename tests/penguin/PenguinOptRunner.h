//===- PenguinOptRunner.h - Running penguin-opt from the CLI tests -*- C++
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//-*-===//
//
// The command-line tests run the built penguin-opt (PENGUIN_OPT_PATH) on the
// bundled examples (PENGUIN_EXAMPLES_DIR) and look at its exit status,
// standard output and standard error.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_TESTS_PENGUINOPTRUNNER_H
#define PENGUIN_TESTS_PENGUINOPTRUNNER_H

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace penguin_test {

struct OptResult {
  int rc = -1;
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Runs penguin-opt with `args` (shell-quoted where needed), `stdinText` on
/// its standard input.
inline OptResult runPenguinOpt(const std::string &args,
                               const std::string &stdinText = "") {
  namespace fs = std::filesystem;
  static std::atomic<unsigned> calls{0};
  fs::path dir = fs::temp_directory_path() /
                 ("penguin-opt-run-" + std::to_string(::getpid()) + "-" +
                  std::to_string(calls++));
  fs::create_directories(dir);
  fs::path in = dir / "stdin", out = dir / "stdout", err = dir / "stderr";
  std::ofstream(in, std::ios::binary) << stdinText;
  std::string cmd = std::string("'") + PENGUIN_OPT_PATH + "' " + args + " <'" +
                    in.string() + "' >'" + out.string() + "' 2>'" +
                    err.string() + "'";
  int status = std::system(cmd.c_str());
  OptResult r;
  r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::error_code ec;
  fs::remove_all(dir, ec);
  return r;
}

/// The path of a bundled example, quoted for the shell.
inline std::string quotedExample(const std::string &name) {
  return std::string("'") + PENGUIN_EXAMPLES_DIR + "/" + name + "'";
}

} // namespace penguin_test

#endif // PENGUIN_TESTS_PENGUINOPTRUNNER_H
