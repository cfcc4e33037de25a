//===- Space.h - Parameters and tuples of sets and relations ----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A space says what the variables of a set or relation are: the named
// parameters, and for a set one tuple, for a relation an input (domain) and
// an output (range) tuple. A tuple has an optional name and either a flat
// list of dimensions or a nested pair of tuples (a wrapped relation, written
// `[A[i] -> B[j]]` in isl notation). A params space has no tuple at all
// (`[n] -> { : n > 0 }`).
//
// Dimension names are hints for printing only: two tuples with the same name
// and shape are the same tuple whatever their dimensions are called.
// Parameters are identified by name; objects over different parameter lists
// are aligned by name when they meet (see alignParams in the relation
// classes).
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_SPACE_H
#define PRESBURGER_SPACE_H

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace presburger {

/// The kinds of variable columns, in the order they are laid out in a
/// constraint row: [params | domain | range | locals | constant].
enum class VarKind { Param, Domain, Range, Local };

class Tuple {
public:
  /// An anonymous flat tuple with `numDims` dimensions.
  explicit Tuple(unsigned numDims = 0) : numDims_(numDims) {}
  /// A named flat tuple (an empty name means anonymous).
  Tuple(std::string name, unsigned numDims)
      : name_(std::move(name)), numDims_(numDims) {}
  /// A (possibly named) tuple wrapping the relation `domain -> range`.
  static Tuple nested(std::string name, Tuple domain, Tuple range);

  /// The tuple name (`S` in `S[i, j]`), empty when anonymous.
  const std::string &name() const { return name_; }
  bool hasName() const { return !name_.empty(); }
  /// The number of dimensions, over both sides when nested.
  unsigned numDims() const { return numDims_; }
  /// Whether the tuple wraps a relation (`[A[i] -> B[j]]`), and its two
  /// sides.
  bool isNested() const { return nested_ != nullptr; }
  const Tuple &nestedDomain() const { return nested_->first; }
  const Tuple &nestedRange() const { return nested_->second; }

  /// This tuple with another name (the empty name makes it anonymous).
  Tuple withName(std::string name) const;

  /// Name hints of the dimensions, flattened over nesting; an empty string
  /// is an unnamed dimension. Always numDims() entries.
  std::vector<std::string> dimNames() const;
  /// Sets the name hints (flattened over nesting; size numDims()).
  void setDimNames(const std::vector<std::string> &names);
  /// Drops the name hints.
  void clearDimNames();

  /// Same name and shape (dimension names ignored).
  friend bool operator==(const Tuple &a, const Tuple &b);
  friend bool operator!=(const Tuple &a, const Tuple &b) { return !(a == b); }
  /// A total order on tuples consistent with ==, for maps keyed by space.
  friend bool operator<(const Tuple &a, const Tuple &b);

private:
  void collectNames(std::vector<std::string> &out) const;
  size_t assignNames(const std::vector<std::string> &names, size_t pos);

  std::string name_;
  unsigned numDims_ = 0;
  std::shared_ptr<const std::pair<Tuple, Tuple>> nested_;
  std::vector<std::string> dimNames_; // Flat tuples only; empty = no hints.
};

enum class SpaceKind { Params, Set, Relation };

class Space {
public:
  /// The parameter-only space with no parameters.
  Space() : d_(emptyData()) {}
  /// A params space, a set space and a relation space.
  static Space params(std::vector<std::string> params);
  static Space set(std::vector<std::string> params, Tuple tuple);
  static Space relation(std::vector<std::string> params, Tuple domain,
                        Tuple range);

  /// Which of the three kinds this space is.
  SpaceKind kind() const { return d_->kind; }
  bool isParams() const { return d_->kind == SpaceKind::Params; }
  bool isSet() const { return d_->kind == SpaceKind::Set; }
  bool isRelation() const { return d_->kind == SpaceKind::Relation; }

  /// The parameter names, in column order.
  const std::vector<std::string> &paramNames() const { return d_->params; }
  /// Position of parameter `name`, if present.
  std::optional<unsigned> findParam(const std::string &name) const;
  /// The domain (input) tuple; only for relations.
  const Tuple &domainTuple() const { return d_->domain; }
  /// The range (output) tuple of a relation, or the tuple of a set.
  const Tuple &rangeTuple() const { return d_->range; }
  /// The set's tuple (same as rangeTuple()).
  const Tuple &setTuple() const { return d_->range; }

  /// The number of parameters, domain and range dimensions.
  unsigned numParams() const { return unsigned(d_->params.size()); }
  unsigned numDomain() const { return d_->domain.numDims(); }
  unsigned numRange() const { return d_->range.numDims(); }
  /// Number of set/relation dimensions (domain + range).
  unsigned numDims() const { return numDomain() + numRange(); }
  /// The number of variables of `kind` (no locals in a space).
  unsigned numVars(VarKind kind) const;
  /// First column of variables of `kind` (locals start after the range).
  /// Inline: every row access of a basic relation asks it.
  unsigned offset(VarKind kind) const {
    switch (kind) {
    case VarKind::Param:
      return 0;
    case VarKind::Domain:
      return numParams();
    case VarKind::Range:
      return numParams() + numDomain();
    case VarKind::Local:
      return numParams() + numDomain() + numRange();
    }
    return 0;
  }

  /// Same parameters (in the same order) and same tuples.
  friend bool operator==(const Space &a, const Space &b);
  friend bool operator!=(const Space &a, const Space &b) { return !(a == b); }
  /// Same kind and tuples, parameters ignored: the key of union objects.
  bool sameTuples(const Space &o) const;
  /// A total order on the tuples (parameters ignored) for union maps.
  static bool tupleLess(const Space &a, const Space &b);

  /// This space with other parameters, or another domain or range tuple.
  Space withParams(std::vector<std::string> params) const;
  Space withDomainTuple(Tuple t) const;
  Space withRangeTuple(Tuple t) const;
  /// The set space of this relation's domain / range.
  Space domainSpace() const;
  Space rangeSpace() const;
  /// The params space with this space's parameters.
  Space paramsSpace() const { return params(d_->params); }
  /// The relation space with domain and range exchanged.
  Space reversed() const;
  /// The set space whose tuple wraps this relation.
  Space wrapped() const;
  /// The relation space this wrapped set space unwraps to; throws SpaceError
  /// when the set tuple is not nested.
  Space unwrapped() const;

  /// Human-readable description, e.g. `[n] -> { A[2] -> B[1] }`.
  std::string toString() const;

private:
  // Spaces are shared by every disjunct of a relation and copied often:
  // the data is immutable and reference-counted, so a copy is a pointer copy
  // and equal-space tests usually stop at pointer equality.
  struct Data {
    std::vector<std::string> params;
    SpaceKind kind = SpaceKind::Params;
    Tuple domain, range;
  };
  explicit Space(std::shared_ptr<const Data> d) : d_(std::move(d)) {}
  static const std::shared_ptr<const Data> &emptyData();
  /// A private copy of the data, to build a modified space.
  Data copyData() const { return *d_; }

  std::shared_ptr<const Data> d_;
};

std::string tupleToString(const Tuple &t);

} // namespace presburger

#endif // PRESBURGER_SPACE_H
