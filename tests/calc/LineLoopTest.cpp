//===- LineLoopTest.cpp - Line-by-line input, interactive and not ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CalcTestSupport.h"

#include "pcalc/LineLoop.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace presburger::calc;
using pcalc_test::expectSameMeaning;
using pcalc_test::splitLines;

namespace {

/// Hands out fixed lines and records which prompt each was read with.
class ScriptedReader : public LineReader {
public:
  explicit ScriptedReader(std::vector<std::string> lines)
      : lines_(std::move(lines)) {}
  std::optional<std::string> readLine(bool continuation) override {
    prompts.push_back(continuation ? "cont" : "new");
    if (next_ == lines_.size())
      return std::nullopt;
    return lines_[next_++];
  }
  std::vector<std::string> prompts;

private:
  std::vector<std::string> lines_;
  size_t next_ = 0;
};

struct LoopRun {
  int status;
  std::string out, err;
  std::vector<std::string> prompts;
};

LoopRun runLines(std::vector<std::string> lines, bool interactive) {
  std::ostringstream out, err;
  Session session(out, err);
  ScriptedReader reader(std::move(lines));
  LineLoopOptions options;
  options.stopAtError = !interactive;
  int status = runLineLoop(session, reader, options);
  return {status, out.str(), err.str(), reader.prompts};
}

} // namespace

TEST(LineLoopTest, StatementsSpanLinesWithContinuationPrompts) {
  LoopRun r = runLines({"a := { [i] :", "  0 <= i < 3 };", "# a comment", "",
                        "a * { [i] : i > 0 }", ";", "print", "a;"},
                       true);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  expectSameMeaning(splitLines(r.out),
                    {"{ [i] : 1 <= i <= 2 }", "{ [i] : 0 <= i <= 2 }"},
                    "continuation");
  EXPECT_EQ(r.prompts,
            (std::vector<std::string>{"new", "cont", "new", "new", "new",
                                      "cont", "new", "cont", "new"}));
}

TEST(LineLoopTest, ErrorPositionsCountLinesAcrossStatements) {
  LoopRun r =
      runLines({"a := { [i] };", "", "b := { [i] :", "  i > j };"}, true);
  EXPECT_EQ(r.err, "<stdin>:4:7: error: unknown identifier 'j'\n");
}

TEST(LineLoopTest, InteractiveSessionsGoOnAfterAnError) {
  LoopRun r =
      runLines({"x;", "a := { [i] : 0 <= i < 2 };", "foo a;", "a;"}, true);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "<stdin>:1:1: error: undefined variable 'x'\n"
                   "<stdin>:3:1: error: unknown function 'foo'\n");
  expectSameMeaning(splitLines(r.out), {"{ [i] : 0 <= i <= 1 }"},
                    "interactive");
}

TEST(LineLoopTest, NonInteractiveInputStopsAtTheFirstError) {
  LoopRun r = runLines({"{ A[i] };", "x;", "{ B[i] };"}, false);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "{ A[i] }\n");
  EXPECT_EQ(r.err, "<stdin>:2:1: error: undefined variable 'x'\n");
  // The third line is never read.
  EXPECT_EQ(r.prompts.size(), 2u);
}

TEST(LineLoopTest, AnUnfinishedStatementAtTheEndIsReported) {
  LoopRun r = runLines({"{ A[i] };", "a := { [i] :", "  i > 0"}, false);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "{ A[i] }\n");
  EXPECT_EQ(r.err, "<stdin>:2:6: error: unterminated set literal: no '}' "
                   "matches the '{'\n");
  LoopRun i = runLines({"{ A[i] }"}, true);
  EXPECT_EQ(i.status, 0);
  EXPECT_EQ(i.err, "<stdin>:1:9: error: expected ';' at the end of the "
                   "statement, found end of input\n");
}

TEST(LineLoopTest, StreamReaderShowsPromptsOnlyWhenAsked) {
  std::istringstream in("a := { [i] :\n i = 1 };\na;\n");
  std::ostringstream prompts;
  StreamLineReader reader(in, &prompts);
  std::ostringstream out, err;
  Session session(out, err);
  EXPECT_EQ(runLineLoop(session, reader, LineLoopOptions{}), 0);
  EXPECT_EQ(prompts.str(), std::string(kPrompt) + kContinuationPrompt +
                               kPrompt + kPrompt + "\n");
  expectSameMeaning(splitLines(out.str()), {"{ [1] }"}, "stream reader");

  std::istringstream in2("{ B[i] };");
  StreamLineReader silent(in2);
  std::ostringstream out2;
  Session session2(out2, err);
  EXPECT_EQ(runLineLoop(session2, silent, LineLoopOptions{}), 0);
  EXPECT_EQ(out2.str(), "{ B[i] }\n");
}
