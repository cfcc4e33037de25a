//===- Codegen.cpp - AstNode, AstExpr and the AST generator ---------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// islpy's AstNode and AstExpr as read-only views of the code buildAst
// (presburger/AstBuild.h) writes, and `_build_ast`, the generator behind
// the Python AstBuild and codegen (python/presburger/_codegen.py, which
// adds the enum types, Val, Id and the node lists on top).
//
// A view holds a shared reference to what it points into (the whole tree,
// or an expression made for the view), so a child outlives its parent
// object. The views show our AST as isl's accessors show isl's:
//  - a for loop's condition is `iterator <= upper`, its increment the step,
//    its iterator an id expression;
//  - a statement is a call expression: argument 0 the statement's name as
//    an id, then its coordinates;
//  - && and || are binary (ours take two or more operands: a && b && c is
//    shown as (a && b) && c); min and max take two or more, as isl's;
//  - floor division is fdiv_q, exact division div, the remainder of
//    nonnegative operands pdiv_r.
//
//===----------------------------------------------------------------------===//
#include "Common.h"

#include "presburger/Ast.h"
#include "presburger/AstBuild.h"
#include "presburger/AstPrinter.h"

#include <memory>

namespace pyisl {
namespace {

using presburger::AstExpr;
using presburger::AstNode;
using presburger::InvalidArgument;

// isl's enum values (isl/ast_type.h), which islpy exposes.
enum IslNodeType { kFor = 1, kIf = 2, kBlock = 3, kUser = 5 };
enum IslExprType { kOp = 0, kId = 1, kInt = 2 };
enum IslOpType {
  kAnd = 0,
  kOr = 2,
  kMax = 4,
  kMin = 5,
  kMinus = 6,
  kAdd = 7,
  kSub = 8,
  kMul = 9,
  kDiv = 10,
  kFdivQ = 11,
  kPdivR = 13,
  kEq = 17,
  kLe = 18,
  kLt = 19,
  kGe = 20,
  kGt = 21,
  kCall = 22
};

struct PyAstExpr {
  std::shared_ptr<const void> keep;
  /// The expression, or null for the call expression of `call`.
  const AstExpr *e = nullptr;
  /// A user node whose call expression this is (when e is null).
  const AstNode *call = nullptr;
};

struct PyAstNode {
  std::shared_ptr<const void> keep;
  const AstNode *n = nullptr;
};

/// A view of an expression made for the view (owned by it).
PyAstExpr owned(AstExpr e) {
  auto p = std::make_shared<const AstExpr>(std::move(e));
  return PyAstExpr{p, p.get(), nullptr};
}

/// An operation node as is, without AstExpr::op's folding.
AstExpr rawOp(AstExpr::Kind k, std::vector<AstExpr> args) {
  AstExpr e;
  e.kind = k;
  e.args = std::move(args);
  return e;
}

const char *nodeKindName(AstNode::Kind k) {
  switch (k) {
  case AstNode::Kind::Block:
    return "a block";
  case AstNode::Kind::For:
    return "a for loop";
  case AstNode::Kind::If:
    return "an if";
  case AstNode::Kind::User:
    return "a user statement";
  }
  return "a node";
}

void expectNode(const PyAstNode &v, AstNode::Kind k, const char *method) {
  if (v.n->kind != k)
    throw InvalidArgument(std::string("AstNode.") + method + ": the node is " +
                          nodeKindName(v.n->kind) + ", not " + nodeKindName(k));
}

PyAstNode child(const PyAstNode &v, const std::vector<AstNode> &nodes) {
  if (nodes.empty()) { // a branch without code: the empty block
    auto p = std::make_shared<const AstNode>(AstNode::block({}));
    return PyAstNode{p, p.get()};
  }
  return PyAstNode{v.keep, &nodes.front()};
}

PyAstExpr exprIn(const PyAstNode &v, const AstExpr &e) {
  return PyAstExpr{v.keep, &e, nullptr};
}

int exprType(const PyAstExpr &x) {
  if (!x.e)
    return kOp;
  if (x.e->kind == AstExpr::Kind::Int)
    return kInt;
  if (x.e->kind == AstExpr::Kind::Id)
    return kId;
  return kOp;
}

void expectOp(const PyAstExpr &x, const char *method) {
  if (exprType(x) != kOp)
    throw InvalidArgument(std::string("AstExpr.") + method + ": " +
                          (exprType(x) == kInt ? "an integer" : "a name") +
                          " is not an operation");
}

int opType(const PyAstExpr &x) {
  expectOp(x, "get_op_type");
  if (!x.e)
    return kCall;
  switch (x.e->kind) {
  case AstExpr::Kind::Add:
    return kAdd;
  case AstExpr::Kind::Sub:
    return kSub;
  case AstExpr::Kind::Mul:
    return kMul;
  case AstExpr::Kind::Neg:
    return kMinus;
  case AstExpr::Kind::FloorDiv:
    return kFdivQ;
  case AstExpr::Kind::Div:
    return kDiv;
  case AstExpr::Kind::Mod:
    return kPdivR;
  case AstExpr::Kind::Min:
    return kMin;
  case AstExpr::Kind::Max:
    return kMax;
  case AstExpr::Kind::Lt:
    return kLt;
  case AstExpr::Kind::Le:
    return kLe;
  case AstExpr::Kind::Eq:
    return kEq;
  case AstExpr::Kind::Ge:
    return kGe;
  case AstExpr::Kind::Gt:
    return kGt;
  case AstExpr::Kind::And:
    return kAnd;
  case AstExpr::Kind::Or:
    return kOr;
  default:
    break;
  }
  throw presburger::Error("AstExpr: an expression of unknown kind");
}

bool isAndOr(const AstExpr &e) {
  return e.kind == AstExpr::Kind::And || e.kind == AstExpr::Kind::Or;
}

size_t numArgs(const PyAstExpr &x) {
  expectOp(x, "get_op_n_arg");
  if (!x.e)
    return 1 + x.call->args.size();
  if (isAndOr(*x.e) && x.e->args.size() > 2)
    return 2;
  return x.e->args.size();
}

PyAstExpr arg(const PyAstExpr &x, int64_t i) {
  size_t n = numArgs(x);
  if (i < 0 || uint64_t(i) >= n)
    throw InvalidArgument("AstExpr.get_op_arg: argument " + std::to_string(i) +
                          " of an operation of " + std::to_string(n));
  if (!x.e) {
    if (i == 0)
      return owned(AstExpr::id(x.call->name));
    return PyAstExpr{x.keep, &x.call->args[size_t(i) - 1], nullptr};
  }
  if (isAndOr(*x.e) && x.e->args.size() > 2 && i == 0)
    return owned(rawOp(x.e->kind, std::vector<AstExpr>(x.e->args.begin(),
                                                       x.e->args.end() - 1)));
  if (isAndOr(*x.e) && x.e->args.size() > 2)
    return PyAstExpr{x.keep, &x.e->args.back(), nullptr};
  return PyAstExpr{x.keep, &x.e->args[size_t(i)], nullptr};
}

std::string exprText(const PyAstExpr &x) {
  if (x.e)
    return presburger::printC(*x.e);
  // printC of a statement is "NAME(ARGS);\n": the call without ";\n".
  std::string s = presburger::printC(*x.call);
  return s.substr(0, s.size() - 2);
}

/// The expression as our AST value (the call as the user node's name and
/// arguments), for equality and hashing.
bool sameExpr(const PyAstExpr &a, const PyAstExpr &b) {
  if (!a.e || !b.e)
    return !a.e && !b.e && a.call->name == b.call->name &&
           a.call->args == b.call->args;
  return *a.e == *b.e;
}

} // namespace

void bindCodegen(py::module_ &m) {
  py::class_<PyAstExpr> expr(
      m, "AstExpr",
      "islpy's AstExpr: an expression of generated code (an integer, a "
      "name, or an operation on expressions); read-only.");
  expr.def(
          "_type", [](const PyAstExpr &x) { return exprType(x); },
          "isl's ast_expr_type value.")
      .def(
          "_op_type", [](const PyAstExpr &x) { return opType(x); },
          "isl's ast_expr_op_type value; InvalidArgument for an integer or "
          "a name.")
      .def(
          "get_op_n_arg", [](const PyAstExpr &x) { return numArgs(x); },
          "The number of arguments of the operation (&& and || have two). "
          "O(1).")
      .def(
          "get_op_arg", [](const PyAstExpr &x, int64_t i) { return arg(x, i); },
          py::arg("pos"),
          "Argument `pos` of the operation; InvalidArgument past the end. "
          "O(1), except argument 0 of an && or || of more than two "
          "operands: O(size).")
      .def(
          "_id_name",
          [](const PyAstExpr &x) {
            if (exprType(x) != kId)
              throw InvalidArgument("AstExpr.get_id: the expression is not a "
                                    "name");
            return x.e->name;
          },
          "The name of an id expression.")
      .def(
          "_int_value",
          [](const PyAstExpr &x) {
            if (exprType(x) != kInt)
              throw InvalidArgument("AstExpr.get_val: the expression is not "
                                    "an integer");
            return x.e->value;
          },
          "The value of an integer expression.")
      .def("to_C_str", &exprText,
           "The expression in C, as isl's printer writes it. O(size).")
      .def("__str__", &exprText)
      .def("__repr__",
           [](const PyAstExpr &x) {
             return "<presburger.AstExpr " + exprText(x) + ">";
           })
      .def("is_equal", &sameExpr, py::arg("other"),
           "Whether the expressions are the same (structurally). O(size).")
      .def("__eq__",
           [](const PyAstExpr &a, py::object b) {
             return py::isinstance<PyAstExpr>(b) &&
                    sameExpr(a, b.cast<const PyAstExpr &>());
           })
      .def("__hash__", [](const PyAstExpr &x) {
        return std::hash<std::string>()(exprText(x));
      });

  py::class_<PyAstNode> node(
      m, "AstNode",
      "islpy's AstNode: a block, for loop, if or user statement of "
      "generated code; read-only.");
  node.def(
          "_type",
          [](const PyAstNode &v) {
            switch (v.n->kind) {
            case AstNode::Kind::For:
              return int(kFor);
            case AstNode::Kind::If:
              return int(kIf);
            case AstNode::Kind::Block:
              return int(kBlock);
            case AstNode::Kind::User:
              return int(kUser);
            }
            return -1;
          },
          "isl's ast_node_type value.")
      .def(
          "for_get_iterator",
          [](const PyAstNode &v) {
            expectNode(v, AstNode::Kind::For, "for_get_iterator");
            return owned(AstExpr::id(v.n->iterator));
          },
          "The loop's iterator, an id expression. O(1).")
      .def(
          "for_get_init",
          [](const PyAstNode &v) {
            expectNode(v, AstNode::Kind::For, "for_get_init");
            return exprIn(v, v.n->lower);
          },
          "The iterator's first value. O(1).")
      .def(
          "for_get_cond",
          [](const PyAstNode &v) {
            expectNode(v, AstNode::Kind::For, "for_get_cond");
            return owned(rawOp(AstExpr::Kind::Le,
                               {AstExpr::id(v.n->iterator), v.n->upper}));
          },
          "The loop's condition, `iterator <= upper`. O(size of upper).")
      .def(
          "for_get_inc",
          [](const PyAstNode &v) {
            expectNode(v, AstNode::Kind::For, "for_get_inc");
            return owned(AstExpr::integer(v.n->step));
          },
          "The step, an integer expression (positive). O(1).")
      .def(
          "for_get_body",
          [](const PyAstNode &v) {
            expectNode(v, AstNode::Kind::For, "for_get_body");
            return child(v, v.n->body);
          },
          "The loop's body. O(1).")
      .def(
          "for_is_degenerate",
          [](const PyAstNode &v) {
            expectNode(v, AstNode::Kind::For, "for_is_degenerate");
            return v.n->lower == v.n->upper;
          },
          "Whether the loop visibly runs once (its first and last values "
          "are the same expression). The generator writes no such loop. "
          "O(size).")
      .def(
          "if_get_cond",
          [](const PyAstNode &v) {
            expectNode(v, AstNode::Kind::If, "if_get_cond");
            return exprIn(v, v.n->cond);
          },
          "The condition of the if. O(1).")
      .def(
          "if_get_then_node",
          [](const PyAstNode &v) {
            expectNode(v, AstNode::Kind::If, "if_get_then_node");
            return child(v, v.n->body);
          },
          "The then branch. O(1).")
      .def(
          "if_has_else_node",
          [](const PyAstNode &v) {
            expectNode(v, AstNode::Kind::If, "if_has_else_node");
            return !v.n->elseBody.empty();
          },
          "Whether the if has an else branch. O(1).")
      .def(
          "if_get_else_node",
          [](const PyAstNode &v) {
            expectNode(v, AstNode::Kind::If, "if_get_else_node");
            if (v.n->elseBody.empty())
              throw InvalidArgument("AstNode.if_get_else_node: the if has no "
                                    "else branch");
            return child(v, v.n->elseBody);
          },
          "The else branch; InvalidArgument when there is none. O(1).")
      .def(
          "_block_children",
          [](const PyAstNode &v) {
            expectNode(v, AstNode::Kind::Block, "block_get_children");
            std::vector<PyAstNode> out;
            for (const AstNode &c : v.n->body)
              out.push_back(PyAstNode{v.keep, &c});
            return out;
          },
          "The nodes of a block, in order.")
      .def(
          "user_get_expr",
          [](const PyAstNode &v) {
            expectNode(v, AstNode::Kind::User, "user_get_expr");
            return PyAstExpr{v.keep, nullptr, v.n};
          },
          "The statement as a call expression: argument 0 the statement's "
          "name (an id), then the instance's coordinates. O(1).")
      .def(
          "to_C_str",
          [](const PyAstNode &v) { return presburger::printC(*v.n); },
          "The code in C, as the calculator's `codegen` prints it (lines "
          "ending in a newline; the empty block is ''). O(size).")
      .def("__str__",
           [](const PyAstNode &v) { return presburger::printC(*v.n); })
      .def("__repr__",
           [](const PyAstNode &v) {
             return std::string("<presburger.AstNode: ") +
                    nodeKindName(v.n->kind) + ">";
           })
      .def(
          "_counts",
          [](const PyAstNode &v) {
            presburger::AstCounts c = presburger::countAst(*v.n);
            return py::make_tuple(c.loops, c.ifs, c.users, c.lines);
          },
          "(loops, ifs, statements, lines) of the code.");

  m.def(
      "_build_ast",
      [](const PyUnionMap &schedule, const std::optional<PySet> &context,
         bool separate, unsigned maxSeparated, unsigned unrollLimit,
         const std::string &iteratorPrefix) {
        presburger::AstBuildOptions o;
        o.separate = separate;
        o.maxSeparated = maxSeparated;
        o.unrollLimit = unrollLimit;
        o.iteratorPrefix = iteratorPrefix;
        std::optional<Relation> c;
        if (context)
          c = context->r;
        auto tree = std::make_shared<const AstNode>(
            presburger::buildAst(schedule.u, c, o));
        return PyAstNode{tree, tree.get()};
      },
      py::arg("schedule"), py::arg("context"), py::arg("separate"),
      py::arg("max_separated"), py::arg("unroll_limit"),
      py::arg("iterator_prefix"), Guard(),
      "buildAst (AstBuild.h): the code that scans `schedule` in time order "
      "for the parameter values of `context` (None: all).");
}

} // namespace pyisl
