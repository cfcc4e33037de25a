//===- AllocationMap.cpp - Where the elements of tensors live -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/AllocationMap.h"

#include "penguin/IntegerSetBridge.h"

namespace penguin {

using presburger::BasicRelation;
using presburger::Int;
using presburger::Relation;
using presburger::Space;
using presburger::Tuple;
using presburger::VarKind;

namespace {

bool isDramInterface(const Tensor &t) {
  return t.memory == MemoryKind::DRAM && t.isInputOrOutput();
}

} // namespace

AllocationMap::AllocationMap(const Kernel &kernel) : kernel_(kernel) {
  std::map<std::string, const Tensor *> tuples;
  for (const Tensor &t : kernel_.tensors) {
    std::string name = tupleName(t);
    auto [it, inserted] = tuples.emplace(name, &t);
    if (!inserted && it->second->allocationName() != t.allocationName())
      throw IRError("tensors '" + it->second->name + "' and '" + t.name +
                    "' would both be analysed as '" + name +
                    "'; rename one of them");
  }
}

std::string AllocationMap::tupleName(const Tensor &t) {
  if (isDramInterface(t))
    return t.name;
  return t.allocationName() + "_alloc";
}

std::vector<AffineExpr>
AllocationMap::addresses(const Tensor &t, std::span<const AffineExpr> indices,
                         bool wrap) {
  if (indices.size() != t.rank())
    throw IRError("tensor '" + t.name + "' has rank " +
                  std::to_string(t.rank()) + " but " +
                  std::to_string(indices.size()) + " indices were given");
  if (isDramInterface(t))
    return {indices.begin(), indices.end()};
  std::vector<AffineExpr> blocks, banks, offsets;
  for (size_t d = 0; d < indices.size(); ++d) {
    AffineExpr a = indices[d];
    if (t.allocatedShape && wrap)
      a = mod(a, (*t.allocatedShape)[d]);
    AffineExpr inner = a;
    if (t.blockShape) {
      int64_t b = (*t.blockShape)[d];
      blocks.push_back(floorDiv(a, b));
      inner = mod(a, b);
    }
    if (t.bankShape) {
      int64_t k = (*t.bankShape)[d];
      banks.push_back(floorDiv(inner, k));
      inner = mod(inner, k);
    }
    offsets.push_back(inner);
  }
  std::vector<AffineExpr> out = blocks;
  out.insert(out.end(), banks.begin(), banks.end());
  out.insert(out.end(), offsets.begin(), offsets.end());
  return out;
}

Relation AllocationMap::remapping(const Tensor &t, bool wrap) {
  unsigned r = unsigned(t.rank());
  if (isDramInterface(t))
    return Relation::identity(Space::set({}, Tuple(t.name, r)));
  std::vector<std::string> ivs;
  for (unsigned d = 0; d < r; ++d)
    ivs.push_back("x" + std::to_string(d));
  DomainSpace ds(t.name, ivs, {});
  ExprContext ctx;
  std::vector<AffineExpr> idx;
  for (const std::string &n : ivs)
    idx.push_back(ctx.index(n));
  return addressRelation(ds, tupleName(t), addresses(t, idx, wrap));
}

const Tensor &AllocationMap::tensor(const std::string &name) const {
  const Tensor *t = kernel_.findTensor(name);
  if (!t)
    throw IRError("kernel '" + kernel_.name +
                  "' accesses the undeclared tensor '" + name + "'");
  return *t;
}

const AllocationMap::Remap &
AllocationMap::remap(const std::string &name) const {
  auto it = remaps_.find(name);
  if (it != remaps_.end())
    return it->second;
  const Tensor &t = tensor(name);
  Remap r;
  r.wrapped = remapping(t);
  if (t.allocatedShape && !isDramInterface(t)) {
    r.hasPlain = true;
    r.plain = remapping(t, /*wrap=*/false);
    BasicRelation box(Space::set({}, Tuple(t.name, unsigned(t.rank()))));
    for (unsigned d = 0; d < t.rank(); ++d) {
      std::vector<Int> lo(box.numCols()), hi(box.numCols());
      lo[box.offset(VarKind::Range) + d] = Int(1);
      hi[box.offset(VarKind::Range) + d] = Int(-1);
      hi.back() = Int((*t.allocatedShape)[d] - 1);
      box.addInequality(lo);
      box.addInequality(hi);
    }
    r.box = Relation(std::move(box));
  }
  return remaps_.emplace(name, std::move(r)).first->second;
}

Relation AllocationMap::toMemory(const Relation &access,
                                 const std::string &name) const {
  const Remap &m = remap(name);
  bool inside = false;
  if (m.hasPlain) {
    Relation idx = access.isSet() ? access : access.range(), box = m.box;
    presburger::alignParams(idx, box);
    inside = idx.isSubsetOf(box);
  }
  const Relation &to = inside ? m.plain : m.wrapped;
  return access.isSet() ? access.apply(to) : access.applyRange(to);
}

Relation AllocationMap::access(const Instruction &inst, const LoopNest &nest,
                               const AccessPattern &ap) const {
  AccessOptions opts;
  opts.predicated = true;
  opts.coverRuntimeIndices = true;
  return toMemory(accessRelation(kernel_, inst, nest, ap, opts), ap.tensor);
}

std::string AllocationMap::tupleNameOf(const std::string &name) const {
  return tupleName(tensor(name));
}

bool AllocationMap::shareMemory(const std::string &a,
                                const std::string &b) const {
  return tupleNameOf(a) == tupleNameOf(b);
}

} // namespace penguin
