//===- ScheduleTree.cpp - Schedule trees in isl's style -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The tree model: nodes and their invariants. Printing, reading and
// flattening live beside it (ScheduleTreePrinter.cpp, ScheduleTreeReader.cpp,
// ScheduleTreeFlatten.cpp).
//
//===----------------------------------------------------------------------===//

#include "penguin/ScheduleTree.h"

#include <utility>

namespace penguin {

using presburger::Relation;
using presburger::Tuple;
using presburger::UnionRelation;

std::string_view toString(ScheduleNodeKind kind) {
  switch (kind) {
  case ScheduleNodeKind::Domain:
    return "domain";
  case ScheduleNodeKind::Band:
    return "band";
  case ScheduleNodeKind::Sequence:
    return "sequence";
  case ScheduleNodeKind::Filter:
    return "filter";
  case ScheduleNodeKind::Mark:
    return "mark";
  case ScheduleNodeKind::Leaf:
    return "leaf";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Nodes
//===----------------------------------------------------------------------===//

namespace {

void checkChild(const ScheduleNode &child, const char *parent) {
  if (child.kind() == ScheduleNodeKind::Domain)
    throw ScheduleError(std::string("a domain node can only be the root, not "
                                    "the child of a ") +
                        parent + " node");
}

void checkSetUnion(const UnionRelation &set, const char *what) {
  if (!set.isSetUnion())
    throw ScheduleError(std::string("the ") + what +
                        " must be a set of statement instances, not "
                        "a relation: " +
                        set.toString());
}

} // namespace

ScheduleNode::ScheduleNode() = default;

ScheduleNode ScheduleNode::domain(UnionRelation set, ScheduleNode child) {
  checkSetUnion(set, "domain");
  checkChild(child, "domain");
  ScheduleNode n;
  n.kind_ = ScheduleNodeKind::Domain;
  n.set_ = std::move(set);
  n.children_.push_back(std::move(child));
  return n;
}

ScheduleNode ScheduleNode::band(std::vector<UnionRelation> members,
                                ScheduleNode child) {
  if (members.empty())
    throw ScheduleError("a band needs at least one member");
  for (const UnionRelation &m : members) {
    if (!m.isRelationUnion())
      throw ScheduleError("a band member must map statement instances to a "
                          "time, not be a set: " +
                          m.toString());
    for (const Relation &p : m.pieces()) {
      const Tuple &out = p.space().rangeTuple();
      if (out.numDims() != 1 || out.hasName() || out.isNested())
        throw ScheduleError("a band member must map each statement to one "
                            "anonymous dimension, [(e)]: " +
                            p.toString());
      if (p.space().domainTuple().isNested() ||
          !p.space().domainTuple().hasName())
        throw ScheduleError("a band member must be defined on named "
                            "statement tuples: " +
                            p.toString());
      if (!p.isSingleValued())
        throw ScheduleError("a band member must give one time to each "
                            "instance (it is not a function): " +
                            p.toString());
    }
  }
  checkChild(child, "band");
  ScheduleNode n;
  n.kind_ = ScheduleNodeKind::Band;
  n.members_ = std::move(members);
  n.children_.push_back(std::move(child));
  return n;
}

ScheduleNode ScheduleNode::sequence(std::vector<ScheduleNode> filters) {
  if (filters.empty())
    throw ScheduleError("a sequence needs at least one filter child");
  for (const ScheduleNode &f : filters)
    if (f.kind() != ScheduleNodeKind::Filter)
      throw ScheduleError("every child of a sequence must be a filter node, "
                          "not a " +
                          std::string(toString(f.kind())) + " node");
  ScheduleNode n;
  n.kind_ = ScheduleNodeKind::Sequence;
  n.children_ = std::move(filters);
  return n;
}

ScheduleNode ScheduleNode::filter(UnionRelation set, ScheduleNode child) {
  checkSetUnion(set, "filter");
  checkChild(child, "filter");
  ScheduleNode n;
  n.kind_ = ScheduleNodeKind::Filter;
  n.set_ = std::move(set);
  n.children_.push_back(std::move(child));
  return n;
}

ScheduleNode ScheduleNode::mark(std::string name, ScheduleNode child) {
  if (name.empty())
    throw ScheduleError("a mark needs a name");
  checkChild(child, "mark");
  ScheduleNode n;
  n.kind_ = ScheduleNodeKind::Mark;
  n.name_ = std::move(name);
  n.children_.push_back(std::move(child));
  return n;
}

const UnionRelation &ScheduleNode::set() const {
  if (kind_ != ScheduleNodeKind::Domain && kind_ != ScheduleNodeKind::Filter)
    throw ScheduleError("a " + std::string(toString(kind_)) +
                        " node has no set");
  return set_;
}

const std::vector<UnionRelation> &ScheduleNode::members() const {
  if (kind_ != ScheduleNodeKind::Band)
    throw ScheduleError("a " + std::string(toString(kind_)) +
                        " node has no band members");
  return members_;
}

const std::string &ScheduleNode::markName() const {
  if (kind_ != ScheduleNodeKind::Mark)
    throw ScheduleError("a " + std::string(toString(kind_)) +
                        " node has no mark name");
  return name_;
}

const ScheduleNode &ScheduleNode::child() const {
  if (kind_ == ScheduleNodeKind::Leaf || kind_ == ScheduleNodeKind::Sequence)
    throw ScheduleError("a " + std::string(toString(kind_)) +
                        " node has no single child");
  return children_.front();
}

ScheduleTree::ScheduleTree(ScheduleNode root) : root_(std::move(root)) {
  if (root_.kind() != ScheduleNodeKind::Domain)
    throw ScheduleError("the root of a schedule tree must be a domain node, "
                        "not a " +
                        std::string(toString(root_.kind())) + " node");
}

} // namespace penguin
