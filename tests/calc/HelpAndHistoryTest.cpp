//===- HelpAndHistoryTest.cpp - help;, history entries, interrupts --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CalcTestSupport.h"

#include "pcalc/Help.h"
#include "pcalc/Interrupt.h"
#include "pcalc/LineLoop.h"
#include "presburger/Errors.h"
#include "presburger/Parser.h"
#include "presburger/WorkBudget.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace presburger::calc;

namespace {

/// Hands out fixed lines ("^C" stands for a read interrupted by Ctrl-C)
/// and records the history entries it is given.
class RecordingReader : public LineReader {
public:
  explicit RecordingReader(std::vector<std::string> lines)
      : lines_(std::move(lines)) {}
  std::optional<std::string> readLine(bool) override {
    if (next_ == lines_.size())
      return std::nullopt;
    const std::string &line = lines_[next_++];
    if (line == "^C") {
      requestInterrupt();
      return std::nullopt;
    }
    return line;
  }
  void addHistory(const std::string &entry) override {
    history.push_back(entry);
  }
  std::vector<std::string> history;

private:
  std::vector<std::string> lines_;
  size_t next_ = 0;
};

struct LoopResult {
  int status;
  std::string out, err;
  std::vector<std::string> history;
};

LoopResult runInteractive(std::vector<std::string> lines) {
  std::ostringstream out, err;
  Session session(out, err);
  RecordingReader reader(std::move(lines));
  LineLoopOptions options;
  options.stopAtError = false;
  int status = runLineLoop(session, reader, options);
  return {status, out.str(), err.str(), reader.history};
}

} // namespace

TEST(HelpTest, ListsEveryFunctionAndOperator) {
  std::string help = languageHelp();
  for (int k = int(Function::Coalesce); k <= int(Function::Codegen); ++k) {
    Function f = Function(k);
    EXPECT_NE(help.find(std::string("  ") + name(f) + " "), std::string::npos)
        << name(f);
    EXPECT_STRNE(functionSummary(f), "?") << name(f);
  }
  for (const char *op : {"a % b", "a . b", "a cross b", "a -> b", "a << b",
                         "m^-1", "a + b", "a * b", "a <= b"})
    EXPECT_NE(help.find(op), std::string::npos) << op;
}

TEST(HelpTest, HelpIsAStatement) {
  LoopResult r = runInteractive({"help;", "a := { [i] };", "a;"});
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, languageHelp() + "{ [i] }\n");
  LoopResult bad = runInteractive({"help lexmin;"});
  EXPECT_NE(bad.err.find("'help' takes no argument"), std::string::npos)
      << bad.err;
  LoopResult assign = runInteractive({"help := { [i] };"});
  EXPECT_NE(assign.err.find("cannot assign to 'help'"), std::string::npos)
      << assign.err;
  LoopResult inside = runInteractive({"help + { [i] };"});
  EXPECT_NE(inside.err.find("'help' takes no argument"), std::string::npos)
      << inside.err;
  LoopResult operand = runInteractive({"{ [i] } + help;"});
  EXPECT_NE(operand.err.find("'help' is a statement of its own"),
            std::string::npos)
      << operand.err;
}

TEST(HistoryTest, OneEntryPerStatementOverItsLines) {
  LoopResult r = runInteractive({"a := { [i] :   # the loop", "  0 <= i < 3 };",
                                 "a; a;", "", "b := a *", "{ [i] : i > 0 };"});
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.history,
            (std::vector<std::string>{"a := { [i] : 0 <= i < 3 };", "a; a;",
                                      "b := a * { [i] : i > 0 };"}));
}

TEST(HistoryTest, EntriesOfOneLineAreKeptAsTyped) {
  EXPECT_EQ(historyEntry("a;  # note\n"), "a;  # note");
  EXPECT_EQ(historyEntry("x := {\n  [i] } ;\n"), "x := { [i] } ;");
  EXPECT_EQ(historyEntry("a # c\n\n  ;\n"), "a ;");
}

TEST(InterruptTest, CtrlCAtThePromptDropsTheUnfinishedStatement) {
  LoopResult r =
      runInteractive({"a := { [i] : 0 <= i < 10 };", "b := a * { [i] :", "^C",
                      "a * { [i] : i > 7 };", "b;"});
  EXPECT_EQ(r.status, 0);
  pcalc_test::expectSameMeaning(pcalc_test::splitLines(r.out),
                                {"{ [i] : 8 <= i <= 9 }"}, "after ^C");
  EXPECT_NE(r.err.find("undefined variable 'b'"), std::string::npos) << r.err;
  EXPECT_EQ(r.history,
            (std::vector<std::string>{"a := { [i] : 0 <= i < 10 };",
                                      "a * { [i] : i > 7 };", "b;"}));
  EXPECT_FALSE(interruptRequested());
}

TEST(InterruptTest, TheFlagStopsTheEngineAtItsNextCharge) {
  // What the SIGINT handler does while a statement runs: the engine's
  // next charge throws, and the session reports "interrupted".
  presburger::WorkBudget::setCancelFlag(&interruptFlag());
  requestInterrupt();
  EXPECT_THROW(presburger::WorkBudget::charge(1), presburger::LimitExceeded);
  std::ostringstream out, err;
  Session session(out, err);
  EXPECT_FALSE(session.run("lexmin { [i, j] : 0 <= i, j < 10 } - { [i, j] : "
                           "i = j };",
                           "<test>"));
  EXPECT_NE(err.str().find("<test>:1:"), std::string::npos) << err.str();
  EXPECT_NE(err.str().find("error: interrupted"), std::string::npos)
      << err.str();
  clearInterrupt();
  EXPECT_NO_THROW(presburger::WorkBudget::charge(1));
  EXPECT_TRUE(session.run("{ [i] : 0 <= i < 3 } - { [i] : i = 1 };", "<test>"))
      << err.str();
  presburger::WorkBudget::setCancelFlag(nullptr);
}
