//===- Session.cpp - Running statements -----------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "pcalc/Session.h"

#include "pcalc/Help.h"
#include "pcalc/Interrupt.h"
#include "pcalc/StatementParser.h"
#include "presburger/WorkBudget.h"

#include <new>

namespace presburger::calc {

Session::Session(std::ostream &out, std::ostream &err, SessionOptions options)
    : out_(out), err_(err), options_(options) {}

void Session::report(const std::string &sourceName, SourcePos pos,
                     const std::string &message) {
  out_.flush();
  err_ << sourceName << ':' << pos.line << ':' << pos.column
       << ": error: " << message << '\n';
  err_.flush();
}

void Session::execute(const Statement &s) {
  if (s.kind == Statement::Kind::Empty)
    return;
  if (s.kind == Statement::Kind::Help) {
    out_ << languageHelp();
    out_.flush();
    return;
  }
  std::optional<WorkBudget::Scope> scope;
  if (options_.budget)
    scope.emplace(*options_.budget);
  Value v = evaluator_.evaluate(*s.expr);
  scope.reset();
  if (s.kind == Statement::Kind::Assign) {
    evaluator_.assign(s.name, std::move(v));
    return;
  }
  // Code that does nothing (codegen of an empty schedule) prints nothing.
  if (!(v.isText() && v.asText().empty()))
    out_ << formatValue(v) << '\n';
  out_.flush();
}

bool Session::run(std::string_view text, const std::string &sourceName,
                  unsigned firstLine) {
  Lexer lexer(text, firstLine);
  StatementParser parser(lexer, [this](const std::string &name) {
    return evaluator_.lookup(name) != nullptr;
  });
  SourcePos statementPos{firstLine, 1};
  for (;;) {
    try {
      statementPos = lexer.peek().pos;
      std::optional<Statement> s = parser.next();
      if (!s)
        return true;
      statementPos = s->pos;
      execute(*s);
    } catch (const CalcError &e) {
      // An engine operation stopped by Ctrl-C reports a cancelled budget.
      report(sourceName, e.pos(),
             interruptRequested() ? "interrupted" : e.message());
      return false;
    } catch (const std::bad_alloc &) {
      report(sourceName, statementPos, "out of memory");
      return false;
    } catch (const std::exception &e) {
      report(sourceName, statementPos,
             std::string("internal error: ") + e.what());
      return false;
    }
  }
}

InputState classifyInput(std::string_view text) {
  Lexer lexer(text);
  bool any = false;
  TokKind last = TokKind::End;
  try {
    for (;;) {
      Token t = lexer.next();
      if (t.kind == TokKind::End)
        break;
      any = true;
      last = t.kind;
    }
  } catch (const CalcError &e) {
    return e.atEndOfInput() ? InputState::Incomplete : InputState::Complete;
  }
  if (!any)
    return InputState::Blank;
  return last == TokKind::Semi ? InputState::Complete : InputState::Incomplete;
}

} // namespace presburger::calc
