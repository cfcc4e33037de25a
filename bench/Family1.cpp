//===- Family1.cpp - Compiler-sized problems ------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Family 1: what a polyhedral compiler asks. Loop nests of depth 1 to 6 with
// six kinds of iteration domain, access relations of the form
// S[i, j] -> A[i + j, 2j], dependence-style compositions and lexicographic
// order on schedules. Every operation of the engine is timed on each kind
// and depth against isl on the same text. The hulls (depth <= 4, tiled
// <= 3) take a
// domain split in two along i0, a domain with a peeled tail of its
// innermost loop (a gap of one iteration), and three diagonal tiles.
//
//   bench-compiler [Google Benchmark flags]
//
// Domain kinds (d loops i0..i{d-1}):
//   rect     parametric box           0 <= ik < n
//   tri      triangular chain         0 <= i0 < n, i{k-1} <= ik < n
//   strided  constant box, strides    0 <= ik < 128, ik mod 4 = 0 (even k)
//   tiled    full tiles only          0 <= ik < n, 32*floor(ik/32) + 32 <= n
//   guard    box with a tail guard    0 <= ik < n, i{d-1} < n - 3
//   mask     box with a mask          0 <= ik < 128, (i{d-1} >= 16 or i0 < 100)
//
//===----------------------------------------------------------------------===//
#include "BenchHarness.h"

#include <string>
#include <vector>

namespace {

/// prefix followed by k (appended rather than `"x" + std::to_string(k)`,
/// which trips GCC 12's -Wrestrict false positive).
std::string numbered(const char *prefix, unsigned k) {
  std::string s(prefix);
  s += std::to_string(k);
  return s;
}

std::string var(unsigned k) { return numbered("i", k); }

std::string tuple(const std::string &name, unsigned d) {
  std::string s = name + "[";
  for (unsigned k = 0; k < d; ++k)
    s += (k ? ", " : "") + var(k);
  return s + "]";
}

std::string join(const std::vector<std::string> &parts, const char *sep) {
  std::string s;
  for (size_t i = 0; i < parts.size(); ++i)
    s += (i ? sep : "") + parts[i];
  return s;
}

/// The constraints of a domain kind, without braces or tuple.
std::vector<std::string> domainConstraints(const std::string &kind,
                                           unsigned d) {
  std::vector<std::string> c;
  std::string last = var(d - 1);
  for (unsigned k = 0; k < d; ++k) {
    std::string v = var(k);
    if (kind == "rect" || kind == "guard")
      c.push_back("0 <= " + v + " < n");
    else if (kind == "tri")
      c.push_back((k ? var(k - 1) : std::string("0")) + " <= " + v + " < n");
    else if (kind == "strided") {
      c.push_back("0 <= " + v + " < 128");
      if (k % 2 == 0)
        c.push_back(v + " mod 4 = 0");
    } else if (kind == "tiled") {
      c.push_back("0 <= " + v + " < n");
      c.push_back("32*floor(" + v + "/32) + 32 <= n");
    } else if (kind == "mask")
      c.push_back("0 <= " + v + " < 128");
  }
  if (kind == "guard")
    c.push_back(last + " < n - 3");
  if (kind == "mask")
    c.push_back("(" + last + " >= 16 or i0 < 100)");
  return c;
}

bool parametric(const std::string &kind) {
  return kind == "rect" || kind == "tri" || kind == "tiled" || kind == "guard";
}

std::string withParams(const std::string &kind, const std::string &body) {
  return parametric(kind) ? "[n] -> " + body : body;
}

std::string domain(const std::string &kind, unsigned d,
                   const std::vector<std::string> &extra = {}) {
  std::vector<std::string> c = domainConstraints(kind, d);
  c.insert(c.end(), extra.begin(), extra.end());
  return withParams(kind,
                    "{ " + tuple("S", d) + " : " + join(c, " and ") + " }");
}

/// The loop box without the kind's special constraints: the context a
/// compiler gists predicates against.
std::string box(const std::string &kind, unsigned d) {
  std::vector<std::string> c;
  for (unsigned k = 0; k < d; ++k) {
    if (parametric(kind))
      c.push_back("0 <= " + var(k) + " < n");
    else
      c.push_back("0 <= " + var(k) + " < 128");
  }
  return withParams(kind,
                    "{ " + tuple("S", d) + " : " + join(c, " and ") + " }");
}

/// A guard set in the domain's space (a predicate a compiler intersects
/// with): the tail of the innermost loop.
std::string guardSet(const std::string &kind, unsigned d) {
  std::string last = var(d - 1);
  std::string bound = parametric(kind) ? "n - 3" : "125";
  return withParams(kind,
                    "{ " + tuple("S", d) + " : " + last + " < " + bound + " }");
}

/// The access S[i0..] -> A[i0 + i1, i1 + i2, ..., 2*i{d-1}].
std::string accessExprs(unsigned d) {
  std::vector<std::string> e;
  for (unsigned k = 0; k + 1 < d; ++k)
    e.push_back(var(k) + " + " + var(k + 1));
  e.push_back("2*" + var(d - 1));
  return "A[" + join(e, ", ") + "]";
}

std::string access(unsigned d) {
  return "{ " + tuple("S", d) + " -> " + accessExprs(d) + " }";
}

/// The access restricted to the domain.
std::string accessOnDomain(const std::string &kind, unsigned d) {
  std::vector<std::string> c = domainConstraints(kind, d);
  return withParams(kind, "{ " + tuple("S", d) + " -> " + accessExprs(d) +
                              " : " + join(c, " and ") + " }");
}

/// The inverse of a write access of statement T (same shape), restricted
/// to T's domain: A[..] -> T[i0..]. Composing a read access with it gives
/// the pairs touching the same element (a dependence before ordering).
std::string inverseWriteOnDomain(const std::string &kind, unsigned d) {
  std::vector<std::string> c = domainConstraints(kind, d);
  std::vector<std::string> e;
  for (unsigned k = 0; k + 1 < d; ++k)
    e.push_back(var(k) + " + " + var(k + 1));
  e.push_back("2*" + var(d - 1));
  std::string a = "A[";
  for (unsigned k = 0; k < d; ++k) {
    a += k ? ", " : "";
    a += numbered("a", k);
    c.push_back(numbered("a", k) + " = " + e[k]);
  }
  a += "]";
  return withParams(kind, "{ " + a + " -> " + tuple("T", d) + " : " +
                              join(c, " and ") + " }");
}

/// A dependence relation S[i] -> S[i'] with i' = i + 1 on the innermost
/// loop, the kind a compiler takes lexmin/lexmax of (next iteration).
std::string dependence(const std::string &kind, unsigned d) {
  std::vector<std::string> c = domainConstraints(kind, d);
  std::string out = "S[";
  for (unsigned k = 0; k < d; ++k)
    out += (k ? ", " : "") + var(k) + "'";
  out += "]";
  std::vector<std::string> rel = c;
  for (unsigned k = 0; k < d; ++k)
    rel.push_back(var(k) + "' >= " + var(k));
  std::string lastP = var(d - 1) + "'";
  rel.push_back(lastP + " <= " + var(d - 1) + " + 8");
  for (unsigned k = 0; k < d; ++k) {
    // The target is inside the domain too (same constraints on primed vars).
    std::string v = var(k) + "'";
    if (parametric(kind))
      rel.push_back(v + " < n");
    else
      rel.push_back(v + " < 128");
  }
  if (kind == "strided")
    rel.push_back(var(0) + "' mod 4 = 0");
  return withParams(kind, "{ " + tuple("S", d) + " -> " + out + " : " +
                              join(rel, " and ") + " }");
}

/// The domain split in two pieces along i0 (what code generation and
/// index-set splitting produce), to be coalesced back.
std::string splitDomain(const std::string &kind, unsigned d) {
  std::string cut = parametric(kind) ? "10" : "64";
  std::vector<std::string> c = domainConstraints(kind, d);
  std::string body = join(c, " and ");
  std::string t = tuple("S", d);
  return withParams(kind, "{ " + t + " : " + body + " and i0 < " + cut + "; " +
                              t + " : " + body + " and i0 >= " + cut + " }");
}

/// The same domain written differently: constraints reversed and a
/// redundant bound added.
std::string domainRewritten(const std::string &kind, unsigned d) {
  std::vector<std::string> c = domainConstraints(kind, d);
  std::vector<std::string> r(c.rbegin(), c.rend());
  r.push_back(var(0) + " <= 1000000");
  if (parametric(kind))
    r.push_back(var(d - 1) + " <= n + 5");
  return withParams(kind,
                    "{ " + tuple("S", d) + " : " + join(r, " and ") + " }");
}

/// Three diagonal tiles of a domain: tile t is 32t <= i0, i{d-1} < 32t + 32
/// (what tiling and a wavefront produce); the hull is a skewed band.
std::string diagonalTiles(const std::string &kind, unsigned d) {
  std::vector<std::string> c = domainConstraints(kind, d);
  std::string body = join(c, " and ");
  std::string t = tuple("S", d), last = var(d - 1);
  std::vector<std::string> parts;
  for (int k = 0; k < 3; ++k) {
    std::string lo = std::to_string(32 * k), hi = std::to_string(32 * k + 32);
    parts.push_back(t + " : " + body + " and " + lo + " <= i0 < " + hi +
                    " and " + lo + " <= " + last + " < " + hi);
  }
  return withParams(kind, "{ " + join(parts, "; ") + " }");
}

/// The domain with its innermost loop split into a main part and a tail of
/// three iterations (loop peeling), the tail shifted by one (a gap): the
/// hull closes the gap.
std::string peeledTail(const std::string &kind, unsigned d) {
  std::vector<std::string> c = domainConstraints(kind, d);
  std::string body = join(c, " and ");
  std::string t = tuple("S", d), last = var(d - 1);
  std::string cut = parametric(kind) ? "n - 4" : "124";
  return withParams(kind, "{ " + t + " : " + body + " and " + last + " < " +
                              cut + "; " + t + " : " + body + " and " + last +
                              " > " + cut + " }");
}

void addCase(const std::string &op, const std::string &instance,
             std::vector<std::string> inputs, std::vector<int> ints = {}) {
  bench::registerCase({"f1", op, instance, std::move(inputs), std::move(ints)});
}

void registerAll() {
  const std::vector<std::string> kinds = {"rect",  "tri",   "strided",
                                          "tiled", "guard", "mask"};
  for (const std::string &kind : kinds)
    for (unsigned d = 1; d <= 6; ++d) {
      std::string inst = kind + "-d" + std::to_string(d);
      std::string dom = domain(kind, d);
      addCase("is_empty", inst, {dom});
      // Integer-empty but rationally non-empty: a parity contradiction.
      addCase("is_empty", inst + "-parity",
              {domain(kind, d, {"i0 mod 4 = 1", "i0 mod 2 = 0"})});
      addCase("intersect", inst, {dom, guardSet(kind, d)});
      addCase("union", inst, {dom, domain(kind, d, {"i0 >= 1"})});
      addCase("subtract", inst, {dom, guardSet(kind, d)});
      addCase("is_subset", inst,
              {domain(kind, d, {var(d - 1) + " >= 2"}), dom});
      addCase("is_equal", inst, {dom, domainRewritten(kind, d)});
      addCase("project", inst, {dom}, {int(d - 1), 1});
      addCase("apply", inst, {dom, access(d)});
      addCase("apply_range", inst,
              {accessOnDomain(kind, d), inverseWriteOnDomain(kind, d)});
      addCase("lex_lt", inst, {dom, dom});
      addCase("lexmin", inst, {dom});
      addCase("lexmin", inst + "-dep", {dependence(kind, d)});
      addCase("gist", inst,
              {domain(kind, d, {var(d - 1) + " < 100"}), box(kind, d)});
      addCase("coalesce", inst, {splitDomain(kind, d)});
      // Hulls: depth 4 at most, 3 for `tiled` (hulls of several divisions
      // and a parameter get expensive for both engines: at depth 4 our
      // convex hull of the split tiled domain exceeds the work budget and
      // isl's hull of the peeled one runs for minutes; every case runs once
      // at registration).
      if (d <= (kind == "tiled" ? 3u : 4u))
        for (const char *hull :
             {"convex_hull", "polyhedral_hull", "simple_hull"}) {
          addCase(hull, inst + "-split", {splitDomain(kind, d)});
          addCase(hull, inst + "-peeled", {peeledTail(kind, d)});
          if (d >= 2)
            addCase(hull, inst + "-tiles", {diagonalTiles(kind, d)});
        }
    }
}

} // namespace

int main(int argc, char **argv) {
  registerAll();
  return bench::runBenchmarks(argc, argv);
}
