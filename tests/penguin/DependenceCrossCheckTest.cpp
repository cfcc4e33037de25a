// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The dependence analysis against brute force (both modes): small generated
// kernels (1-3 instructions, loop depth 1-2, small constant bounds, random
// affine accesses to 1-2 tensors, some sharing an SBUF allocation or wrapping
// around a smaller allocation) are executed point by point; the dependent
// instance pairs of the original order and the pairs a random candidate
// schedule (loop reversals, shifts, interchanges, reordered statements,
// written as a tree or as a flattened relation) runs out of order must be
// exactly what the analysis computes. In exact (value-based) mode the
// pairs are the last write before each read (RAW) or write (WAW) and the
// first write after each read (WAR) in the executed order, and a schedule
// is legal for the exact dependences exactly when it is for the may ones.
#include "penguin/Dependence.h"
#include "penguin/Parser.h"

#include "presburger/Parser.h"
#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <tuple>
#include <variant>

using namespace penguin;
using presburger::Int;
using presburger::Relation;

namespace {

int64_t floorDivI(int64_t a, int64_t d) {
  int64_t q = a / d;
  return (a % d != 0 && ((a < 0) != (d < 0))) ? q - 1 : q;
}
int64_t modI(int64_t a, int64_t d) { return a - d * floorDivI(a, d); }

/// c + sum coeffs[k] * iv[k] over the enclosing loop variables.
struct Aff {
  std::vector<int64_t> coeffs;
  int64_t c = 0;

  int64_t eval(const std::vector<int64_t> &iv) const {
    int64_t v = c;
    for (size_t k = 0; k < coeffs.size(); ++k)
      v += coeffs[k] * iv[k];
    return v;
  }
  // "2*i - j + 1" over the names.
  std::string text(const std::vector<std::string> &names, bool islStyle) const {
    std::string out;
    for (size_t k = 0; k < coeffs.size(); ++k) {
      int64_t a = coeffs[k];
      if (a == 0)
        continue;
      std::string mag = std::llabs(a) == 1
                            ? names[k]
                            : std::to_string(std::llabs(a)) +
                                  (islStyle ? "" : "*") + names[k];
      if (out.empty())
        out = (a < 0 ? "-" : "") + mag;
      else
        out += (a < 0 ? " - " : " + ") + mag;
    }
    if (out.empty())
      return std::to_string(c);
    if (c != 0)
      out += (c < 0 ? " - " : " + ") + std::to_string(std::llabs(c));
    return out;
  }
};

struct GTensor {
  std::string name;
  std::vector<int64_t> shape;
  bool dram = true, io = false;
  std::optional<std::string> allocName;
  std::optional<std::vector<int64_t>> alloc, block, bank;
};

struct GAccess {
  int tensor = 0;
  std::vector<Aff> idx;
};

struct GInst {
  int id = 0;
  std::optional<GAccess> dst;
  std::vector<GAccess> reads;
  std::vector<Aff> preds; // each >= 0
};

struct GNode;
struct GLoop {
  std::string iv;
  int64_t lb = 0, ub = 0, stride = 1;
  std::vector<GNode> body;
};
struct GNode {
  std::variant<GInst, GLoop> v;
};

struct GKernel {
  std::vector<GTensor> tensors;
  std::vector<GNode> body;
};

class Generator {
public:
  explicit Generator(unsigned seed) : rng_(seed) {}

  int uni(int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng_);
  }
  bool chance(int percent) { return uni(1, 100) <= percent; }

  GKernel kernel() {
    GKernel k;
    int nt = uni(1, 2);
    for (int t = 0; t < nt; ++t)
      k.tensors.push_back(tensor(t, k));
    budget_ = uni(2, 4);
    nextId_ = 0;
    int top = uni(1, 2);
    for (int n = 0; n < top && budget_ > 0; ++n)
      k.body.push_back(node(0, k));
    return k;
  }

  std::mt19937 &rng() { return rng_; }

private:
  GTensor tensor(int t, const GKernel &k) {
    GTensor x;
    x.name = "T" + std::to_string(t);
    // Share the first tensor's allocation sometimes.
    if (t == 1 && !k.tensors[0].dram && chance(50)) {
      x = k.tensors[0];
      x.name = "T1";
      x.allocName = "T0";
      // An allocation name needs an allocated shape; T0 without one has
      // its own shape as allocated shape.
      if (!x.alloc)
        x.alloc = x.shape;
      return x;
    }
    int rank = uni(1, 2);
    for (int d = 0; d < rank; ++d)
      x.shape.push_back(uni(2, 6));
    int kind = uni(0, 3);
    if (kind == 0) {
      x.dram = true;
      x.io = true;
    } else if (kind == 1) {
      x.dram = true;
    } else {
      x.dram = false;
      if (chance(70)) {
        std::vector<int64_t> a, b, c;
        for (int64_t e : x.shape) {
          a.push_back(uni(1, int(e) + 1));
        }
        x.alloc = a;
        if (chance(40)) {
          for (int64_t e : a)
            b.push_back(uni(1, int(e)));
          x.block = b;
        }
        if (chance(40)) {
          const std::vector<int64_t> &inner = x.block ? b : a;
          for (int64_t e : inner)
            c.push_back(uni(1, int(e)));
          x.bank = c;
        }
      }
    }
    return x;
  }

  Aff aff(size_t depth, int lo, int hi) {
    Aff a;
    for (size_t k = 0; k < depth; ++k)
      a.coeffs.push_back(uni(-1, 2));
    a.c = uni(lo, hi);
    return a;
  }

  GAccess access(size_t depth, const GKernel &k) {
    GAccess a;
    a.tensor = uni(0, int(k.tensors.size()) - 1);
    for (size_t d = 0; d < k.tensors[size_t(a.tensor)].shape.size(); ++d)
      a.idx.push_back(aff(depth, -1, 3));
    return a;
  }

  GNode node(size_t depth, const GKernel &k) {
    bool loop =
        depth < 2 && (depth == 0 ? chance(85) : chance(40)) && budget_ > 0;
    if (!loop) {
      --budget_;
      GInst in;
      in.id = nextId_++;
      if (chance(85))
        in.dst = access(depth, k);
      int nr = uni(0, 2);
      for (int r = 0; r < nr; ++r)
        in.reads.push_back(access(depth, k));
      if (depth > 0 && chance(20))
        in.preds.push_back(aff(depth, -2, 2));
      return GNode{in};
    }
    GLoop l;
    l.iv = depth == 0 ? "i" : "j";
    l.lb = uni(0, 1);
    l.ub = l.lb + uni(1, 4);
    l.stride = chance(15) ? 2 : 1;
    int n = uni(1, 3);
    for (int c = 0; c < n && budget_ > 0; ++c)
      l.body.push_back(node(depth + 1, k));
    return GNode{l};
  }

  std::mt19937 rng_;
  int budget_ = 0;
  int nextId_ = 0;
};

std::string shapeText(const std::vector<int64_t> &s) {
  std::string out = "[";
  for (size_t k = 0; k < s.size(); ++k)
    out += (k ? ", " : "") + std::to_string(s[k]);
  return out + "]";
}

std::string accessText(const GKernel &k, const GAccess &a,
                       const std::vector<std::string> &ivs) {
  std::string out = k.tensors[size_t(a.tensor)].name + "[";
  for (size_t d = 0; d < a.idx.size(); ++d)
    out += (d ? ", " : "") + a.idx[d].text(ivs, false);
  return out + "]";
}

void printBody(const GKernel &k, const std::vector<GNode> &body,
               std::vector<std::string> &ivs, const std::string &indent,
               std::string &out) {
  for (const GNode &n : body) {
    if (const GInst *in = std::get_if<GInst>(&n.v)) {
      out += indent + "s" + std::to_string(in->id) + ": ";
      if (in->dst)
        out += accessText(k, *in->dst, ivs) + " = ";
      out += "op(";
      for (size_t r = 0; r < in->reads.size(); ++r)
        out += (r ? ", " : "") + accessText(k, in->reads[r], ivs);
      out += ")";
      for (size_t p = 0; p < in->preds.size(); ++p)
        out += (p ? " & " : " if ") + in->preds[p].text(ivs, false) + " >= 0";
      out += "\n";
    } else {
      const GLoop &l = std::get<GLoop>(n.v);
      out += indent + "for " + l.iv + " = " + std::to_string(l.lb) + " to " +
             std::to_string(l.ub) + " step " + std::to_string(l.stride) +
             " {\n";
      ivs.push_back(l.iv);
      printBody(k, l.body, ivs, indent + "  ", out);
      ivs.pop_back();
      out += indent + "}\n";
    }
  }
}

std::string kernelText(const GKernel &k) {
  std::string out = "kernel gen() {\n";
  for (const GTensor &t : k.tensors) {
    out += "  tensor " + t.name + " : f32" + shapeText(t.shape) +
           (t.dram ? " DRAM" : " SBUF");
    if (t.io)
      out += " input";
    if (t.alloc)
      out += " alloc " + (t.allocName ? *t.allocName + " " : std::string()) +
             shapeText(*t.alloc);
    if (t.block)
      out += " block " + shapeText(*t.block);
    if (t.bank)
      out += " bank " + shapeText(*t.bank);
    out += "\n";
  }
  std::vector<std::string> ivs;
  printBody(k, k.body, ivs, "  ", out);
  return out + "}\n";
}

//===----------------------------------------------------------------------===//
// Execution
//===----------------------------------------------------------------------===//

struct Instance {
  int id;
  std::vector<int64_t> iv;
};

using Address = std::pair<std::string, std::vector<int64_t>>;

struct Executed {
  Instance inst;
  std::vector<Address> reads;
  std::optional<Address> write;
};

Address physical(const GKernel &k, const GAccess &a,
                 const std::vector<int64_t> &iv) {
  const GTensor &t = k.tensors[size_t(a.tensor)];
  std::vector<int64_t> idx;
  for (const Aff &e : a.idx)
    idx.push_back(e.eval(iv));
  if (t.dram && t.io)
    return {t.name, idx};
  std::vector<int64_t> blocks, banks, offsets;
  for (size_t d = 0; d < idx.size(); ++d) {
    int64_t x = idx[d];
    if (t.alloc)
      x = modI(x, (*t.alloc)[d]);
    int64_t inner = x;
    if (t.block) {
      blocks.push_back(floorDivI(x, (*t.block)[d]));
      inner = modI(x, (*t.block)[d]);
    }
    if (t.bank) {
      banks.push_back(floorDivI(inner, (*t.bank)[d]));
      inner = modI(inner, (*t.bank)[d]);
    }
    offsets.push_back(inner);
  }
  std::vector<int64_t> addr = blocks;
  addr.insert(addr.end(), banks.begin(), banks.end());
  addr.insert(addr.end(), offsets.begin(), offsets.end());
  return {(t.allocName ? *t.allocName : t.name) + "_alloc", addr};
}

void execute(const GKernel &k, const std::vector<GNode> &body,
             std::vector<int64_t> &iv, std::vector<Executed> &out) {
  for (const GNode &n : body) {
    if (const GInst *in = std::get_if<GInst>(&n.v)) {
      bool run = true;
      for (const Aff &p : in->preds)
        run = run && p.eval(iv) >= 0;
      if (!run)
        continue;
      Executed e{{in->id, iv}, {}, std::nullopt};
      for (const GAccess &r : in->reads)
        e.reads.push_back(physical(k, r, iv));
      if (in->dst)
        e.write = physical(k, *in->dst, iv);
      out.push_back(std::move(e));
    } else {
      const GLoop &l = std::get<GLoop>(n.v);
      for (int64_t x = l.lb; x < l.ub; x += l.stride) {
        iv.push_back(x);
        execute(k, l.body, iv, out);
        iv.pop_back();
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Candidate schedules
//===----------------------------------------------------------------------===//

// A schedule tree over the statements: bands give each statement below an
// affine time over its own loop variables.
struct CNode {
  enum Kind { Band, Seq, Mark } kind = Mark;
  std::map<int, Aff> member;          // Band
  std::vector<std::set<int>> filters; // Seq
  std::vector<CNode> children;        // Band/Seq
  int id = 0;                         // Mark
};

struct StmtInfo {
  std::vector<std::string> ivs;
};

void collectIds(const GNode &n, std::set<int> &ids) {
  if (const GInst *in = std::get_if<GInst>(&n.v)) {
    ids.insert(in->id);
    return;
  }
  for (const GNode &c : std::get<GLoop>(n.v).body)
    collectIds(c, ids);
}

void stmtInfo(const std::vector<GNode> &body, std::vector<std::string> &ivs,
              std::map<int, StmtInfo> &out) {
  for (const GNode &n : body) {
    if (const GInst *in = std::get_if<GInst>(&n.v)) {
      out[in->id] = {ivs};
    } else {
      const GLoop &l = std::get<GLoop>(n.v);
      ivs.push_back(l.iv);
      stmtInfo(l.body, ivs, out);
      ivs.pop_back();
    }
  }
}

CNode original(const std::vector<GNode> &body, size_t depth,
               const std::map<int, StmtInfo> &info);

CNode originalOf(const GNode &n, size_t depth,
                 const std::map<int, StmtInfo> &info) {
  if (const GInst *in = std::get_if<GInst>(&n.v)) {
    CNode m;
    m.kind = CNode::Mark;
    m.id = in->id;
    return m;
  }
  const GLoop &l = std::get<GLoop>(n.v);
  CNode b;
  b.kind = CNode::Band;
  std::set<int> ids;
  collectIds(n, ids);
  for (int id : ids) {
    Aff a;
    a.coeffs.assign(info.at(id).ivs.size(), 0);
    a.coeffs[depth] = 1;
    b.member[id] = a;
  }
  b.children.push_back(original(l.body, depth + 1, info));
  return b;
}

CNode original(const std::vector<GNode> &body, size_t depth,
               const std::map<int, StmtInfo> &info) {
  if (body.size() == 1)
    return originalOf(body.front(), depth, info);
  CNode s;
  s.kind = CNode::Seq;
  for (const GNode &n : body) {
    std::set<int> ids;
    collectIds(n, ids);
    s.filters.push_back(ids);
    s.children.push_back(originalOf(n, depth, info));
  }
  return s;
}

/// Random transformations: reversal, shift, interchange, reordering.
void mutate(CNode &n, Generator &g) {
  if (n.kind == CNode::Band) {
    if (g.chance(30))
      for (auto &[id, a] : n.member) {
        for (int64_t &c : a.coeffs)
          c = -c;
        a.c = -a.c;
      }
    if (g.chance(25)) {
      auto it = n.member.begin();
      std::advance(it, g.uni(0, int(n.member.size()) - 1));
      it->second.c += g.uni(-2, 2);
    }
    // Interchange with a perfectly nested band below.
    CNode &c = n.children.front();
    if (c.kind == CNode::Band && g.chance(35))
      std::swap(n.member, c.member);
  } else if (n.kind == CNode::Seq) {
    if (g.chance(35)) {
      std::vector<size_t> perm(n.children.size());
      for (size_t k = 0; k < perm.size(); ++k)
        perm[k] = k;
      std::shuffle(perm.begin(), perm.end(), g.rng());
      CNode m = n;
      for (size_t k = 0; k < perm.size(); ++k) {
        m.children[k] = n.children[perm[k]];
        m.filters[k] = n.filters[perm[k]];
      }
      n = m;
    }
  }
  for (CNode &c : n.children)
    mutate(c, g);
}

// Per-statement components by walking the tree with per-statement vectors.
void components(const CNode &n, std::map<int, std::vector<Aff>> &cur,
                std::map<int, std::vector<Aff>> &out,
                const std::map<int, StmtInfo> &info) {
  switch (n.kind) {
  case CNode::Mark:
    out[n.id] = cur[n.id];
    return;
  case CNode::Band: {
    std::map<int, std::vector<Aff>> next = cur;
    for (const auto &[id, a] : n.member)
      next[id].push_back(a);
    components(n.children.front(), next, out, info);
    return;
  }
  case CNode::Seq:
    for (size_t k = 0; k < n.children.size(); ++k) {
      std::map<int, std::vector<Aff>> next = cur;
      for (int id : n.filters[k]) {
        Aff pos;
        pos.coeffs.assign(info.at(id).ivs.size(), 0);
        pos.c = int64_t(k);
        next[id].push_back(pos);
      }
      components(n.children[k], next, out, info);
    }
    return;
  }
}

std::string tupleText(int id, const StmtInfo &si) {
  std::string out = "s" + std::to_string(id) + "[";
  for (size_t k = 0; k < si.ivs.size(); ++k)
    out += (k ? ", " : "") + si.ivs[k];
  return out + "]";
}

std::string universeText(const std::set<int> &ids,
                         const std::map<int, StmtInfo> &info) {
  std::string out;
  for (int id : ids)
    out += (out.empty() ? "" : "; ") + tupleText(id, info.at(id));
  return "{ " + out + " }";
}

void treeText(const CNode &n, const std::string &ind,
              const std::map<int, StmtInfo> &info, std::string &out) {
  switch (n.kind) {
  case CNode::Mark:
    out += ind + "mark: \"s" + std::to_string(n.id) + "\"\n";
    return;
  case CNode::Band: {
    std::string body;
    for (const auto &[id, a] : n.member)
      body += (body.empty() ? "" : "; ") + tupleText(id, info.at(id)) +
              " -> [(" + a.text(info.at(id).ivs, true) + ")]";
    out += ind + "schedule: \"[{ " + body + " }]\"\n";
    out += ind + "child:\n";
    treeText(n.children.front(), ind + "  ", info, out);
    return;
  }
  case CNode::Seq:
    out += ind + "sequence:\n";
    for (size_t k = 0; k < n.children.size(); ++k) {
      out += ind + "- filter: \"" + universeText(n.filters[k], info) + "\"\n";
      out += ind + "  child:\n";
      treeText(n.children[k], ind + "    ", info, out);
    }
    return;
  }
}

std::string flatText(const std::map<int, std::vector<Aff>> &comps,
                     const std::map<int, StmtInfo> &info) {
  std::string out;
  for (const auto &[id, cs] : comps) {
    std::string t;
    for (const Aff &a : cs)
      t += (t.empty() ? "" : ", ") + a.text(info.at(id).ivs, true);
    out += (out.empty() ? "" : "; ") + tupleText(id, info.at(id)) + " -> [" +
           t + "]";
  }
  return "{ " + out + " }";
}

bool lexLess(const std::vector<int64_t> &a, const std::vector<int64_t> &b) {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
}

// (type, src, dst, space)
using Key = std::tuple<int, int64_t, int64_t, std::string>;
using PairSet = std::set<std::pair<std::vector<int64_t>, std::vector<int64_t>>>;

struct Truth {
  std::map<Key, PairSet> deps;
  std::map<Key, PairSet> violated;
  /// Per violated key: the time differences of its violated pairs.
  std::map<Key, std::set<std::vector<int64_t>>> distances;
};

Truth bruteForce(const std::vector<Executed> &run,
                 const std::map<int, std::vector<Aff>> &comps) {
  size_t K = 0;
  for (const auto &[id, cs] : comps)
    K = std::max(K, cs.size());
  auto timeOf = [&](const Instance &in) {
    std::vector<int64_t> t;
    for (const Aff &a : comps.at(in.id))
      t.push_back(a.eval(in.iv));
    t.resize(K, 0);
    return t;
  };
  Truth truth;
  for (size_t u = 0; u < run.size(); ++u) {
    for (size_t v = u + 1; v < run.size(); ++v) {
      const Executed &a = run[u], &b = run[v];
      auto record = [&](DependenceType type, const std::string &space) {
        Key key{int(type), a.inst.id, b.inst.id, space};
        auto pr = std::make_pair(a.inst.iv, b.inst.iv);
        truth.deps[key].insert(pr);
        std::vector<int64_t> ta = timeOf(a.inst), tb = timeOf(b.inst);
        if (!lexLess(ta, tb)) {
          truth.violated[key].insert(pr);
          for (size_t c = 0; c < K; ++c)
            tb[c] -= ta[c];
          truth.distances[key].insert(tb);
        }
      };
      if (a.write)
        for (const Address &r : b.reads)
          if (r == *a.write)
            record(DependenceType::RAW, r.first);
      if (b.write)
        for (const Address &r : a.reads)
          if (r == *b.write)
            record(DependenceType::WAR, r.first);
      if (a.write && b.write && *a.write == *b.write)
        record(DependenceType::WAW, a.write->first);
    }
  }
  return truth;
}

/// The value-based dependences of the executed order: per read, the last
/// write of its address before it (RAW); per read, the first write after
/// it (WAR); per write, the last write before it (WAW).
std::map<Key, PairSet> exactTruth(const std::vector<Executed> &run) {
  std::map<Key, PairSet> deps;
  auto record = [&](DependenceType type, const Executed &a, const Executed &b,
                    const std::string &space) {
    deps[Key{int(type), a.inst.id, b.inst.id, space}].insert(
        {a.inst.iv, b.inst.iv});
  };
  for (size_t v = 0; v < run.size(); ++v) {
    const Executed &b = run[v];
    for (const Address &r : b.reads) {
      for (size_t u = v; u-- > 0;)
        if (run[u].write && *run[u].write == r) {
          record(DependenceType::RAW, run[u], b, r.first);
          break;
        }
      for (size_t w = v + 1; w < run.size(); ++w)
        if (run[w].write && *run[w].write == r) {
          record(DependenceType::WAR, b, run[w], r.first);
          break;
        }
    }
    if (b.write)
      for (size_t u = v; u-- > 0;)
        if (run[u].write && *run[u].write == *b.write) {
          record(DependenceType::WAW, run[u], b, b.write->first);
          break;
        }
  }
  return deps;
}

/// The pairs of `rel` among the executed instances of src x dst.
PairSet pairsOf(const Relation &rel, const std::vector<Executed> &run,
                int64_t src, int64_t dst) {
  PairSet out;
  for (const Executed &a : run) {
    if (a.inst.id != src)
      continue;
    for (const Executed &b : run) {
      if (b.inst.id != dst)
        continue;
      presburger::Point p;
      for (int64_t x : a.inst.iv)
        p.push_back(Int(x));
      for (int64_t x : b.inst.iv)
        p.push_back(Int(x));
      if (rel.containsPoint(p))
        out.insert({a.inst.iv, b.inst.iv});
    }
  }
  return out;
}

std::string keyText(const Key &k) {
  return std::string(toString(DependenceType(std::get<0>(k)))) + " s" +
         std::to_string(std::get<1>(k)) + " -> s" +
         std::to_string(std::get<2>(k)) + " on " + std::get<3>(k);
}

// Under AddressSanitizer (a Debug build, ten to thirty times slower) a
// tenth of the kernels: the Release run checks all of them.
#ifdef __SANITIZE_ADDRESS__
constexpr unsigned kGeneratedKernels = 30;
#else
constexpr unsigned kGeneratedKernels = 300;
#endif

TEST(DependenceCrossCheck, GeneratedKernelsAgainstBruteForce) {
  int kernels = 0, schedules = 0, illegal = 0, depsSeen = 0, shared = 0,
      wrapped = 0, exactPairs = 0, exactStops = 0;
  for (unsigned seed = 1; seed <= kGeneratedKernels; ++seed) {
    Generator g(seed);
    GKernel gk = g.kernel();
    std::string text = kernelText(gk);
    SCOPED_TRACE("seed " + std::to_string(seed) + "\n" + text);
    Module m = parseModule(text, "<generated>");
    const Kernel &k = m.kernels.front();
    DependenceAnalysis da(k);

    std::vector<Executed> run;
    std::vector<int64_t> iv;
    execute(gk, gk.body, iv, run);
    std::map<int, StmtInfo> info;
    std::vector<std::string> ivs;
    stmtInfo(gk.body, ivs, info);
    ++kernels;
    for (const GTensor &t : gk.tensors) {
      shared += t.allocName ? 1 : 0;
      bool wraps = false;
      if (t.alloc)
        for (size_t d = 0; d < t.shape.size(); ++d)
          wraps = wraps || (*t.alloc)[d] < t.shape[d];
      wrapped += wraps ? 1 : 0;
    }

    // The domain: exactly the executed instances (within the loop boxes).
    presburger::UnionRelation domain = da.domain();
    {
      std::set<std::pair<int, std::vector<int64_t>>> executed;
      for (const Executed &e : run)
        executed.insert({e.inst.id, e.inst.iv});
      size_t inDomain = 0;
      for (const presburger::Relation &piece : domain.pieces()) {
        int id = std::stoi(piece.space().setTuple().name().substr(1));
        size_t depth = piece.numRange();
        std::vector<int64_t> pt(depth, -3);
        // Every point of [-3, 8]^depth (the loops stay inside).
        while (true) {
          presburger::Point p;
          for (int64_t x : pt)
            p.push_back(Int(x));
          if (piece.containsPoint(p)) {
            ++inDomain;
            EXPECT_TRUE(executed.count({id, pt})) << "s" << id;
          }
          size_t k = 0;
          while (k < depth && ++pt[k] > 8)
            pt[k++] = -3;
          if (k == depth)
            break;
        }
      }
      EXPECT_EQ(inDomain, executed.size());
    }

    // The dependences in program order.
    CNode orig = original(gk.body, 0, info);
    std::map<int, std::vector<Aff>> none, origComps;
    components(orig, none, origComps, info);
    Truth t0 = bruteForce(run, origComps);
    EXPECT_TRUE(t0.violated.empty()) << "the original order violates itself";
    std::vector<Dependence> deps = da.dependences();
    std::map<Key, const Dependence *> byKey;
    for (const Dependence &d : deps) {
      Key key{int(d.type), d.srcId, d.dstId, d.tensor};
      byKey[key] = &d;
      PairSet got = pairsOf(d.relation, run, d.srcId, d.dstId);
      auto it = t0.deps.find(key);
      ASSERT_TRUE(it != t0.deps.end())
          << "the analysis finds " << keyText(key)
          << " but no executed pair depends: " << d.relation.toString();
      EXPECT_EQ(got, it->second) << keyText(key);
      // Nothing outside the executed instances.
      EXPECT_TRUE(
          presburger::UnionRelation(d.relation.domain()).isSubsetOf(domain));
      EXPECT_TRUE(
          presburger::UnionRelation(d.relation.range()).isSubsetOf(domain));
    }
    for (const auto &[key, pairs] : t0.deps)
      EXPECT_TRUE(byKey.count(key)) << "missing " << keyText(key);
    depsSeen += int(deps.size());

    // The exact (value-based) dependences.
    DependenceAnalysis exactDa(k, DependenceMode::Exact);
    std::map<Key, PairSet> exactWant = exactTruth(run), exactGot;
    std::vector<Dependence> exactDeps;
    bool exactStopped = false;
    try {
      // A bounded budget: kernels whose wrapping allocations make the
      // lexmax blow up stop fast (counted, bounded below).
      presburger::WorkBudget::Scope budget(100'000'000);
      exactDeps = exactDa.dependences();
    } catch (const presburger::LimitExceeded &) {
      exactStopped = true;
      ++exactStops;
      if (std::getenv("PENGUIN_SHOW_STOPS"))
        std::cerr << "exact analysis stopped:\n" << text;
    }
    for (const Dependence &d : exactDeps)
      exactGot[Key{int(d.type), d.srcId, d.dstId, d.tensor}] =
          pairsOf(d.relation, run, d.srcId, d.dstId);
    if (!exactStopped) {
      EXPECT_EQ(exactGot, exactWant);
    }
    for (const auto &[key, pairs] : exactWant)
      exactPairs += int(pairs.size());

    // Candidate schedules.
    for (int c = 0; c < 4; ++c) {
      CNode cand = orig;
      if (c > 0)
        mutate(cand, g);
      std::map<int, std::vector<Aff>> comps;
      std::map<int, std::vector<Aff>> empty;
      components(cand, empty, comps, info);
      std::string schedText;
      if (g.chance(50)) {
        std::set<int> all;
        for (const auto &[id, si] : info)
          all.insert(id);
        schedText = "domain: \"" + universeText(all, info) + "\"\nchild:\n";
        treeText(cand, "  ", info, schedText);
      } else {
        schedText = flatText(comps, info);
      }
      SCOPED_TRACE("schedule:\n" + schedText);
      presburger::UnionRelation sched = parseSchedule(schedText);
      Truth truth = bruteForce(run, comps);
      std::vector<DependenceViolation> vs;
      try {
        vs = da.findViolations(sched);
      } catch (const std::exception &e) {
        ADD_FAILURE() << "seed " << seed << ": " << e.what() << "\n"
                      << text << schedText;
        continue;
      }
      std::map<Key, PairSet> got;
      for (const DependenceViolation &v : vs) {
        Key key{int(v.type), v.srcId, v.dstId, v.tensor};
        got[key] = pairsOf(v.violated, run, v.srcId, v.dstId);
        EXPECT_EQ(got[key].size() > 0, true) << keyText(key);
        // The reported distances include every violated time difference
        // and none of them is lexicographically positive.
        auto dt = truth.distances.find(key);
        if (dt != truth.distances.end())
          for (const std::vector<int64_t> &d : dt->second) {
            presburger::Point p;
            for (int64_t x : d)
              p.push_back(Int(x));
            EXPECT_TRUE(v.distances.containsPoint(p)) << keyText(key);
          }
        std::string zero = "{ [";
        for (unsigned c = 0; c < v.distances.numRange(); ++c)
          zero += c ? ", 0" : "0";
        EXPECT_TRUE(v.distances
                        .lexOrderTo(presburger::parseRelation(zero + "] }"),
                                    presburger::LexOrder::GT)
                        .isEmpty())
            << keyText(key);
      }
      EXPECT_EQ(got, truth.violated);
      std::optional<DependenceViolation> first = da.checkValidSchedule(sched);
      EXPECT_EQ(first.has_value(), !truth.violated.empty());
      // Exact dependences: legal exactly when the may ones are (all three
      // types), and a RAW violation exactly when the schedule makes some
      // read read another write.
      if (!exactStopped) {
        EXPECT_EQ(exactDa.checkValidSchedule(sched).has_value(),
                  first.has_value());
        DependenceType raw[] = {DependenceType::RAW};
        bool rawBroken = false;
        for (const auto &[key, pairs] : exactWant) {
          if (DependenceType(std::get<0>(key)) != DependenceType::RAW)
            continue;
          for (const auto &[a, b] : pairs) {
            auto ta = comps.at(int(std::get<1>(key)));
            auto tb = comps.at(int(std::get<2>(key)));
            std::vector<int64_t> x, y;
            for (const Aff &e : ta)
              x.push_back(e.eval(a));
            for (const Aff &e : tb)
              y.push_back(e.eval(b));
            size_t K = std::max(x.size(), y.size());
            x.resize(K, 0);
            y.resize(K, 0);
            rawBroken = rawBroken || !lexLess(x, y);
          }
        }
        EXPECT_EQ(exactDa.checkValidSchedule(sched, {}, raw).has_value(),
                  rawBroken);
      }
      if (first && !truth.violated.empty()) {
        // The first violation in the documented order: RAW, WAR, WAW, then
        // source, sink, allocation.
        Key want = truth.violated.begin()->first;
        EXPECT_EQ(
            Key(int(first->type), first->srcId, first->dstId, first->tensor),
            want);
      }
      ++schedules;
      illegal += truth.violated.empty() ? 0 : 1;
    }
  }
  // The generator must exercise what it claims to.
  EXPECT_EQ(kernels, int(kGeneratedKernels));
  EXPECT_GT(illegal, schedules / 5);
  EXPECT_LT(illegal, schedules);
  EXPECT_GT(depsSeen, kernels);
  EXPECT_GT(shared, int(kGeneratedKernels / 60));
  EXPECT_GT(wrapped, int(kGeneratedKernels / 60));
  std::cout << "[cross-check] " << kernels << " kernels, " << schedules
            << " schedules (" << illegal << " illegal), " << depsSeen
            << " dependence relations, " << shared << " shared and " << wrapped
            << " wrapping allocations, " << exactPairs
            << " exact dependent pairs, " << exactStops
            << " exact analyses stopped at the budget\n";
  EXPECT_GT(exactPairs, kernels);
  EXPECT_LE(exactStops, std::max(1, kernels / 50));
}

} // namespace
