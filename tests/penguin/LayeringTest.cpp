//===- LayeringTest.cpp - penguin's layers, checked on its sources --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// penguin is built in layers, lowest first (docs/penguin-ir.md, "Layers"):
// expressions, the IR, its text form, the analyses, the passes, the driver.
// Each source lives in the folder of its layer (penguin/src/<layer>/, the
// driver in penguin/cli/), each public header is assigned a layer below,
// and no file includes a header of a higher layer; the engine's headers
// (presburger/...) are below all of them. The IR headers in particular do
// not include the analyses.
//
//===----------------------------------------------------------------------===//
#include "LayerMap.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace {

/// The layer of each public header (penguin/include/penguin/), as the
/// table in docs/penguin-ir.md has it.
const std::map<std::string, std::string> kPublicHeaders = {
    {"Error.h", "expr"},
    {"AffineExpr.h", "expr"},
    {"Linearize.h", "expr"},
    {"AffinePredicate.h", "expr"},
    {"AddressSplit.h", "expr"},
    {"Tile.h", "expr"},
    {"Mask.h", "expr"},
    {"Tensor.h", "ir"},
    {"AccessPattern.h", "ir"},
    {"Instruction.h", "ir"},
    {"Loop.h", "ir"},
    {"Kernel.h", "ir"},
    {"AffineSelect.h", "ir"},
    {"Names.h", "ir"},
    {"Verify.h", "ir"},
    {"Parser.h", "text"},
    {"Printer.h", "text"},
    {"IntegerSetBridge.h", "analysis"},
    {"IntegerSetAnalysis.h", "analysis"},
    {"AccessCache.h", "analysis"},
    {"AllocationMap.h", "analysis"},
    {"AddressReadBack.h", "analysis"},
    {"ScheduleTree.h", "analysis"},
    {"Dependence.h", "analysis"},
    {"Pass.h", "transforms"},
    {"Statistics.h", "transforms"},
    {"Canonicalize.h", "transforms"},
    {"PredicateSimplifier.h", "transforms"},
    {"AccessRewriter.h", "transforms"},
    {"MemcpyElimination.h", "transforms"},
    {"DependencePasses.h", "transforms"},
    {"RegenerateLoops.h", "transforms"},
};

layering::LayerMap penguinLayers() {
  layering::LayerMap m;
  m.root = std::filesystem::path(PENGUIN_SOURCE_DIR) / "penguin";
  m.layers = {"expr", "ir", "text", "analysis", "transforms", "cli"};
  m.headerPrefix = "penguin/";
  m.publicHeaders = kPublicHeaders;
  m.folderLayers = {{"cli", "cli"}};
  m.lowerLibraries = {"presburger/"};
  return m;
}

TEST(PenguinLayeringTest, EverySourceAndPublicHeaderHasALayer) {
  for (const std::string &v : penguinLayers().placementViolations())
    ADD_FAILURE() << v;
}

TEST(PenguinLayeringTest, IncludesPointDown) {
  for (const std::string &v : penguinLayers().includeViolations())
    ADD_FAILURE() << v;
}

TEST(PenguinLayeringTest, TheIRDoesNotIncludeTheAnalyses) {
  // Spelled out because it was the reason for the layers: Instruction.h
  // once pulled in Mask.h's analyses.
  layering::LayerMap m = penguinLayers();
  for (const layering::SourceFile &f : m.sources()) {
    if (f.layer != "ir")
      continue;
    EXPECT_EQ(f.text.find("penguin/IntegerSet"), std::string::npos) << f.path;
  }
}

} // namespace
