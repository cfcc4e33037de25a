//===- Dependence.cpp - May-dependences and schedule legality -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/Dependence.h"

#include "penguin/AllocationMap.h"
#include "penguin/IntegerSetBridge.h"

#include "presburger/Dataflow.h"
#include "presburger/Errors.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace penguin {

using presburger::BasicRelation;
using presburger::Int;
using presburger::LexOrder;
using presburger::Point;
using presburger::Relation;
using presburger::Space;
using presburger::Tuple;
using presburger::UnionRelation;
using presburger::VarKind;

std::string_view toString(DependenceType type) {
  switch (type) {
  case DependenceType::RAW:
    return "RAW";
  case DependenceType::WAR:
    return "WAR";
  case DependenceType::WAW:
    return "WAW";
  }
  return "?";
}

namespace {

[[noreturn]] void unhandled(const Kernel &kernel) {
  throw DependenceError(std::string(kUnhandledIRClassMessage) +
                        " (a statement of kernel '" + kernel.name +
                        "' is neither an instruction, a loop nor a scope)");
}

std::vector<std::string> paramNames(const Kernel &kernel) {
  std::vector<std::string> names;
  for (const Param &p : kernel.params)
    names.push_back(p.name);
  return names;
}

/// Whether `stmt` contains an instruction.
bool hasInstruction(const Stmt &stmt) {
  if (stmt.asInstruction())
    return true;
  const std::vector<Stmt> *body = nullptr;
  if (const Loop *l = stmt.asLoop())
    body = &l->body;
  else if (const Scope *s = stmt.asScope())
    body = &s->body;
  if (!body)
    return false;
  return std::any_of(body->begin(), body->end(), hasInstruction);
}

/// Calls fn(inst, nest) for every instruction of `stmt`; `nest` holds the
/// loops around `stmt`.
template <typename F>
void forEachInstruction(const Kernel &kernel, const Stmt &stmt, LoopNest &nest,
                        F &&fn);

template <typename F>
void forEachInstructionInLoop(const Kernel &kernel, const Loop &loop,
                              LoopNest &nest, F &&fn) {
  nest.push_back(&loop);
  for (const Stmt &s : loop.body)
    forEachInstruction(kernel, s, nest, fn);
  nest.pop_back();
}

template <typename F>
void forEachInstruction(const Kernel &kernel, const Stmt &stmt, LoopNest &nest,
                        F &&fn) {
  if (const Instruction *i = stmt.asInstruction()) {
    fn(*i, nest);
  } else if (const Loop *l = stmt.asLoop()) {
    forEachInstructionInLoop(kernel, *l, nest, fn);
  } else if (const Scope *sc = stmt.asScope()) {
    for (const Stmt &s : sc->body)
      forEachInstruction(kernel, s, nest, fn);
  } else {
    unhandled(kernel);
  }
}

std::string joinNames(const std::set<std::string> &names) {
  std::string out;
  for (const std::string &n : names)
    out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::string pointText(const std::vector<Int> &values, size_t begin, size_t n) {
  std::string out = "[";
  for (size_t k = 0; k < n; ++k)
    out += (k ? ", " : "") + values[begin + k].toString();
  return out + "]";
}

/// The time `sched` gives to `instance` at the parameter values `params`
/// (named `paramNames`), or "?".
std::string timeOf(const Relation &sched,
                   const std::vector<std::string> &paramNames,
                   const std::vector<Int> &params,
                   const std::vector<Int> &instance) {
  // { instance } as a set in sched's domain space.
  Space ds = Space::set(paramNames, sched.space().domainTuple());
  BasicRelation pt(ds);
  for (unsigned k = 0; k < instance.size(); ++k) {
    std::vector<Int> row(pt.numCols());
    row[pt.offset(VarKind::Range) + k] = Int(1);
    row.back() = -instance[k];
    pt.addEquality(row);
  }
  for (unsigned k = 0; k < params.size(); ++k) {
    std::vector<Int> row(pt.numCols());
    row[pt.offset(VarKind::Param) + k] = Int(1);
    row.back() = -params[k];
    pt.addEquality(row);
  }
  Relation img = Relation(std::move(pt)).apply(sched);
  std::optional<Point> p = img.samplePoint();
  if (!p)
    return "?";
  return pointText(*p, params.size(), img.numRange());
}

} // namespace

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

std::string_view toString(DependenceMode mode) {
  return mode == DependenceMode::Exact ? "exact" : "may";
}

DependenceAnalysis::DependenceAnalysis(const Kernel &kernel,
                                       DependenceMode mode)
    : kernel_(kernel), mode_(mode) {
  LoopNest nest;
  collect(kernel.body, nest);
}

void DependenceAnalysis::collect(const std::vector<Stmt> &body,
                                 LoopNest &nest) {
  for (const Stmt &s : body) {
    if (const Instruction *i = s.asInstruction()) {
      if (insts_.count(i->id))
        throw DependenceError(
            "kernel '" + kernel_.name + "' has two instructions with the id " +
            std::to_string(i->id) + " (statement " + i->statementName() + ")");
      insts_.emplace(i->id, InstInfo{i, nest});
      order_.push_back(i->id);
    } else if (const Loop *l = s.asLoop()) {
      nest.push_back(l);
      collect(l->body, nest);
      nest.pop_back();
    } else if (const Scope *sc = s.asScope()) {
      collect(sc->body, nest);
    } else {
      unhandled(kernel_);
    }
  }
}

const DependenceAnalysis::InstInfo &DependenceAnalysis::info(int64_t id) const {
  auto it = insts_.find(id);
  if (it == insts_.end())
    throw DependenceError("kernel '" + kernel_.name +
                          "' has no instruction with the id " +
                          std::to_string(id));
  return it->second;
}

std::vector<int64_t>
DependenceAnalysis::selectIds(std::span<const int64_t> instIds) const {
  if (instIds.empty())
    return order_;
  std::vector<int64_t> out;
  for (int64_t id : instIds) {
    info(id); // checks it exists
    if (std::find(out.begin(), out.end(), id) == out.end())
      out.push_back(id);
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Domains
//===----------------------------------------------------------------------===//

Relation DependenceAnalysis::inPredicateDomain(const Instruction &inst,
                                               const LoopNest &nest) const {
  DomainSpace ds = createDomainSpace(kernel_, nest, inst);
  return Relation(iterationDomain(ds, nest, kernel_.params,
                                  dropApproxPredicates(inst.predicates)));
}

UnionRelation
DependenceAnalysis::getChildDomainUnionSet(const Stmt &stmt,
                                           const LoopNest &enclosing) const {
  UnionRelation acc(paramNames(kernel_));
  LoopNest nest = enclosing;
  forEachInstruction(
      kernel_, stmt, nest, [&](const Instruction &inst, const LoopNest &n) {
        locatedAt(inst.loc, [&] {
          acc = acc.unite(UnionRelation(inPredicateDomain(inst, n)));
        });
      });
  return acc;
}

UnionRelation DependenceAnalysis::domain() const {
  UnionRelation acc(paramNames(kernel_));
  for (const Stmt &s : kernel_.body)
    acc = acc.unite(getChildDomainUnionSet(s));
  return acc;
}

//===----------------------------------------------------------------------===//
// Accesses
//===----------------------------------------------------------------------===//

std::string DependenceAnalysis::allocationTupleName(const Tensor &t) const {
  return AllocationMap::tupleName(t);
}

std::vector<AffineExpr> DependenceAnalysis::affineExp(
    const Tensor &t, std::span<const AffineExpr> indices, bool wrap) const {
  return AllocationMap::addresses(t, indices, wrap);
}

Relation DependenceAnalysis::getAllocRemapping(const Tensor &t,
                                               bool wrap) const {
  return AllocationMap::remapping(t, wrap);
}

Relation DependenceAnalysis::access(const Instruction &inst,
                                    const LoopNest &nest,
                                    const AccessPattern &ap) const {
  AccessOptions opts;
  opts.predicated = true;
  opts.coverRuntimeIndices = true;
  return accessRelation(kernel_, inst, nest, ap, opts);
}

const std::vector<AccessInfo> &DependenceAnalysis::accesses() const {
  if (accesses_)
    return *accesses_;
  AllocationMap memory(kernel_);
  std::vector<AccessInfo> out;
  for (int64_t id : order_) {
    const InstInfo &ii = insts_.at(id);
    auto add = [&](const AccessPattern &ap, bool isWrite) {
      AccessInfo a;
      a.instId = id;
      a.isWrite = isWrite;
      a.tensor = ap.tensor;
      a.space = memory.tupleNameOf(ap.tensor);
      a.relation = memory.access(*ii.inst, ii.nest, ap);
      a.text = ap.str();
      out.push_back(std::move(a));
    };
    locatedAt(ii.inst->loc, [&] {
      for (const AccessPattern *ap : ii.inst->operandAccesses())
        add(*ap, false);
      if (ii.inst->dst)
        add(*ii.inst->dst, true);
    });
  }
  accesses_ = std::move(out);
  return *accesses_;
}

DependencyMap
DependenceAnalysis::getDependencyMap(std::span<const int64_t> instIds) const {
  std::vector<int64_t> ids = selectIds(instIds);
  std::set<int64_t> chosen(ids.begin(), ids.end());
  DependencyMap dm{UnionRelation(paramNames(kernel_)),
                   UnionRelation(paramNames(kernel_))};
  for (const AccessInfo &a : accesses()) {
    if (!chosen.count(a.instId))
      continue;
    UnionRelation &u = a.isWrite ? dm.writes : dm.reads;
    u = u.unite(UnionRelation(a.relation));
  }
  return dm;
}

//===----------------------------------------------------------------------===//
// The schedule tree of the original program
//===----------------------------------------------------------------------===//

ScheduleNode DependenceAnalysis::addBand(const Loop &loop,
                                         const LoopNest &enclosing,
                                         ScheduleNode child) const {
  unsigned depth = unsigned(enclosing.size());
  UnionRelation member(paramNames(kernel_));
  LoopNest nest = enclosing;
  forEachInstructionInLoop(
      kernel_, loop, nest, [&](const Instruction &inst, const LoopNest &n) {
        DomainSpace ds = createDomainSpace(kernel_, n, inst);
        BasicRelation b(Space::relation(ds.params(), ds.tuple(), Tuple(1)));
        std::vector<Int> row(b.numCols());
        row[b.offset(VarKind::Range)] = Int(1);
        row[b.offset(VarKind::Domain) + depth] = Int(-1);
        b.addEquality(row);
        member.add(Relation(std::move(b)));
      });
  return ScheduleNode::band({member}, std::move(child));
}

ScheduleNode DependenceAnalysis::addSequenceFilter(
    std::span<const Stmt *const> stmts, const LoopNest &enclosing,
    std::vector<ScheduleNode> children) const {
  if (children.size() != stmts.size())
    throw DependenceError("add_sequence_filter needs one child per statement");
  std::vector<ScheduleNode> filters;
  for (size_t k = 0; k < stmts.size(); ++k)
    filters.push_back(ScheduleNode::filter(
        getChildDomainUnionSet(*stmts[k], enclosing), std::move(children[k])));
  return ScheduleNode::sequence(std::move(filters));
}

ScheduleNode DependenceAnalysis::bodySchedule(const std::vector<Stmt> &body,
                                              LoopNest &enclosing) const {
  std::vector<const Stmt *> live;
  for (const Stmt &s : body) {
    if (!s.asInstruction() && !s.asLoop() && !s.asScope())
      unhandled(kernel_);
    if (hasInstruction(s))
      live.push_back(&s);
  }
  if (live.empty())
    return ScheduleNode::leaf();
  if (live.size() == 1)
    return scheduleHelper(*live.front(), enclosing);
  std::vector<ScheduleNode> children;
  for (const Stmt *s : live)
    children.push_back(scheduleHelper(*s, enclosing));
  return addSequenceFilter(live, enclosing, std::move(children));
}

ScheduleNode DependenceAnalysis::scheduleHelper(const Stmt &stmt,
                                                LoopNest &enclosing) const {
  if (const Instruction *i = stmt.asInstruction())
    return ScheduleNode::mark(i->statementName());
  if (const Loop *l = stmt.asLoop()) {
    enclosing.push_back(l);
    ScheduleNode child = bodySchedule(l->body, enclosing);
    enclosing.pop_back();
    return addBand(*l, enclosing, std::move(child));
  }
  if (const Scope *s = stmt.asScope())
    return bodySchedule(s->body, enclosing);
  unhandled(kernel_);
}

ScheduleTree DependenceAnalysis::getScheduleTree() const {
  LoopNest nest;
  ScheduleNode child = bodySchedule(kernel_.body, nest);
  return ScheduleTree(ScheduleNode::domain(domain(), std::move(child)));
}

const UnionRelation &DependenceAnalysis::originalSchedule() const {
  if (!schedule_)
    schedule_ = getScheduleTree().getMap();
  return *schedule_;
}

Relation DependenceAnalysis::schedulePiece(const UnionRelation &s,
                                           int64_t id) const {
  const InstInfo &ii = info(id);
  Tuple t(ii.inst->statementName(), unsigned(ii.nest.size()));
  for (const Relation &p : s.pieces())
    if (p.space().domainTuple() == t)
      return p;
  throw DependenceError("the schedule gives no time to " +
                        ii.inst->statementName());
}

const Relation &DependenceAnalysis::before(int64_t srcId, int64_t dstId) const {
  auto key = std::make_pair(srcId, dstId);
  auto it = before_.find(key);
  if (it != before_.end())
    return it->second;
  // An instruction with an empty domain has no piece in S0 (and no
  // instance to order).
  const UnionRelation &s0 = originalSchedule();
  const InstInfo &a = info(srcId), &b = info(dstId);
  Tuple ta(a.inst->statementName(), unsigned(a.nest.size()));
  Tuple tb(b.inst->statementName(), unsigned(b.nest.size()));
  const Relation *pa = nullptr, *pb = nullptr;
  for (const Relation &p : s0.pieces()) {
    if (p.space().domainTuple() == ta)
      pa = &p;
    if (p.space().domainTuple() == tb)
      pb = &p;
  }
  Relation order =
      pa && pb ? pa->lexOrderTo(*pb, LexOrder::LT)
               : Relation::empty(Space::relation(paramNames(kernel_), ta, tb));
  return before_.emplace(key, std::move(order)).first->second;
}

//===----------------------------------------------------------------------===//
// Dependences
//===----------------------------------------------------------------------===//

std::vector<Dependence>
DependenceAnalysis::dependences(std::span<const DependenceType> types,
                                std::span<const int64_t> instIds) const {
  std::vector<int64_t> ids = selectIds(instIds);
  std::set<int64_t> chosen(ids.begin(), ids.end());
  if (mode_ == DependenceMode::Exact)
    return exactDependences(types, chosen);
  const std::vector<AccessInfo> &acc = accesses();
  std::vector<Dependence> out;
  for (DependenceType type : types) {
    bool srcWrites = type != DependenceType::WAR;
    bool dstWrites = type != DependenceType::RAW;
    struct Entry {
      Dependence dep;
      std::set<std::string> srcTensors, dstTensors;
    };
    std::map<std::tuple<int64_t, int64_t, std::string>, Entry> found;
    for (const AccessInfo &s : acc) {
      if (s.isWrite != srcWrites || !chosen.count(s.instId))
        continue;
      for (const AccessInfo &d : acc) {
        if (d.isWrite != dstWrites || !chosen.count(d.instId) ||
            d.space != s.space)
          continue;
        // An engine failure is reported at the sink.
        std::optional<Relation> pairs = locatedAt(
            info(d.instId).inst->loc, [&]() -> std::optional<Relation> {
              Relation p = s.relation.applyRange(d.relation.reverse())
                               .intersect(before(s.instId, d.instId));
              if (p.isEmpty())
                return std::nullopt;
              return p;
            });
        if (!pairs)
          continue;
        auto key = std::make_tuple(s.instId, d.instId, s.space);
        auto it = found.find(key);
        if (it == found.end()) {
          Entry e;
          e.dep.type = type;
          e.dep.srcId = s.instId;
          e.dep.dstId = d.instId;
          e.dep.tensor = s.space;
          e.dep.relation = std::move(*pairs);
          it = found.emplace(key, std::move(e)).first;
        } else {
          it->second.dep.relation = it->second.dep.relation.unite(*pairs);
        }
        it->second.srcTensors.insert(s.tensor);
        it->second.dstTensors.insert(d.tensor);
      }
    }
    for (auto &[key, e] : found) {
      e.dep.srcTensor = joinNames(e.srcTensors);
      e.dep.dstTensor = joinNames(e.dstTensors);
      out.push_back(std::move(e.dep));
    }
  }
  return out;
}

std::vector<Dependence>
DependenceAnalysis::exactDependences(std::span<const DependenceType> types,
                                     const std::set<int64_t> &chosen) const {
  const std::vector<AccessInfo> &acc = accesses();
  const std::vector<std::string> params = paramNames(kernel_);
  // The original schedule, and the same with time reversed: the last
  // write before a point in reversed time is the first one after it.
  const UnionRelation s0 = presburger::padSchedule(originalSchedule());
  UnionRelation reversedTime(s0.paramNames());
  for (const Relation &p : s0.pieces()) {
    Space time = p.space().rangeSpace();
    BasicRelation neg(
        Space::relation(time.paramNames(), time.setTuple(), time.setTuple()));
    for (unsigned d = 0; d < p.numRange(); ++d) {
      std::vector<Int> eq(neg.numCols());
      eq[neg.offset(VarKind::Domain) + d] = Int(1);
      eq[neg.offset(VarKind::Range) + d] = Int(1);
      neg.addEquality(eq);
    }
    reversedTime.add(p.applyRange(Relation(std::move(neg))));
  }
  std::set<std::string> allocations;
  for (const AccessInfo &a : acc)
    allocations.insert(a.space);
  std::vector<Dependence> out;
  const std::vector<int64_t> chosenIds(chosen.begin(), chosen.end());
  for (DependenceType type : types) {
    auto cached = exact_.find({int(type), chosenIds});
    if (cached != exact_.end()) {
      out.insert(out.end(), cached->second.begin(), cached->second.end());
      continue;
    }
    std::map<std::tuple<int64_t, int64_t, std::string>, Dependence> found;
    for (const std::string &alloc : allocations) {
      // This allocation's reads, definite writes and may-writes (under an
      // approximate predicate the instruction may not run where its exact
      // domain says).
      UnionRelation reads(params), writes(params), mayWrites(params);
      std::map<std::pair<int64_t, bool>, std::set<std::string>> tensors;
      for (const AccessInfo &a : acc) {
        if (a.space != alloc || !chosen.count(a.instId))
          continue;
        tensors[{a.instId, a.isWrite}].insert(a.tensor);
        if (!a.isWrite) {
          reads.add(a.relation);
          continue;
        }
        bool approx = false;
        for (const AffinePredicate &p : info(a.instId).inst->predicates)
          approx = approx || p.isApprox();
        (approx ? mayWrites : writes).add(a.relation);
      }
      presburger::AccessInfo flow;
      flow.mustSource = writes;
      flow.maySource = mayWrites;
      UnionRelation pairs; // { source -> sink }
      if (type == DependenceType::RAW) {
        flow.sink = reads;
        flow.schedule = s0;
        pairs = presburger::computeFlow(flow).mayDependence;
      } else if (type == DependenceType::WAR) {
        flow.sink = reads;
        flow.schedule = reversedTime;
        pairs = presburger::computeFlow(flow).mayDependence.reverse();
      } else {
        flow.sink = writes.unite(mayWrites);
        flow.schedule = s0;
        pairs = presburger::computeFlow(flow).mayDependence;
      }
      bool srcWrites = type != DependenceType::WAR;
      bool dstWrites = type != DependenceType::RAW;
      for (const Relation &piece : pairs.pieces()) {
        if (piece.isEmpty())
          continue;
        Dependence d;
        d.type = type;
        d.srcId = std::stoll(piece.space().domainTuple().name().substr(1));
        d.dstId = std::stoll(piece.space().rangeTuple().name().substr(1));
        d.tensor = alloc;
        d.srcTensor = joinNames(tensors[{d.srcId, srcWrites}]);
        d.dstTensor = joinNames(tensors[{d.dstId, dstWrites}]);
        d.relation = piece;
        found.emplace(std::make_tuple(d.srcId, d.dstId, alloc), std::move(d));
      }
    }
    std::vector<Dependence> &mine = exact_[{int(type), chosenIds}];
    for (auto &[key, d] : found)
      mine.push_back(std::move(d));
    out.insert(out.end(), mine.begin(), mine.end());
  }
  return out;
}

UnionRelation DependenceAnalysis::dependenceUnion(DependenceType type) const {
  UnionRelation u(paramNames(kernel_));
  DependenceType types[] = {type};
  for (const Dependence &d : dependences(types))
    u.add(d.relation);
  return u;
}

Relation DependenceAnalysis::distances(const Dependence &dep) const {
  const UnionRelation &s0 = originalSchedule();
  return dep.relation.applyDomain(schedulePiece(s0, dep.srcId))
      .applyRange(schedulePiece(s0, dep.dstId))
      .deltas();
}

//===----------------------------------------------------------------------===//
// Legality
//===----------------------------------------------------------------------===//

UnionRelation
DependenceAnalysis::prepareSchedule(const UnionRelation &schedule,
                                    std::span<const int64_t> instIds) const {
  if (!schedule.isRelationUnion())
    throw DependenceError("a schedule maps statement instances to times; "
                          "got a set: " +
                          schedule.toString());
  UnionRelation padded;
  try {
    padded = penguin::padSchedule(schedule);
  } catch (const ScheduleError &e) {
    throw DependenceError(e.what());
  }
  std::map<std::string, int64_t> byName;
  for (const auto &[id, ii] : insts_)
    byName.emplace(ii.inst->statementName(), id);
  for (const Relation &p : padded.pieces()) {
    const Tuple &t = p.space().domainTuple();
    auto it = byName.find(t.name());
    if (it == byName.end())
      throw DependenceError("the schedule names '" +
                            (t.hasName() ? t.name() : std::string("[...]")) +
                            "', which is not a statement of kernel '" +
                            kernel_.name + "'");
    const InstInfo &ii = insts_.at(it->second);
    if (t.isNested() || t.numDims() != ii.nest.size())
      throw DependenceError("the schedule gives " + t.name() + " " +
                            std::to_string(t.numDims()) +
                            " dimension(s) but it is inside " +
                            std::to_string(ii.nest.size()) + " loop(s)");
  }
  UnionRelation out(padded.paramNames());
  for (int64_t id : selectIds(instIds)) {
    const InstInfo &ii = insts_.at(id);
    Relation dom = inPredicateDomain(*ii.inst, ii.nest);
    if (dom.isEmpty())
      continue;
    Tuple t(ii.inst->statementName(), unsigned(ii.nest.size()));
    const Relation *piece = nullptr;
    for (const Relation &p : padded.pieces())
      if (p.space().domainTuple() == t)
        piece = &p;
    Relation missing = piece ? dom.subtract(piece->domain()) : dom;
    if (!missing.isEmpty()) {
      std::optional<Point> pt = missing.samplePoint();
      std::string where;
      if (pt)
        where = " (e.g. " + t.name() +
                pointText(*pt, missing.numParams(), missing.numRange()) + ")";
      throw DependenceError("the schedule gives no time to some instances of " +
                            t.name() + where);
    }
    Relation r = piece->intersectDomain(dom);
    if (!r.isSingleValued())
      throw DependenceError("the schedule gives some instance of " + t.name() +
                            " more than one time");
    out.add(std::move(r));
  }
  return out;
}

std::vector<DependenceViolation> DependenceAnalysis::internalCheckValidSchedule(
    const std::vector<Dependence> &deps, const UnionRelation &schedule,
    bool firstOnly) const {
  std::vector<DependenceViolation> out;
  for (const Dependence &dep : deps) {
    Relation src = schedulePiece(schedule, dep.srcId);
    Relation dst = schedulePiece(schedule, dep.dstId);
    // Pairs that the candidate does not run strictly in order (an engine
    // failure is reported at the sink).
    Relation bad = locatedAt(info(dep.dstId).inst->loc, [&] {
      return dep.relation.intersect(src.lexOrderTo(dst, LexOrder::GE));
    });
    if (locatedAt(info(dep.dstId).inst->loc, [&] { return bad.isEmpty(); }))
      continue;
    DependenceViolation v;
    v.srcId = dep.srcId;
    v.dstId = dep.dstId;
    v.tensor = dep.tensor;
    v.type = dep.type;
    v.srcTensor = dep.srcTensor;
    v.dstTensor = dep.dstTensor;
    v.violated = bad;
    v.distances = bad.applyDomain(src).applyRange(dst).deltas();
    // A witness: the lexicographically smallest violated pair when there
    // are no parameters, some pair otherwise.
    std::optional<Point> w;
    if (bad.numParams() == 0) {
      try {
        w = bad.wrap().lexmin().samplePoint();
      } catch (const presburger::Error &) {
        w.reset();
      }
    }
    if (!w)
      w = bad.samplePoint();
    const std::string &srcName = info(dep.srcId).inst->statementName();
    const std::string &dstName = info(dep.dstId).inst->statementName();
    bool srcWrites = dep.type != DependenceType::WAR;
    bool dstWrites = dep.type != DependenceType::RAW;
    std::string msg = std::string(toString(dep.type)) +
                      " violation on tensor: " + dep.tensor + " (" + srcName +
                      (srcWrites ? " writes " : " reads ") + dep.srcTensor +
                      ", " + dstName + (dstWrites ? " writes " : " reads ") +
                      dep.dstTensor + ")";
    if (w) {
      size_t np = bad.numParams(), nd = bad.numDomain(), nr = bad.numRange();
      std::vector<Int> params(w->begin(), w->begin() + np);
      std::vector<Int> a(w->begin() + np, w->begin() + np + nd);
      std::vector<Int> b(w->begin() + np + nd, w->begin() + np + nd + nr);
      msg += ": " + srcName + pointText(a, 0, nd) + " must run before " +
             dstName + pointText(b, 0, nr) +
             ", but the schedule runs them at " +
             timeOf(src, bad.space().paramNames(), params, a) + " and " +
             timeOf(dst, bad.space().paramNames(), params, b);
      if (np) {
        msg += " (with ";
        for (size_t k = 0; k < np; ++k)
          msg += (k ? ", " : "") + bad.space().paramNames()[k] + " = " +
                 params[k].toString();
        msg += ")";
      }
    }
    v.message = std::move(msg);
    out.push_back(std::move(v));
    if (firstOnly)
      break;
  }
  return out;
}

std::vector<DependenceViolation> DependenceAnalysis::findViolations(
    const UnionRelation &schedule, std::span<const int64_t> instIds,
    std::span<const DependenceType> types) const {
  UnionRelation prepared = prepareSchedule(schedule, instIds);
  return internalCheckValidSchedule(dependences(types, instIds), prepared);
}

std::optional<DependenceViolation> DependenceAnalysis::checkValidSchedule(
    const UnionRelation &schedule, std::span<const int64_t> instIds,
    std::span<const DependenceType> types) const {
  UnionRelation prepared = prepareSchedule(schedule, instIds);
  std::vector<DependenceViolation> v = internalCheckValidSchedule(
      dependences(types, instIds), prepared, /*firstOnly=*/true);
  if (v.empty())
    return std::nullopt;
  return std::move(v.front());
}

std::optional<DependenceViolation> DependenceAnalysis::checkValidSchedule(
    const ScheduleTree &schedule, std::span<const int64_t> instIds,
    std::span<const DependenceType> types) const {
  return checkValidSchedule(schedule.getMap(), instIds, types);
}

//===----------------------------------------------------------------------===//
// try_simplify
//===----------------------------------------------------------------------===//

Relation trySimplify(const Relation &r) {
  Relation simple(r.space());
  for (BasicRelation b : r.disjuncts())
    if (b.simplify())
      simple.addDisjunct(std::move(b));
  try {
    Relation c = simple.coalesce();
    if (c.numDisjuncts() < simple.numDisjuncts() && c.isEqual(simple))
      return c;
  } catch (const presburger::LimitExceeded &) {
  }
  return simple;
}

UnionRelation trySimplify(const UnionRelation &u) {
  UnionRelation out(u.paramNames());
  for (const Relation &p : u.pieces())
    out.add(trySimplify(p));
  return out;
}

} // namespace penguin
