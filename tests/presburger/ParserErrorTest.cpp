// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Malformed isl notation: every input of the table gives a ParseError at
// the right line and column; deep nesting stops with an error, not a stack
// overflow; and thousands of random mutations of valid inputs either parse
// or throw ParseError, never anything else.
#include "ParserTestCases.h"

#include "presburger/Errors.h"
#include "presburger/Parser.h"
#include "presburger/Printer.h"
#include "presburger/WorkBudget.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <random>

using namespace presburger;
using parser_cases::MalformedCase;
using parser_cases::malformedCases;
using parser_cases::validCases;

namespace {

class MalformedInput : public ::testing::TestWithParam<MalformedCase> {};

std::string caseName(const ::testing::TestParamInfo<MalformedCase> &info) {
  return "case" + std::to_string(info.index);
}

} // namespace

TEST_P(MalformedInput, GivesParseErrorAtTheOffendingToken) {
  const MalformedCase &c = GetParam();
  SCOPED_TRACE(c.text);
  try {
    UnionRelation u = parseUnion(c.text);
    FAIL() << "parsed as " << printUnionRelation(u);
  } catch (const ParseError &e) {
    EXPECT_EQ(e.line(), c.line) << e.what();
    EXPECT_EQ(e.column(), c.column) << e.what();
    EXPECT_NE(e.message().find(c.message), std::string::npos) << e.what();
    // what() carries the position too.
    std::string pos = std::to_string(c.line) + ":" + std::to_string(c.column);
    EXPECT_EQ(std::string(e.what()).rfind(pos, 0), 0u) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(Table, MalformedInput,
                         ::testing::ValuesIn(malformedCases()), caseName);

TEST(ParserErrorTable, IsLargeEnough) {
  EXPECT_GE(malformedCases().size(), 60u);
}

namespace {

/// The column of the `n`th (1-based) occurrence of `c` in `s`.
unsigned columnOf(const std::string &s, char c, unsigned n) {
  for (size_t i = 0; i < s.size(); ++i)
    if (s[i] == c && --n == 0)
      return unsigned(i + 1);
  return 0;
}

void expectTooDeep(const std::string &text, unsigned column) {
  try {
    parseUnion(text);
    FAIL() << "no error for deep nesting";
  } catch (const ParseError &e) {
    EXPECT_NE(e.message().find("nesting too deep"), std::string::npos)
        << e.what();
    EXPECT_EQ(e.line(), 1u);
    EXPECT_EQ(e.column(), column);
  }
}

std::string repeat(const std::string &s, unsigned n) {
  std::string out;
  for (unsigned i = 0; i < n; ++i)
    out += s;
  return out;
}

} // namespace

TEST(ParserError, DeepNestingIsAnErrorNotACrash) {
  // Parenthesized formulas: the 201st '(' is one level too many.
  std::string formula =
      "{ [i] : " + repeat("(", 100000) + "i >= 0" + repeat(")", 100000) + " }";
  expectTooDeep(formula, columnOf(formula, '(', 201));
  // Parenthesized expressions: the `i` inside the 200th '(' is the 201st
  // nested factor.
  std::string expr =
      "{ [i] : i = " + repeat("(i + ", 5000) + "1" + repeat(")", 5000) + " }";
  expectTooDeep(expr, columnOf(expr, '(', 200) + 1);
  // Nested divisions, min and exists.
  std::string floors =
      "{ [i] : " + repeat("floor(", 1000) + "i" + repeat(")", 1000) + " = 0 }";
  EXPECT_THROW(parseUnion(floors), ParseError);
  std::string mins =
      "{ [i] : " + repeat("min(i, ", 1000) + "i" + repeat(")", 1000) + " = 0 }";
  EXPECT_THROW(parseUnion(mins), ParseError);
  std::string exists = "{ [i] : " + repeat("exists (e : ", 1000) + "i = 0" +
                       repeat(")", 1000) + " }";
  EXPECT_THROW(parseUnion(exists), ParseError);
  std::string tuples =
      "{ " + repeat("[", 1000) + "i" + repeat("]", 1000) + " }";
  EXPECT_THROW(parseUnion(tuples), ParseError);
  std::string ternary = "{ [i] -> [" + repeat("i > 0 ? i : ", 1000) + "0] }";
  EXPECT_THROW(parseUnion(ternary), ParseError);
  // Just below the limit is fine.
  std::string ok =
      "{ [i] : " + repeat("(", 150) + "i >= 0" + repeat(")", 150) + " }";
  EXPECT_NO_THROW(parseUnion(ok));
}

TEST(ParserError, NulBytesAreErrorsEvenInComments) {
  // isl stops reading at a NUL (a C string ends there); here it is an
  // unexpected character, wherever it is.
  std::string inComment("{ [i] : # a comment\0with a NUL\n i >= 0 }", 41);
  std::string inFormula("{ [i] : i >= \0 0 }", 18);
  for (const std::string &text : {inComment, inFormula}) {
    try {
      parseUnion(text);
      FAIL() << "no error";
    } catch (const ParseError &e) {
      EXPECT_NE(e.message().find("'\\x00'"), std::string::npos) << e.what();
      EXPECT_EQ(e.column(), unsigned(text.find('\0') + 1));
    }
  }
}

TEST(ParserError, LongFlatInputsAreFine) {
  // Long sums, conjunctions and unary minus chains do not recurse.
  std::string sum = "{ [i] : i = " + repeat("1 + ", 20000) + "0 }";
  Relation r = parseRelation(sum);
  EXPECT_TRUE(r.containsPoint({Int(20000)}));
  std::string conj = "{ [i] : i >= 0" + repeat(" and i >= 0", 20000) + " }";
  EXPECT_TRUE(parseRelation(conj).containsPoint({Int(0)}));
  std::string minus = "{ [i] : i = " + repeat("- ", 20001) + "1 }";
  EXPECT_TRUE(parseRelation(minus).containsPoint({Int(-1)}));
}

TEST(ParserError, BlowUpIsReportedNotRunForever) {
  // 2^20 distinct, non-empty disjuncts in disjunctive normal form.
  std::string text = "{ [i, j] : ";
  for (int k = 0; k < 20; ++k)
    text += std::string(k ? " and " : "") + "(i >= " + std::to_string(k) +
            " or j >= " + std::to_string(k) + ")";
  text += " }";
  try {
    parseUnion(text);
    FAIL() << "no error";
  } catch (const ParseError &e) {
    EXPECT_NE(e.message().find("too complex"), std::string::npos) << e.what();
    EXPECT_EQ(e.line(), 1u);
  }
  // Pruning keeps trivially contradictory combinations from counting.
  std::string pruned = "{ [i] : ";
  for (int k = 0; k < 20; ++k)
    pruned += std::string(k ? " and " : "") + "(i = " + std::to_string(k) +
              " or i >= " + std::to_string(k) + ")";
  pruned += " }";
  EXPECT_TRUE(parseRelation(pruned).containsPoint({Int(19)}));
  // 2^30 cases of min inside a sum.
  std::string pieces = "{ [i] : " + repeat("min(i, 1) + ", 30) + "0 >= 0 }";
  try {
    parseUnion(pieces);
    FAIL() << "no error";
  } catch (const ParseError &e) {
    EXPECT_NE(e.message().find("too complex"), std::string::npos) << e.what();
  }
}

TEST(ParserError, OnlyTheReadersOwnBudgetStopIsAParseError) {
  // Forty rows whose coefficients have 10^4 to 5 10^4 digits: normalizing
  // them while reading is past the reader's own (default) budget.
  std::string text = "{ [i, j] : ";
  for (int k = 0; k < 40; ++k)
    text += std::string(k ? " and " : "") + "3^100000 * i + 5^60000 * j + " +
            std::to_string(k) + " * i >= " + std::to_string(k);
  text += " }";
  // A caller's budget tighter than the reader's: its stop reaches the
  // caller unchanged, naming the caller's scope.
  {
    WorkBudget::Scope caller(1'000'000);
    try {
      parseUnion(text);
      FAIL() << "no error";
    } catch (const ParseError &e) {
      FAIL() << "the caller's stop became a ParseError: " << e.what();
    } catch (const LimitExceeded &e) {
      EXPECT_TRUE(caller.stoppedBy(e)) << e.what();
    }
  }
  // A caller's budget looser than the reader's: the reader's own limit is
  // hit first, and that stop is reported as a ParseError at the body.
  {
    WorkBudget::Scope caller(4 * WorkBudget::kDefaultLimit);
    try {
      parseUnion(text);
      FAIL() << "no error";
    } catch (const ParseError &e) {
      EXPECT_NE(e.message().find("too complex"), std::string::npos) << e.what();
      EXPECT_EQ(e.line(), 1u);
    }
    EXPECT_LT(WorkBudget::used(), 2 * WorkBudget::kDefaultLimit);
  }
  // A cancellation propagates as the cancellation it is.
  std::atomic<bool> cancel{true};
  WorkBudget::setCancelFlag(&cancel);
  try {
    parseUnion(text);
    ADD_FAILURE() << "no error";
  } catch (const ParseError &e) {
    ADD_FAILURE() << "the cancellation became a ParseError: " << e.what();
  } catch (const LimitExceeded &e) {
    EXPECT_EQ(std::string(e.what()), "cancelled");
  }
  WorkBudget::setCancelFlag(nullptr);
  // The reader is usable again afterwards.
  EXPECT_TRUE(parseRelation("{ [i] : 0 <= i <= 3 }").containsPoint({Int(2)}));
}

TEST(ParserError, RandomMutationsOnlyEverThrowParseError) {
  // Characters and fragments the mutations insert.
  static const char *const kFragments[] = {
      "(",        ")",    "[",    "]",     "{",
      "}",        ",",    ";",    ":",     "->",
      "=",        "<",    ">=",   "<<",    "!=",
      "+",        "-",    "*",    "/",     "//",
      "%",        "?",    "^",    "0",     "1",
      "7",        "i",    "j",    "n",     "e",
      " ",        "and ", " or ", " not ", "exists ",
      "floor(",   "min(", "mod ", "true",  "false",
      "implies ", "#",    "\n",   "@",     "99999999999999999999",
      "2^64",     "'",    "\\",   "\"",
  };
  std::mt19937 rng(20240611);
  const auto &cases = validCases();
  unsigned parsed = 0, rejected = 0;
  for (int iter = 0; iter < 4000; ++iter) {
    std::string s = cases[rng() % cases.size()].text;
    int mutations = 1 + int(rng() % 3);
    for (int m = 0; m < mutations; ++m) {
      size_t pos = s.empty() ? 0 : rng() % (s.size() + 1);
      switch (rng() % 5) {
      case 0: // Delete a short range.
        if (!s.empty()) {
          size_t at = rng() % s.size();
          s.erase(at, 1 + rng() % 4);
        }
        break;
      case 1: // Insert a fragment.
        s.insert(pos, kFragments[rng() % std::size(kFragments)]);
        break;
      case 2: // Duplicate a substring.
        if (!s.empty()) {
          size_t at = rng() % s.size();
          std::string part = s.substr(at, 1 + rng() % 8);
          s.insert(pos, part);
        }
        break;
      case 3: { // Replace one character (NUL included).
        static const std::string alphabet("()[]{}<>=:;,+-*/%ijne019 \0", 26);
        if (!s.empty())
          s[rng() % s.size()] = alphabet[rng() % alphabet.size()];
        break;
      }
      default: // Swap two characters.
        if (s.size() > 1)
          std::swap(s[rng() % s.size()], s[rng() % s.size()]);
        break;
      }
    }
    UnionRelation u;
    try {
      // A stop of this small budget is the test's own: the reader lets it
      // through as LimitExceeded (nullopt here), not as a ParseError.
      std::optional<UnionRelation> read =
          WorkBudget::attempt(2'000'000, [&] { return parseUnion(s); });
      if (!read) {
        ++rejected;
        continue;
      }
      u = std::move(*read);
      ++parsed;
    } catch (const ParseError &) {
      ++rejected;
      continue;
    } catch (const std::exception &e) {
      ADD_FAILURE() << "input <" << s << "> threw " << e.what();
      continue;
    }
    // Whatever parses also prints, and the printed text reads back (or is
    // only too large for the small budget of this test).
    std::string printed = printUnionRelation(u);
    try {
      WorkBudget::attempt(2'000'000, [&] { return parseUnion(printed); });
    } catch (const ParseError &e) {
      if (e.message().find("too complex") == std::string::npos)
        ADD_FAILURE() << "printed <" << printed << "> of <" << s
                      << "> does not read back: " << e.what();
    } catch (const std::exception &e) {
      ADD_FAILURE() << "printed <" << printed << "> threw " << e.what();
    }
  }
  // The mutations must exercise both outcomes.
  EXPECT_GT(parsed, 100u);
  EXPECT_GT(rejected, 1000u);
}

TEST(ParserError, FuzzCorpusKeepsTheFuzzerProperty) {
  // The parser fuzzer's seeds and regressions (tests/fuzz/corpus/parser),
  // with its property and budget: each input parses and prints to a text
  // that reads back to an equal object, or throws ParseError (or runs out
  // of the small budget, where the equality test is too costly).
  std::filesystem::path dir =
      std::filesystem::path(PRESBURGER_SOURCE_DIR) / "tests/fuzz/corpus/parser";
  unsigned files = 0, roundTrips = 0;
  for (const auto &entry : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)),
                     std::istreambuf_iterator<char>());
    SCOPED_TRACE(entry.path().filename().string());
    ++files;
    WorkBudget::Scope budget(2'000'000);
    try {
      UnionRelation u = parseUnion(text);
      UnionRelation back = parseUnion(u.toString());
      EXPECT_TRUE(back.isEqual(u)) << u.toString();
      ++roundTrips;
    } catch (const ParseError &) {
    } catch (const LimitExceeded &) {
    }
  }
  EXPECT_GE(files, 9u);
  EXPECT_GE(roundTrips, 7u);
}
