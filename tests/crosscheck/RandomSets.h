//===- RandomSets.h - Random sets and relations in isl notation -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Generates random objects as isl-notation text, so that both isl and the
// engine read exactly the same input. Every random choice comes from one
// seeded generator: a seed replays a case.
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_CROSSCHECK_RANDOMSETS_H
#define PRESBURGER_CROSSCHECK_RANDOMSETS_H

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace crosscheck {

/// The shape of one tuple: name (may be empty) and arity.
struct TupleShape {
  std::string name;
  unsigned dims = 1;
};

/// One side of a relation (or a set's tuple) that may be nested: the flat
/// tuple `flat`, or when `nested` the wrapped pair `flat.name[first ->
/// second]` (flat.dims unused).
struct SideShape {
  TupleShape flat;
  bool nested = false;
  TupleShape first, second;
  unsigned dims() const {
    return nested ? first.dims + second.dims : flat.dims;
  }
};

struct GenOptions {
  unsigned maxDisjuncts = 3;
  unsigned maxConstraints = 4;
  int maxCoeff = 3;
  int maxConst = 8;
  /// Probability (percent) of a stride/division constraint and of an
  /// existential variable in a disjunct.
  unsigned stridePercent = 20;
  unsigned existsPercent = 15;
  /// Box every variable into [-box, box] (0: no box).
  int box = 0;
};

class RandomSets {
public:
  explicit RandomSets(uint64_t seed) : rng_(seed) {}

  unsigned below(unsigned n) { return n ? unsigned(rng_() % n) : 0; }
  int between(int lo, int hi) {
    return lo + int(rng_() % unsigned(hi - lo + 1));
  }
  bool percent(unsigned p) { return below(100) < p; }

  /// 0-2 parameters named n, m.
  std::vector<std::string> randomParams();
  /// A random tuple of 1-3 (or up to maxDims) dimensions.
  TupleShape randomTuple(unsigned maxDims = 3, bool allowName = true);

  /// A set over `params` in the space `t`.
  std::string set(const std::vector<std::string> &params, const TupleShape &t,
                  const GenOptions &o);
  /// A relation from `dom` to `ran`.
  std::string relation(const std::vector<std::string> &params,
                       const TupleShape &dom, const TupleShape &ran,
                       const GenOptions &o);

  /// A side of 1-3 dimensions (`nested`: two factors of 0-2 each, at
  /// least one dimension in all), names chosen as by randomTuple.
  SideShape randomSide(bool nested);
  /// A set whose tuple is `t`.
  std::string set(const std::vector<std::string> &params, const SideShape &t,
                  const GenOptions &o);
  /// A relation from `dom` to `ran` (each side flat or nested).
  std::string relation(const std::vector<std::string> &params,
                       const SideShape &dom, const SideShape &ran,
                       const GenOptions &o);

private:
  static std::string sideText(const SideShape &s,
                              const std::vector<std::string> &names);
  std::string body(const std::vector<std::string> &params,
                   const std::vector<std::string> &vars, const GenOptions &o);
  std::string constraint(const std::vector<std::string> &vars,
                         const GenOptions &o);
  std::string affine(const std::vector<std::string> &vars, int maxCoeff,
                     int maxConst, bool allowZero);
  static std::string tupleText(const TupleShape &t,
                               const std::vector<std::string> &names);
  static std::string paramsText(const std::vector<std::string> &params);

  std::mt19937_64 rng_;
};

} // namespace crosscheck

#endif
