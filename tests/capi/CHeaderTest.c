// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- CHeaderTest.c - A consumer of the C API compiled as C11 -----------===*
 *
 * The header must be C: this file is compiled as C11 with pedantic
 * warnings, and runs a union relation computation with its errors.
 *
 *===----------------------------------------------------------------------===*/
#include "presburger/capi.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

static void check(int ok, const char *what) {
  if (!ok) {
    printf("FAILED: %s\n", what);
    ++failures;
  }
}

int main(void) {
  presburger_error error;
  presburger_union_relation *m = presburger_union_relation_parse(
      "{ A[i] -> B[i + 1] : 0 <= i < 5; C[i] -> D[i] : i = 7 }", &error);
  check(m != NULL && error.status == PRESBURGER_OK, "parse");
  check(presburger_union_relation_num_pieces(m) == 2, "two pieces");
  presburger_union_relation *d = presburger_union_relation_domain(m, &error);
  char *text = presburger_union_relation_to_string(d, &error);
  check(text && strcmp(text, "{ A[i] : 0 <= i <= 4; C[i = 7] }") == 0,
        "domain");
  presburger_string_free(text);
  check(presburger_union_relation_is_injective(m, &error) == 1, "injective");
  presburger_relation *piece = presburger_union_relation_piece(m, 2, &error);
  check(piece == NULL && error.status == PRESBURGER_INVALID_ARGUMENT,
        "piece past the end");
  presburger_relation *one = presburger_union_relation_as_relation(m, &error);
  check(one == NULL && error.status == PRESBURGER_SPACE_ERROR,
        "two pieces are not one relation");
  presburger_codegen_options options;
  presburger_codegen_options_init(&options);
  options.unroll_limit = 2;
  presburger_union_relation *s = presburger_union_relation_parse(
      "{ S[i] -> [i] : 0 <= i <= 1 }", &error);
  text = presburger_codegen(s, NULL, &options, &error);
  check(text && strcmp(text, "S(0);\nS(1);\n") == 0, "codegen");
  presburger_string_free(text);
  presburger_union_relation_free(s);
  check(strcmp(presburger_version(), "") != 0, "version");
  presburger_union_relation_free(d);
  presburger_union_relation_free(m);
  presburger_union_relation_free(NULL);
  presburger_relation_free(NULL);
  if (failures)
    return 1;
  printf("c11 consumer ok\n");
  return 0;
}
