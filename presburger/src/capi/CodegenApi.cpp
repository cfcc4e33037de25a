//===- CodegenApi.cpp - The C API of AST generation -----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// presburger_codegen: buildAst (AstBuild.h) and printC (AstPrinter.h) inside
// the exception barrier (guarded, Handles.h), the schedule and the context
// borrowed.
//
//===----------------------------------------------------------------------===//
#include "capi/Handles.h"

#include "presburger/AstBuild.h"
#include "presburger/AstPrinter.h"

using namespace presburger;
using namespace presburger::capi;

void presburger_codegen_options_init(presburger_codegen_options *options) {
  if (!options)
    return;
  AstBuildOptions d;
  options->separate = d.separate ? 1 : 0;
  options->max_separated = d.maxSeparated;
  options->unroll_limit = d.unrollLimit;
  options->iterator_prefix = nullptr;
}

char *presburger_codegen(const presburger_union_relation *schedule,
                         const presburger_relation *context,
                         const presburger_codegen_options *options,
                         presburger_error *error) {
  uint64_t units =
      budgetOf(schedule ? schedule->budget : 0, context ? context->budget : 0);
  return guarded(error, units, (char *)nullptr, [&] {
    const UnionRelation &s = valueOf(schedule);
    AstBuildOptions o;
    if (options) {
      o.separate = options->separate != 0;
      o.maxSeparated = options->max_separated;
      o.unrollLimit = options->unroll_limit;
      if (options->iterator_prefix && *options->iterator_prefix)
        o.iteratorPrefix = options->iterator_prefix;
    }
    std::optional<Relation> c;
    if (context)
      c = context->value;
    return copyString(printC(buildAst(s, c, o)));
  });
}
