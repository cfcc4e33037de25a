// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// libFuzzer target: any byte string given to the isl-notation parser either
// parses or throws ParseError; a parsed object prints to text that parses
// back to an equal object.
#include "presburger/Errors.h"
#include "presburger/Parser.h"
#include "presburger/WorkBudget.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace presburger;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  WorkBudget::Scope budget(2'000'000);
  try {
    UnionRelation u = parseUnion(text);
    std::string printed = u.toString();
    UnionRelation back = parseUnion(printed);
    if (!back.isEqual(u))
      std::abort(); // Round trip changed the meaning.
  } catch (const ParseError &) {
  } catch (const LimitExceeded &) {
  }
  return 0;
}
