//===- IslAstCounts.h - The size of isl's generated code --------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What an isl AST holds, counted as presburger::countAst (AstPrinter.h)
// counts ours, for the quality figures of the cross-check and of
// bench-codegen: for loops (a degenerate loop, which runs once, is no
// loop: ours writes none), ifs, and the lines of isl's C text. Needs isl.
//
//===----------------------------------------------------------------------===//
#ifndef TESTS_SUPPORT_ISLASTCOUNTS_H
#define TESTS_SUPPORT_ISLASTCOUNTS_H

#include <isl/ast.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace crosscheck {

struct IslAstCounts {
  unsigned loops = 0, ifs = 0, lines = 0;
};

/// Adds the loops and ifs of `n` to `c`. O(size of the tree).
inline void countIslNodes(isl_ast_node *n, IslAstCounts &c) {
  switch (isl_ast_node_get_type(n)) {
  case isl_ast_node_block: {
    isl_ast_node_list *list = isl_ast_node_block_get_children(n);
    for (int i = 0; i < isl_ast_node_list_n_ast_node(list); ++i) {
      isl_ast_node *k = isl_ast_node_list_get_ast_node(list, i);
      countIslNodes(k, c);
      isl_ast_node_free(k);
    }
    isl_ast_node_list_free(list);
    return;
  }
  case isl_ast_node_for: {
    c.loops += isl_ast_node_for_is_degenerate(n) != isl_bool_true;
    isl_ast_node *b = isl_ast_node_for_get_body(n);
    countIslNodes(b, c);
    isl_ast_node_free(b);
    return;
  }
  case isl_ast_node_if: {
    ++c.ifs;
    isl_ast_node *t = isl_ast_node_if_get_then_node(n);
    countIslNodes(t, c);
    isl_ast_node_free(t);
    if (isl_ast_node_if_has_else_node(n) == isl_bool_true) {
      isl_ast_node *e = isl_ast_node_if_get_else_node(n);
      countIslNodes(e, c);
      isl_ast_node_free(e);
    }
    return;
  }
  case isl_ast_node_mark: {
    isl_ast_node *k = isl_ast_node_mark_get_node(n);
    countIslNodes(k, c);
    isl_ast_node_free(k);
    return;
  }
  default:
    return;
  }
}

/// The loops, ifs and C lines of `tree` (kept). O(size of the tree).
inline IslAstCounts countIslAst(isl_ast_node *tree) {
  IslAstCounts c;
  countIslNodes(tree, c);
  char *text = isl_ast_node_to_C_str(tree);
  c.lines = unsigned(std::count(text, text + std::strlen(text), '\n'));
  std::free(text);
  return c;
}

} // namespace crosscheck

#endif // TESTS_SUPPORT_ISLASTCOUNTS_H
