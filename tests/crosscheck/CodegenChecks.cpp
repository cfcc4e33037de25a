//===- CodegenChecks.cpp - AST generation against isl's -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CodegenChecks.h"

#include "AstInterpreter.h"
#include "IslAstCounts.h"
#include "RandomSchedules.h"

#include "presburger/AstBuild.h"
#include "presburger/AstPrinter.h"
#include "presburger/Dataflow.h"
#include "presburger/Errors.h"
#include "presburger/Parser.h"
#include "presburger/PwMultiAff.h"

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <stdexcept>

using namespace presburger;

namespace crosscheck {

namespace {

/// A random boxed set scanned in a random order: identity, interchange or
/// skew of its first two dimensions.
std::string randomScan(RandomSets &r) {
  std::vector<std::string> params = r.randomParams();
  TupleShape t = r.randomTuple(2, false);
  // Small sets, as loop nests have: few constraints, few divisions (the
  // generator's divisions of parameters and dimensions together make
  // hard sets that compilers do not scan).
  GenOptions o;
  o.box = r.between(2, 5);
  o.maxDisjuncts = 2;
  o.maxConstraints = 3;
  o.existsPercent = 0;
  o.stridePercent = 10;
  UnionRelation set = parseUnion(r.set(params, t, o));
  if (set.isEmptyUnion())
    return "{ S[i] -> [i] : 0 <= i <= 2 }";
  Relation s = set.pieces().front();
  unsigned k = s.numRange();
  std::string vars, time;
  for (unsigned d = 0; d < k; ++d)
    vars += (d ? ", " : "") + std::string("x") + std::to_string(d);
  std::vector<std::string> tv;
  for (unsigned d = 0; d < k; ++d)
    tv.push_back("x" + std::to_string(d));
  unsigned shape = r.below(3);
  if (k >= 2 && shape == 1)
    std::swap(tv[0], tv[1]);
  if (k >= 2 && shape == 2)
    tv[0] = "x0 + x1";
  for (size_t d = 0; d < tv.size(); ++d)
    time += (d ? ", " : "") + tv[d];
  std::string prefix;
  if (!params.empty()) {
    prefix = "[";
    for (size_t p = 0; p < params.size(); ++p)
      prefix += (p ? ", " : "") + params[p];
    prefix += "] -> ";
  }
  Relation map = parseRelation(prefix + "{ S[" + vars + "] -> [" + time + "] }")
                     .intersectDomain(s.setTupleName(VarKind::Range, "S"));
  return map.toString();
}

using astrun::Instance;

/// Runs isl's AST (through its accessors) for given parameter values.
class IslRunner {
public:
  explicit IslRunner(std::map<std::string, int64_t> env)
      : env_(std::move(env)) {}

  std::vector<Instance> run(isl_ast_node *n) {
    out_.clear();
    exec(n);
    return out_;
  }

private:
  static std::string idName(isl_id *id) {
    std::string s = isl_id_get_name(id);
    isl_id_free(id);
    return s;
  }

  int64_t arg(isl_ast_expr *e, int i) {
    isl_ast_expr *a = isl_ast_expr_op_get_arg(e, i);
    int64_t v = eval(a);
    isl_ast_expr_free(a);
    return v;
  }

  int64_t eval(isl_ast_expr *e) {
    switch (isl_ast_expr_get_type(e)) {
    case isl_ast_expr_int: {
      isl_val *v = isl_ast_expr_get_val(e);
      int64_t x = isl_val_get_num_si(v);
      isl_val_free(v);
      return x;
    }
    case isl_ast_expr_id: {
      std::string name = idName(isl_ast_expr_get_id(e));
      auto it = env_.find(name);
      if (it == env_.end())
        throw std::runtime_error("isl AST: unknown name " + name);
      return it->second;
    }
    case isl_ast_expr_op:
      break;
    default:
      throw std::runtime_error("isl AST: bad expression");
    }
    int n = isl_ast_expr_op_get_n_arg(e);
    auto floorDiv = [](int64_t a, int64_t b) {
      int64_t q = a / b;
      return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
    };
    switch (isl_ast_expr_op_get_type(e)) {
    case isl_ast_expr_op_and:
    case isl_ast_expr_op_and_then:
      return arg(e, 0) && arg(e, 1);
    case isl_ast_expr_op_or:
    case isl_ast_expr_op_or_else:
      return arg(e, 0) || arg(e, 1);
    case isl_ast_expr_op_max:
    case isl_ast_expr_op_min: {
      bool max = isl_ast_expr_op_get_type(e) == isl_ast_expr_op_max;
      int64_t v = arg(e, 0);
      for (int i = 1; i < n; ++i)
        v = max ? std::max(v, arg(e, i)) : std::min(v, arg(e, i));
      return v;
    }
    case isl_ast_expr_op_minus:
      return -arg(e, 0);
    case isl_ast_expr_op_add:
      return arg(e, 0) + arg(e, 1);
    case isl_ast_expr_op_sub:
      return arg(e, 0) - arg(e, 1);
    case isl_ast_expr_op_mul:
      return arg(e, 0) * arg(e, 1);
    case isl_ast_expr_op_div:
    case isl_ast_expr_op_fdiv_q:
    case isl_ast_expr_op_pdiv_q:
      return floorDiv(arg(e, 0), arg(e, 1));
    case isl_ast_expr_op_pdiv_r:
    case isl_ast_expr_op_zdiv_r:
      return arg(e, 0) % arg(e, 1);
    case isl_ast_expr_op_cond:
    case isl_ast_expr_op_select:
      return arg(e, 0) ? arg(e, 1) : arg(e, 2);
    case isl_ast_expr_op_eq:
      return arg(e, 0) == arg(e, 1);
    case isl_ast_expr_op_le:
      return arg(e, 0) <= arg(e, 1);
    case isl_ast_expr_op_lt:
      return arg(e, 0) < arg(e, 1);
    case isl_ast_expr_op_ge:
      return arg(e, 0) >= arg(e, 1);
    case isl_ast_expr_op_gt:
      return arg(e, 0) > arg(e, 1);
    default:
      throw std::runtime_error("isl AST: unexpected operation");
    }
  }

  void exec(isl_ast_node *n) {
    switch (isl_ast_node_get_type(n)) {
    case isl_ast_node_block: {
      isl_ast_node_list *list = isl_ast_node_block_get_children(n);
      int k = isl_ast_node_list_n_ast_node(list);
      for (int i = 0; i < k; ++i) {
        isl_ast_node *c = isl_ast_node_list_get_ast_node(list, i);
        exec(c);
        isl_ast_node_free(c);
      }
      isl_ast_node_list_free(list);
      return;
    }
    case isl_ast_node_mark: {
      isl_ast_node *c = isl_ast_node_mark_get_node(n);
      exec(c);
      isl_ast_node_free(c);
      return;
    }
    case isl_ast_node_user: {
      isl_ast_expr *call = isl_ast_node_user_get_expr(n);
      isl_ast_expr *f = isl_ast_expr_op_get_arg(call, 0);
      Instance inst{idName(isl_ast_expr_get_id(f)), {}};
      isl_ast_expr_free(f);
      int k = isl_ast_expr_op_get_n_arg(call);
      for (int i = 1; i < k; ++i)
        inst.coords.push_back(arg(call, i));
      isl_ast_expr_free(call);
      out_.push_back(std::move(inst));
      return;
    }
    case isl_ast_node_if: {
      isl_ast_expr *c = isl_ast_node_if_get_cond(n);
      bool holds = eval(c);
      isl_ast_expr_free(c);
      isl_ast_node *b = nullptr;
      if (holds)
        b = isl_ast_node_if_get_then_node(n);
      else if (isl_ast_node_if_has_else_node(n) == isl_bool_true)
        b = isl_ast_node_if_get_else_node(n);
      if (b) {
        exec(b);
        isl_ast_node_free(b);
      }
      return;
    }
    case isl_ast_node_for: {
      isl_ast_expr *it = isl_ast_node_for_get_iterator(n);
      std::string name = idName(isl_ast_expr_get_id(it));
      isl_ast_expr_free(it);
      isl_ast_expr *init = isl_ast_node_for_get_init(n);
      int64_t v = eval(init);
      isl_ast_expr_free(init);
      isl_ast_node *body = isl_ast_node_for_get_body(n);
      if (isl_ast_node_for_is_degenerate(n) == isl_bool_true) {
        env_[name] = v;
        exec(body);
      } else {
        isl_ast_expr *cond = isl_ast_node_for_get_cond(n);
        isl_ast_expr *inc = isl_ast_node_for_get_inc(n);
        int64_t step = eval(inc);
        for (env_[name] = v; eval(cond); env_[name] += step) {
          if (++steps_ > 2000000)
            throw std::runtime_error("isl AST: too many iterations");
          exec(body);
        }
        isl_ast_expr_free(cond);
        isl_ast_expr_free(inc);
      }
      env_.erase(name);
      isl_ast_node_free(body);
      return;
    }
    default:
      throw std::runtime_error("isl AST: unexpected node");
    }
  }

  std::map<std::string, int64_t> env_;
  std::vector<Instance> out_;
  size_t steps_ = 0;
};

/// What is wrong with `run` as a scan in time order: an instance outside
/// the schedule, one run twice, a time that decreases.
std::string checkOrder(const std::vector<Instance> &run,
                       const std::vector<PwMultiAff> &times,
                       const std::vector<std::string> &names, unsigned depth,
                       const Point &params) {
  std::map<Instance, int> seen;
  std::vector<int64_t> last;
  for (const Instance &i : run) {
    std::optional<std::vector<Int>> t;
    for (size_t s = 0; s < times.size() && !t; ++s)
      if (names[s] == i.name &&
          times[s].domainSpace().numRange() == i.coords.size()) {
        Point p = params;
        for (int64_t c : i.coords)
          p.push_back(c);
        t = times[s].eval(p);
      }
    if (!t)
      return "ran " + astrun::toString(i) + ", which is not scheduled";
    std::vector<int64_t> time;
    for (const Int &v : *t)
      time.push_back(*v.toInt64());
    time.resize(depth, 0);
    if (++seen[i] > 1)
      return "ran " + astrun::toString(i) + " twice";
    if (time < last)
      return "ran " + astrun::toString(i) + " after a later time";
    last = time;
  }
  return "";
}

} // namespace

std::vector<std::string> codegenInputs(RandomSets &r) {
  if (r.percent(40))
    return {randomScan(r)};
  return {schedules::randomSchedule(
      [&](int lo, int hi) { return r.between(lo, hi); }, 1 + r.below(3))};
}

CodegenCheck checkCodegen(const UnionRelation &ours, const IslObject &theirs,
                          const IslContext &ctx) {
  CodegenCheck out;
  AstNode ast = buildAst(ours);
  AstCounts counts = countAst(ast);
  out.ourLoops = counts.loops;
  out.ourIfs = counts.ifs;
  out.ourLines = counts.lines;
  // isl takes the times as they are; the padded schedule is the same order
  // for both.
  (void)theirs;
  std::optional<IslObject> padded =
      IslObject::parse(ctx, padSchedule(ours).toString(), true);
  if (!padded) {
    out.detail = "isl does not read the padded schedule";
    return out;
  }
  isl_union_map *m = padded->copyMap();
  isl_set *context = isl_set_universe(isl_union_map_get_space(m));
  isl_ast_build *build = isl_ast_build_from_context(context);
  isl_ast_node *tree = isl_ast_build_node_from_schedule_map(build, m);
  isl_ast_build_free(build);
  if (!tree) {
    out.detail = "isl built no AST";
    return out;
  }
  IslAstCounts islCounts = countIslAst(tree);
  out.islLoops = islCounts.loops;
  out.islIfs = islCounts.ifs;
  out.islLines = islCounts.lines;
  std::vector<PwMultiAff> times;
  std::vector<std::string> names;
  unsigned depth = 0;
  for (const Relation &p : ours.pieces()) {
    times.push_back(PwMultiAff::fromRelation(p));
    const Tuple &t = p.space().domainTuple();
    names.push_back(t.hasName() ? t.name() : "S");
    depth = std::max(depth, p.numRange());
  }
  const std::vector<std::string> &params = ours.paramNames();
  const int64_t values[] = {-1, 0, 2, 5};
  std::vector<size_t> at(params.size(), 0);
  for (;;) {
    std::map<std::string, int64_t> env;
    Point point;
    std::string where;
    for (size_t p = 0; p < params.size(); ++p) {
      env[params[p]] = values[at[p]];
      point.push_back(values[at[p]]);
      where += " " + params[p] + "=" + std::to_string(values[at[p]]);
    }
    try {
      std::vector<Instance> a = astrun::Interpreter(env).run(ast);
      std::vector<Instance> b = IslRunner(env).run(tree);
      std::string problem = checkOrder(a, times, names, depth, point);
      if (problem.empty())
        problem =
            checkOrder(b, times, names, depth, point).empty()
                ? ""
                : "(isl's code: " + checkOrder(b, times, names, depth, point) +
                      ")";
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      if (problem.empty() && a != b)
        problem = "ours runs " + std::to_string(a.size()) +
                  " instances, isl's " + std::to_string(b.size());
      if (!problem.empty()) {
        out.detail = "at" + where + ": " + problem + "\n" + printC(ast);
        break;
      }
    } catch (const Error &) {
      throw; // the engine's (a budget, say): the case's outcome
    } catch (const std::runtime_error &e) {
      out.detail = "at" + where + ": " + e.what();
      break;
    }
    size_t k = 0;
    while (k < at.size() && at[k] + 1 == std::size(values))
      at[k++] = 0;
    if (k == at.size())
      break;
    ++at[k];
  }
  isl_ast_node_free(tree);
  return out;
}

} // namespace crosscheck
