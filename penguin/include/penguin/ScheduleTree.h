//===- ScheduleTree.h - Schedule trees in isl's style -----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A schedule says when every statement instance runs. The dependence
// analysis (Dependence.h) builds the schedule of the original program as a
// tree in the shape isl gives it (the seed's get_schedule_tree docstring):
//
//   DOMAIN (all statement instances)
//     BAND      one affine time dimension per member, { sN[ivs] -> [(e)] }
//     SEQUENCE  children run one after the other
//       FILTER  the instances that take this branch
//     MARK      a named leaf marker ("sN" for instruction N)
//     LEAF      (not printed)
//
// The tree prints and parses in isl's YAML form (block style by default,
// flow style on request; docs/penguin-dependences.md has the grammar):
//
//   domain: "{ s0[i] : i >= 0 and 9 >= i }"
//   child:
//     schedule: "[{ s0[i] -> [(i)] }]"
//     child:
//       mark: "s0"
//
// getMap() flattens a tree into one relation { sN[ivs] -> [t0, t1, ...] }
// the way isl_schedule_get_map does: a band appends its members, a sequence
// appends the position of the child, shorter time vectors are padded with
// zeros at the end so every statement has the same number of dimensions.
// A schedule can also be written directly as such a relation
// (parseSchedule accepts both forms).
//
// Nodes are values (a node owns its children). Every construction checks the
// node's shape and throws ScheduleError when it is wrong.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_SCHEDULETREE_H
#define PENGUIN_SCHEDULETREE_H

#include "penguin/Error.h"

#include "presburger/Relation.h"
#include "presburger/UnionRelation.h"

#include <string>
#include <string_view>
#include <vector>

namespace penguin {

/// A schedule that is malformed or does not fit the kernel it is used with
/// (a band that is not a function, a relation where a set is needed, a
/// statement that is not scheduled, ...). Text errors are ParseError.
class ScheduleError : public Error {
public:
  using Error::Error;
};

enum class ScheduleNodeKind { Domain, Band, Sequence, Filter, Mark, Leaf };

/// "domain", "band", "sequence", "filter", "mark", "leaf".
std::string_view toString(ScheduleNodeKind kind);

class ScheduleNode {
public:
  /// A leaf.
  ScheduleNode();

  static ScheduleNode leaf() { return ScheduleNode(); }
  /// The root: `set` is a union set of statement instances.
  static ScheduleNode domain(presburger::UnionRelation set,
                             ScheduleNode child = ScheduleNode());
  /// A band of one or more members; each member is a union relation
  /// { sN[ivs] -> [t] } with one anonymous output dimension (single-valued;
  /// the statements it does not mention must not reach it).
  static ScheduleNode band(std::vector<presburger::UnionRelation> members,
                           ScheduleNode child = ScheduleNode());
  /// A sequence; every child must be a filter node.
  static ScheduleNode sequence(std::vector<ScheduleNode> filters);
  /// The instances of `set` (a union set) continue into `child`.
  static ScheduleNode filter(presburger::UnionRelation set,
                             ScheduleNode child = ScheduleNode());
  /// A marker with a name.
  static ScheduleNode mark(std::string name,
                           ScheduleNode child = ScheduleNode());

  ScheduleNodeKind kind() const { return kind_; }
  bool isLeaf() const { return kind_ == ScheduleNodeKind::Leaf; }
  /// The set of a domain or filter node (ScheduleError for other kinds).
  const presburger::UnionRelation &set() const;
  /// The members of a band node.
  const std::vector<presburger::UnionRelation> &members() const;
  /// The name of a mark node.
  const std::string &markName() const;
  /// The children: none for a leaf, the filters of a sequence, one child
  /// (possibly a leaf) otherwise.
  const std::vector<ScheduleNode> &children() const { return children_; }
  /// The only child of a domain, band, filter or mark node.
  const ScheduleNode &child() const;

private:
  ScheduleNodeKind kind_ = ScheduleNodeKind::Leaf;
  presburger::UnionRelation set_;
  std::vector<presburger::UnionRelation> members_;
  std::string name_;
  std::vector<ScheduleNode> children_;
};

enum class YamlStyle { Block, Flow };

class ScheduleTree {
public:
  /// `root` must be a domain node (ScheduleError otherwise).
  explicit ScheduleTree(ScheduleNode root);

  const ScheduleNode &root() const { return root_; }
  const presburger::UnionRelation &domain() const { return root_.set(); }

  /// isl's YAML form: block style (as isl_schedule_dump) or flow style (as
  /// isl_schedule_to_str). Block style ends with a newline.
  std::string str(YamlStyle style = YamlStyle::Block) const;

  /// Reads either YAML style. Throws ParseError (with `file`, line and
  /// column) on malformed text, including an isl string that does not
  /// parse, and ScheduleError on a well-formed tree of the wrong shape.
  static ScheduleTree parse(std::string_view text,
                            const std::string &file = "<schedule>");

  /// The flattened schedule { sN[ivs] -> [t0, ..., tK-1] } (see the file
  /// comment). Instances of the domain that reach no leaf are not in it.
  /// Throws ScheduleError when a band member does not give a time to every
  /// instance that reaches the band.
  presburger::UnionRelation getMap() const;

private:
  ScheduleNode root_;
};

/// The text of a band: `[{ s0[i] -> [(i)]; s1[i, j] -> [(i)] }]`, with a
/// `[params] -> ` prefix when there are parameters. A member piece that is
/// not a quasi-affine function of its domain is printed in relation form.
std::string printBand(const std::vector<presburger::UnionRelation> &members);

/// Each disjunct simplified (redundant constraints removed, equalities
/// detected), then printed by the engine's printer in isl's style: the
/// dimensions an equality defines are written as expressions in the tuple
/// and the other constraints over the earlier dimensions, e.g.
/// `{ s0[i, j] -> s1[1 + i, j] : 0 <= i <= 6 and 0 <= j <= 7 }`. Reads back
/// with presburger::parseUnion to the same set.
std::string printCompact(const presburger::UnionRelation &u);
std::string printCompact(const presburger::Relation &r);

/// Reads a candidate schedule: a schedule tree in either YAML style
/// (the text starts with `domain:` or `{ domain:`), or an isl union
/// relation { sN[ivs] -> [t0, ...] } (anything else). Returns the
/// flattened map, padded with zeros at the end to one arity. Throws
/// ParseError (positions in `text`, named `file`) or ScheduleError.
presburger::UnionRelation parseSchedule(std::string_view text,
                                        const std::string &file = "<schedule>");

/// Pads the anonymous ranges of a schedule map to the longest one with
/// zeros at the end (as isl_schedule_get_map does). ScheduleError when a
/// piece is not a relation with an anonymous, flat range tuple.
presburger::UnionRelation padSchedule(const presburger::UnionRelation &map);

} // namespace penguin

#endif // PENGUIN_SCHEDULETREE_H
