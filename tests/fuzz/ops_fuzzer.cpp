// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// libFuzzer target: bytes decode into two small basic sets over two
// dimensions and one parameter, and an operation; the operation must not
// crash, and its result must satisfy its defining property on the points
// of a small box (checked by membership).
#include "presburger/Errors.h"
#include "presburger/Relation.h"
#include "presburger/WorkBudget.h"

#include <cstdint>
#include <cstdlib>

using namespace presburger;

namespace {
struct Reader {
  const uint8_t *data;
  size_t size, pos = 0;
  int next(int lo, int hi) {
    uint8_t b = pos < size ? data[pos++] : 0;
    return lo + int(b % unsigned(hi - lo + 1));
  }
};

Relation decodeSet(Reader &r) {
  BasicRelation b(Space::set({"n"}, Tuple(2)));
  unsigned nc = unsigned(r.next(1, 4));
  bool local = r.next(0, 3) == 0;
  if (local)
    b.addLocal();
  for (unsigned c = 0; c < nc; ++c) {
    std::vector<Int> row(b.numCols());
    for (Int &v : row)
      v = Int(r.next(-4, 4));
    if (r.next(0, 4) == 0)
      b.addEquality(row);
    else
      b.addInequality(row);
  }
  return Relation(b);
}

bool in(const Relation &s, int n, int x, int y) {
  return s.containsPoint({Int(n), Int(x), Int(y)});
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Reader r{data, size};
  Relation a = decodeSet(r), b = decodeSet(r);
  int op = r.next(0, 5);
  WorkBudget::Scope budget(5'000'000);
  try {
    Relation res;
    switch (op) {
    case 0:
      res = a.unite(b);
      break;
    case 1:
      res = a.intersect(b);
      break;
    case 2:
      res = a.subtract(b);
      break;
    case 3:
      res = a.coalesce();
      break;
    case 4:
      res = a.gist(b);
      break;
    default:
      res = a.complement();
      break;
    }
    for (int n = -2; n <= 2; ++n)
      for (int x = -3; x <= 3; ++x)
        for (int y = -3; y <= 3; ++y) {
          bool ia = in(a, n, x, y), ib = in(b, n, x, y), ir = in(res, n, x, y);
          bool ok = true;
          switch (op) {
          case 0:
            ok = ir == (ia || ib);
            break;
          case 1:
            ok = ir == (ia && ib);
            break;
          case 2:
            ok = ir == (ia && !ib);
            break;
          case 3:
            ok = ir == ia;
            break;
          case 4:
            ok = !ib || ir == ia;
            break;
          default:
            ok = ir == !ia;
            break;
          }
          if (!ok)
            std::abort();
        }
  } catch (const LimitExceeded &) {
  } catch (const UnboundedError &) {
  }
  return 0;
}
