//===- Dataflow.h - Exact (value-based) dataflow analysis -------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// For every read, the write whose value it reads: the last write of the
// same element before it in the schedule order, not every earlier write
// (isl's compute_flow; Feautrier 1991, "Dataflow analysis of array and
// scalar references"). Built on exact parametric lexmax over the schedule
// order, so the results are exact, piecewise in the parameters.
//
//   sink        { instance -> element }   the reads analysed
//   mustSource  { instance -> element }   writes that surely happen
//   maySource   { instance -> element }   writes that may happen
//   kill        { instance -> element }   surely overwrite, no dependence
//   schedule    { instance -> time }      times compared lexicographically;
//                                         shorter time tuples are padded
//                                         with zeros at the end
//
// A sink instance reading several elements is analysed per element: the
// analysis works on the accesses [instance -> element].
//
//===----------------------------------------------------------------------===//
#ifndef PRESBURGER_DATAFLOW_H
#define PRESBURGER_DATAFLOW_H

#include "presburger/UnionRelation.h"

namespace presburger {

/// What a dataflow analysis reads (isl's union_access_info). Every
/// relation may be empty; all share their parameters by name.
struct AccessInfo {
  UnionRelation sink;
  UnionRelation mustSource;
  UnionRelation maySource;
  UnionRelation kill;
  UnionRelation schedule;
};

/// What it finds (isl's union_flow).
struct Flow {
  /// { source -> sink }: each sink access related to the last must source
  /// of its element before it, when the last definite write (must source
  /// or kill) before it is a must source and no may source of the element
  /// runs between that write and the sink (as isl).
  UnionRelation mustDependence;
  /// { source -> sink }: the must dependences, and every may source of the
  /// element that runs before the sink and after its last definite write
  /// (or at all when there is none).
  UnionRelation mayDependence;
  /// { instance -> element }: sink accesses with no source at all (no
  /// definite write before them, no may source either).
  UnionRelation mustNoSource;
  /// { instance -> element }: sink accesses with no definite write before
  /// them (a may source, or nothing, provides their value).
  UnionRelation mayNoSource;
};

/// The dataflow of `info` (not coalesced: call coalesce() on what you
/// print). SpaceError when the schedule maps an instance
/// to a nested tuple or the accesses are not relations. Cost: per pair of
/// sink and source spaces a composition and a lexicographic order; one
/// parametric lexmax per sink access space (exponential in the worst case;
/// charges the work budget).
Flow computeFlow(const AccessInfo &info);

/// The schedule with every time tuple padded with zeros to the longest one
/// and anonymous, so that all times are comparable (the convention of
/// computeFlow and of the calculator's `last`/`any`).
UnionRelation padSchedule(const UnionRelation &schedule);

} // namespace presburger

#endif // PRESBURGER_DATAFLOW_H
