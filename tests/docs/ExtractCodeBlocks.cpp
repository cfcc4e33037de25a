//===- ExtractCodeBlocks.cpp - Code and output blocks of a Markdown page --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   extract-code-blocks PAGE.md LANG first|all SOURCE EXPECTED
//
// Writes to SOURCE the first ```LANG block of PAGE.md (first) or all of
// them in order, concatenated (all); writes to EXPECTED, for each block
// taken, the plain ``` block that follows it before the next ```LANG block
// (what the program prints at that point), concatenated. Exit status 1
// when the page has no such block.
//
//===----------------------------------------------------------------------===//
#include <fstream>
#include <iostream>
#include <string>

namespace {

bool isFence(const std::string &line, const std::string &lang) {
  if (line.rfind("```", 0) != 0)
    return false;
  std::string rest = line.substr(3);
  while (!rest.empty() &&
         (rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\r'))
    rest.pop_back();
  return rest == lang;
}

void writeFile(const std::string &path, const std::string &content) {
  std::ofstream(path, std::ios::binary) << content;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 6) {
    std::cerr << "usage: extract-code-blocks PAGE LANG first|all SOURCE "
                 "EXPECTED\n";
    return 2;
  }
  std::ifstream page(argv[1]);
  if (!page) {
    std::cerr << "cannot read " << argv[1] << "\n";
    return 2;
  }
  std::string lang = argv[2];
  bool firstOnly = std::string(argv[3]) == "first";
  enum { Outside, Code, Waiting, Output } state = Outside;
  std::string source, expected, line;
  int taken = 0;
  while (std::getline(page, line)) {
    switch (state) {
    case Code:
      if (isFence(line, "")) {
        state = Waiting;
        ++taken;
      } else {
        source += line + "\n";
      }
      break;
    case Output:
      if (isFence(line, ""))
        state = Outside;
      else
        expected += line + "\n";
      break;
    case Outside:
    case Waiting:
      if (isFence(line, lang)) {
        if (firstOnly && taken > 0)
          goto done;
        state = Code;
      } else if (state == Waiting && isFence(line, "")) {
        state = Output;
      }
      break;
    }
  }
done:
  if (taken == 0) {
    std::cerr << argv[1] << " has no ```" << lang << " block\n";
    return 1;
  }
  writeFile(argv[4], source);
  writeFile(argv[5], expected);
  return 0;
}
