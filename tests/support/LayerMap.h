//===- LayerMap.h - A library's layers, read from its source tree -*- C++
//-*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The engine and penguin are both built in layers, lowest first: each source
// lives in the folder of its layer (LIB/src/<layer>/), each public header
// (LIB/include/LIB/) is assigned a layer, and no file includes a header of a
// higher layer. LayerMap describes one library's layers and reads its tree,
// so that one test per library (tests/presburger/LayeringTest.cpp,
// tests/penguin/LayeringTest.cpp) checks it with the same code.
//
//===----------------------------------------------------------------------===//
#ifndef TESTS_SUPPORT_LAYERMAP_H
#define TESTS_SUPPORT_LAYERMAP_H

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace layering {

namespace fs = std::filesystem;

/// One source or header of the library.
struct SourceFile {
  fs::path path;     // Relative to the library's root.
  std::string layer; // Empty when it has none.
  std::string text;
};

/// A library's layer map.
struct LayerMap {
  /// The library's folder (presburger/ or penguin/).
  fs::path root;
  /// The layers, lowest first.
  std::vector<std::string> layers;
  /// `#include "PREFIX/X.h"` names the public header include/PREFIX/X.h.
  std::string headerPrefix;
  /// The layer of each public header, by file name.
  std::map<std::string, std::string> publicHeaders;
  /// Folders directly under `root` that are one layer each (calc, cli).
  std::map<std::string, std::string> folderLayers;
  /// Folders under `root` that quoted includes are looked up in, besides
  /// the including file's own folder.
  std::vector<std::string> includeDirs = {"src"};
  /// Include prefixes of libraries below every layer ("presburger/" for
  /// penguin).
  std::vector<std::string> lowerLibraries;

  /// The position of `layer` (0 = lowest); -1 for no layer, so that a
  /// lower library ranks below all.
  int rank(const std::string &layer) const {
    auto it = std::find(layers.begin(), layers.end(), layer);
    return it == layers.end() ? -1 : int(it - layers.begin());
  }

  /// The layer of a file by its place in the tree (`rel` relative to root).
  std::string layerOf(const fs::path &rel) const {
    auto it = rel.begin();
    std::string top = it->string();
    if (auto f = folderLayers.find(top); f != folderLayers.end())
      return f->second;
    if (top == "include") {
      auto h = publicHeaders.find(rel.filename().string());
      return h == publicHeaders.end() ? "" : h->second;
    }
    if (top == "src") {
      ++it;
      // A file directly in src/ has no layer.
      bool nested = it != rel.end() && std::next(it) != rel.end();
      return nested && rank(it->string()) >= 0 ? it->string() : "";
    }
    return "";
  }

  /// Every .h and .cpp under include/, src/ and the folder layers.
  std::vector<SourceFile> sources() const {
    std::vector<std::string> dirs = {"include", "src"};
    for (const auto &[folder, layer] : folderLayers)
      dirs.push_back(folder);
    std::vector<SourceFile> out;
    for (const std::string &dir : dirs)
      for (const fs::directory_entry &e :
           fs::recursive_directory_iterator(root / dir)) {
        std::string ext = e.path().extension().string();
        if (!e.is_regular_file() || (ext != ".h" && ext != ".cpp"))
          continue;
        fs::path rel = fs::relative(e.path(), root);
        out.push_back({rel, layerOf(rel), readFile(e.path())});
      }
    std::sort(out.begin(), out.end(),
              [](const SourceFile &a, const SourceFile &b) {
                return a.path < b.path;
              });
    return out;
  }

  /// What `#include "name"` in `from` names: a file under root, or
  /// `lowerLibrary` for a lower library's header, or empty for none.
  fs::path resolveInclude(const SourceFile &from,
                          const std::string &name) const {
    for (const std::string &prefix : lowerLibraries)
      if (name.rfind(prefix, 0) == 0)
        return kLowerLibrary;
    if (name.rfind(headerPrefix, 0) == 0)
      return fs::path("include") / name;
    std::vector<fs::path> candidates;
    for (const std::string &dir : includeDirs)
      candidates.push_back(fs::path(dir) / name);
    candidates.push_back(from.path.parent_path() / name);
    for (const fs::path &candidate : candidates)
      if (fs::exists(root / candidate))
        return candidate.lexically_normal();
    return {};
  }

  /// The violations of "no file includes a header of a higher layer" and
  /// of "every include is ours or a lower library's", one message each.
  std::vector<std::string> includeViolations() const {
    std::vector<std::string> out;
    std::regex include("#include \"([^\"]+)\"");
    for (const SourceFile &f : sources())
      for (std::sregex_iterator it(f.text.begin(), f.text.end(), include), end;
           it != end; ++it) {
        std::string name = (*it)[1];
        fs::path target = resolveInclude(f, name);
        if (target.empty()) {
          out.push_back(f.path.string() + " includes \"" + name +
                        "\", which is not ours");
          continue;
        }
        if (target == kLowerLibrary)
          continue;
        std::string targetLayer = layerOf(target);
        if (rank(targetLayer) > rank(f.layer))
          out.push_back(f.path.string() + " (" + f.layer + ") includes " +
                        name + " (" + targetLayer + ")");
      }
    return out;
  }

  /// Files in no layer, and public headers that are missing or assigned
  /// to an unknown layer.
  std::vector<std::string> placementViolations() const {
    std::vector<std::string> out;
    for (const SourceFile &f : sources())
      if (f.layer.empty())
        out.push_back(f.path.string() +
                      " is in no layer: sources go into src/<layer>/, public "
                      "headers into the layer table of the test");
    for (const auto &[header, layer] : publicHeaders) {
      if (!fs::exists(root / "include" / headerPrefix / header))
        out.push_back("no public header " + header);
      if (rank(layer) < 0)
        out.push_back(header + " is assigned to no known layer: " + layer);
    }
    return out;
  }

  static std::string readFile(const fs::path &p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }

  /// resolveInclude's answer for a lower library's header.
  inline static const fs::path kLowerLibrary = "<lower library>";
};

} // namespace layering

#endif // TESTS_SUPPORT_LAYERMAP_H
