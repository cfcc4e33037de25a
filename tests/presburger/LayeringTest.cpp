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
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

/// The layers, lowest first. `calc` (the calculator) sits on top of the
/// library.
const std::vector<std::string> kLayers = {
    "core",  "solve", "basic", "relation", "simplify", "lexopt",
    "hulls", "flow",  "text",  "capi",     "calc"};

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
    {"Closure.h", "flow"},
    {"Dataflow.h", "flow"},
    {"Parser.h", "text"},
    {"Printer.h", "text"},
    {"Stream.h", "text"},
    {"ConstraintBuilder.h", "text"},
    {"capi.h", "capi"},
};

/// The facade classes whose methods may be defined by higher layers.
const std::map<std::string, std::string> kFacades = {
    {"BasicRelation", "basic"},
    {"Relation", "relation"},
    {"UnionRelation", "relation"},
};

const fs::path kRoot = fs::path(PRESBURGER_SOURCE_DIR) / "presburger";

int rank(const std::string &layer) {
  auto it = std::find(kLayers.begin(), kLayers.end(), layer);
  return it == kLayers.end() ? -1 : int(it - kLayers.begin());
}

struct SourceFile {
  fs::path path;     // Relative to presburger/.
  std::string layer; // Empty when it has none.
  std::string text;
};

std::string readFile(const fs::path &p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The layer of a file of presburger/, by its place in the tree.
std::string layerOf(const fs::path &rel) {
  auto it = rel.begin();
  std::string top = it->string();
  if (top == "calc")
    return "calc";
  if (top == "include") {
    auto h = kPublicHeaders.find(rel.filename().string());
    return h == kPublicHeaders.end() ? "" : h->second;
  }
  if (top == "src") {
    ++it;
    fs::path rest;
    for (auto j = it; j != rel.end(); ++j)
      rest /= *j;
    // A file directly in src/ has no layer.
    return rest.has_parent_path() && rank(it->string()) >= 0 ? it->string()
                                                             : "";
  }
  return "";
}

std::vector<SourceFile> sources() {
  std::vector<SourceFile> out;
  for (const char *dir : {"include", "src", "calc"})
    for (const fs::directory_entry &e :
         fs::recursive_directory_iterator(kRoot / dir)) {
      if (!e.is_regular_file())
        continue;
      std::string ext = e.path().extension().string();
      if (ext != ".h" && ext != ".cpp")
        continue;
      fs::path rel = fs::relative(e.path(), kRoot);
      out.push_back({rel, layerOf(rel), readFile(e.path())});
    }
  std::sort(
      out.begin(), out.end(),
      [](const SourceFile &a, const SourceFile &b) { return a.path < b.path; });
  return out;
}

/// The file of presburger/ that `#include "name"` in `from` names; empty
/// when it is none of ours.
fs::path resolveInclude(const SourceFile &from, const std::string &name) {
  if (name.rfind("presburger/", 0) == 0)
    return fs::path("include") / name;
  for (fs::path candidate :
       {fs::path("src") / name, fs::path("calc/include") / name,
        from.path.parent_path() / name})
    if (fs::exists(kRoot / candidate))
      return candidate.lexically_normal();
  return {};
}

/// `text` without // comments (string literals in the engine hold no //).
std::string withoutComments(const std::string &text) {
  return std::regex_replace(text, std::regex("//[^\n]*"), "");
}

TEST(LayeringTest, EverySourceAndPublicHeaderHasALayer) {
  for (const SourceFile &f : sources())
    EXPECT_FALSE(f.layer.empty())
        << f.path << " is in no layer: sources go into presburger/src/<layer>/"
        << ", public headers into the table of this test";
  for (const auto &[header, layer] : kPublicHeaders) {
    EXPECT_TRUE(fs::exists(kRoot / "include/presburger" / header)) << header;
    EXPECT_GE(rank(layer), 0) << header;
  }
}

TEST(LayeringTest, IncludesPointDown) {
  std::regex include("#include \"([^\"]+)\"");
  for (const SourceFile &f : sources()) {
    for (std::sregex_iterator it(f.text.begin(), f.text.end(), include), end;
         it != end; ++it) {
      std::string name = (*it)[1];
      fs::path target = resolveInclude(f, name);
      ASSERT_FALSE(target.empty())
          << f.path << " includes \"" << name << "\", which is not ours";
      std::string targetLayer = layerOf(target);
      EXPECT_LE(rank(targetLayer), rank(f.layer))
          << f.path << " (" << f.layer << ") includes " << name << " ("
          << targetLayer << ")";
    }
  }
}

TEST(LayeringTest, FacadeMethodsAreCalledFromTheirLayerOrAbove) {
  // The lowest layer that defines a method of each name (on a facade
  // class), and the names that some higher layer defines.
  std::regex definition(
      "(?:^|\n)[A-Za-z][^\n;{}]*?\\b(BasicRelation|Relation|UnionRelation)::"
      "(\\w+)\\(");
  std::map<std::string, int> lowest;
  std::set<std::string> facade;
  std::vector<SourceFile> files = sources();
  for (const SourceFile &f : files) {
    if (f.path.extension() != ".cpp" || f.layer == "calc")
      continue;
    std::string text = withoutComments(f.text);
    for (std::sregex_iterator it(text.begin(), text.end(), definition), end;
         it != end; ++it) {
      std::string cls = (*it)[1], name = (*it)[2];
      int r = rank(f.layer);
      auto [pos, inserted] = lowest.emplace(name, r);
      if (!inserted)
        pos->second = std::min(pos->second, r);
      if (r > rank(kFacades.at(cls)))
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
      EXPECT_LE(lowest.at(name), rank(f.layer))
          << f.path << " (" << f.layer << ") calls " << name << ", defined in "
          << kLayers[size_t(lowest.at(name))];
    }
  }
}

} // namespace
