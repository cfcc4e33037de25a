//===- DocsTest.cpp - The sessions shown in docs/calculator.md ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every ```pcalc-session block of docs/calculator.md is run through the
// binary: lines starting with the prompt `pcalc> ` or `  ...> ` are input,
// the others are what it prints: `<stdin>:...: error: ...` lines exactly
// (on stderr), values by meaning (on stdout).
//
//===----------------------------------------------------------------------===//
#include "CalcTestSupport.h"

#include "pcalc/LineLoop.h"

#include <gtest/gtest.h>

using namespace pcalc_test;

namespace {

struct SessionBlock {
  unsigned line = 0; // where it starts in the document
  std::string input;
  std::vector<std::string> values;
  std::string errors;
};

std::vector<SessionBlock> sessionBlocks(const std::string &doc) {
  const std::string prompt = presburger::calc::kPrompt;
  const std::string more = presburger::calc::kContinuationPrompt;
  std::vector<SessionBlock> blocks;
  std::vector<std::string> lines = splitLines(doc);
  bool inside = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string &l = lines[i];
    if (!inside) {
      if (l == "```pcalc-session") {
        inside = true;
        blocks.emplace_back();
        blocks.back().line = unsigned(i + 1);
      }
      continue;
    }
    if (l == "```") {
      inside = false;
      continue;
    }
    SessionBlock &b = blocks.back();
    if (l.rfind(prompt, 0) == 0)
      b.input += l.substr(prompt.size()) + "\n";
    else if (l.rfind(more, 0) == 0)
      b.input += l.substr(more.size()) + "\n";
    else if (l.rfind("<stdin>:", 0) == 0)
      b.errors += l + "\n";
    else
      b.values.push_back(l);
  }
  EXPECT_FALSE(inside) << "unclosed session block";
  return blocks;
}

} // namespace

TEST(DocsTest, CalculatorGuideSessionsPrintWhatTheyShow) {
  std::vector<SessionBlock> blocks =
      sessionBlocks(readFile(sourceDir() + "/docs/calculator.md"));
  ASSERT_GE(blocks.size(), 5u);
  unsigned withErrors = 0;
  for (const SessionBlock &b : blocks) {
    std::string where = "docs/calculator.md:" + std::to_string(b.line);
    SCOPED_TRACE(where);
    RunResult r = runBinary({}, b.input);
    EXPECT_EQ(r.err, b.errors);
    EXPECT_EQ(r.status, b.errors.empty() ? 0 : 1);
    withErrors += !b.errors.empty();
    expectSameMeaning(splitLines(r.out), b.values, where);
  }
  EXPECT_GE(withErrors, 2u);
}
