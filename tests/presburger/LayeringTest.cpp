//===- LayeringTest.cpp - The engine's layers, checked on its sources -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The engine is built in layers, lowest first (docs/engine.md, "Layers"):
// each source lives in the folder of its layer (presburger/src/<layer>/),
// each public header is assigned to a layer below, and no file includes a
// header of a higher layer. Relation.h, UnionRelation.h and BasicRelation.h
// are facades: they declare as methods operations that higher layers
// define (gist, coalesce, lexmin, the hulls, toString); a source may call
// such a method only from its defining layer or above. This test reads the
// tree and keeps all of that true.
//
//===----------------------------------------------------------------------===//
#include "LayerMap.h"

#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace {

using layering::SourceFile;

/// The layers, lowest first. `calc` (the calculator) sits on top of the
/// library.
const std::vector<std::string> kLayers = {
    "core",      "solve", "basic",   "relation", "simplify", "lexopt", "hulls",
    "functions", "flow",  "codegen", "text",     "capi",     "calc"};

/// The layer of each public header (presburger/include/presburger/).
const std::map<std::string, std::string> kPublicHeaders = {
    {"Int.h", "core"},
    {"BigInt.h", "core"},
    {"Fraction.h", "core"},
    {"Matrix.h", "core"},
    {"LinearAlgebra.h", "core"},
    {"Space.h", "core"},
    {"Errors.h", "core"},
    {"WorkBudget.h", "core"},
    {"Simplex.h", "solve"},
    {"BasicRelation.h", "basic"},
    {"ParametricLexMin.h", "basic"},
    {"Relation.h", "relation"},
    {"UnionRelation.h", "relation"},
    {"Hulls.h", "relation"},
    {"Aff.h", "functions"},
    {"MultiAff.h", "functions"},
    {"PwAff.h", "functions"},
    {"PwMultiAff.h", "functions"},
    {"StrideInfo.h", "functions"},
    {"FixedBox.h", "functions"},
    {"Closure.h", "flow"},
    {"Dataflow.h", "flow"},
    {"Ast.h", "codegen"},
    {"AstBuild.h", "codegen"},
    {"AstPrinter.h", "codegen"},
    {"Parser.h", "text"},
    {"Printer.h", "text"},
    {"Stream.h", "text"},
    {"ConstraintBuilder.h", "text"},
    {"FunctionText.h", "text"},
    {"capi.h", "capi"},
};

/// The facade classes whose methods may be defined by higher layers.
const std::map<std::string, std::string> kFacades = {
    {"BasicRelation", "basic"},
    {"Relation", "relation"},
    {"UnionRelation", "relation"},
};

/// The engine's layer map: the calculator (presburger/calc/) on top.
layering::LayerMap engineLayers() {
  layering::LayerMap m;
  m.root = std::filesystem::path(PRESBURGER_SOURCE_DIR) / "presburger";
  m.layers = kLayers;
  m.headerPrefix = "presburger/";
  m.publicHeaders = kPublicHeaders;
  m.folderLayers = {{"calc", "calc"}};
  m.includeDirs = {"src", "calc/include"};
  return m;
}

/// `text` without // comments (string literals in the engine hold no //).
std::string withoutComments(const std::string &text) {
  return std::regex_replace(text, std::regex("//[^\n]*"), "");
}

TEST(LayeringTest, EverySourceAndPublicHeaderHasALayer) {
  for (const std::string &v : engineLayers().placementViolations())
    ADD_FAILURE() << v;
}

TEST(LayeringTest, IncludesPointDown) {
  for (const std::string &v : engineLayers().includeViolations())
    ADD_FAILURE() << v;
}

TEST(LayeringTest, FacadeMethodsAreCalledFromTheirLayerOrAbove) {
  // The lowest layer that defines a method of each name (on a facade
  // class), and the names that some higher layer defines.
  std::regex definition(
      "(?:^|\n)[A-Za-z][^\n;{}]*?\\b(BasicRelation|Relation|UnionRelation)::"
      "(\\w+)\\(");
  std::map<std::string, int> lowest;
  std::set<std::string> facade;
  const layering::LayerMap layers = engineLayers();
  std::vector<SourceFile> files = layers.sources();
  for (const SourceFile &f : files) {
    if (f.path.extension() != ".cpp" || f.layer == "calc")
      continue;
    std::string text = withoutComments(f.text);
    for (std::sregex_iterator it(text.begin(), text.end(), definition), end;
         it != end; ++it) {
      std::string cls = (*it)[1], name = (*it)[2];
      int r = layers.rank(f.layer);
      auto [pos, inserted] = lowest.emplace(name, r);
      if (!inserted)
        pos->second = std::min(pos->second, r);
      if (r > layers.rank(kFacades.at(cls)))
        facade.insert(name);
    }
  }
  EXPECT_TRUE(facade.count("coalesce")) << "the scan found no facade method";
  // Printing is the one exception: error messages of every layer show the
  // objects they are about in isl notation.
  facade.erase("toString");
  std::regex call("(?:\\.|->)(\\w+)\\(");
  for (const SourceFile &f : files) {
    if (f.path.extension() != ".cpp")
      continue;
    std::string text = withoutComments(f.text);
    for (std::sregex_iterator it(text.begin(), text.end(), call), end;
         it != end; ++it) {
      std::string name = (*it)[1];
      if (!facade.count(name))
        continue;
      EXPECT_LE(lowest.at(name), layers.rank(f.layer))
          << f.path << " (" << f.layer << ") calls " << name << ", defined in "
          << kLayers[size_t(lowest.at(name))];
    }
  }
}

} // namespace
