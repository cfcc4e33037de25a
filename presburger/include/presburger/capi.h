// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- capi.h - The C API of the presburger engine ---------------*- C -*-===*
 *
 * Exact integer sets and relations for C, for other languages' foreign
 * function interfaces and for C++ built with -fno-exceptions. The header is
 * C99 (and C++); the library behind it is the C++ engine, reached through
 * opaque handles:
 *
 *   presburger_relation        a set, relation or params set in one space
 *                              (presburger::Relation; isl_map / isl_set)
 *   presburger_union_relation  sets or relations over several spaces
 *                              (presburger::UnionRelation; isl_union_map)
 *
 * Conventions (docs/c-api.md):
 *  - Handles are created by the functions that return them and released
 *    with the matching _free function (NULL is accepted and ignored).
 *  - Arguments are borrowed, never consumed: an operation leaves its
 *    operands as they were and returns a new handle (unlike isl's
 *    __isl_take).
 *  - Every fallible function takes a caller-owned `presburger_error *`
 *    as its last argument (NULL: report nothing). It is overwritten by
 *    every call: status PRESBURGER_OK on success; otherwise the status, a
 *    message and, for parse errors, the 1-based line and column. The
 *    library keeps no error state of its own (nothing global, nothing
 *    per thread).
 *  - On failure a function returns NULL (handles, strings) or -1
 *    (predicates, which return 1 for true and 0 for false). No C++
 *    exception ever leaves the library; running out of memory is the
 *    status PRESBURGER_OUT_OF_MEMORY.
 *  - Work budget: operations that can blow up stop with
 *    PRESBURGER_LIMIT_EXCEEDED instead of running on. Each handle carries
 *    a budget (0: the engine's default for each of its operations); a
 *    call runs under the budget of its first handle argument that has one,
 *    and returned handles inherit that budget.
 *  - Handles are values: two threads may use different handles at once,
 *    and may read one handle at once; a handle being freed or given a
 *    budget must not be used by another thread at the same time.
 *
 *===----------------------------------------------------------------------===*/
#ifndef PRESBURGER_CAPI_H
#define PRESBURGER_CAPI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a call came to: PRESBURGER_OK, or the kind of its failure.
typedef enum presburger_status {
  /// The call succeeded.
  PRESBURGER_OK = 0,
  /// The text is not valid isl notation (line and column are set).
  PRESBURGER_PARSE_ERROR = 1,
  /// The operands' spaces do not fit the operation (a set where a relation
  /// is needed, different tuples, several spaces where one is needed).
  PRESBURGER_SPACE_ERROR = 2,
  /// An argument outside what the operation accepts (a NULL handle, an
  /// index past the end, a division by zero).
  PRESBURGER_INVALID_ARGUMENT = 3,
  /// The result does not exist as a finite value (the lexmin of a set
  /// unbounded below).
  PRESBURGER_UNBOUNDED = 4,
  /// The operation exceeded its work budget and gave up.
  PRESBURGER_LIMIT_EXCEEDED = 5,
  /// Memory ran out.
  PRESBURGER_OUT_OF_MEMORY = 6,
  /// Anything else (a bug in the library: please report it).
  PRESBURGER_INTERNAL_ERROR = 7
} presburger_status;

/// The size of presburger_error::message, terminating NUL included.
#define PRESBURGER_ERROR_MESSAGE_SIZE 512

/// The outcome of a call, owned by the caller (on its stack, typically)
/// and overwritten by each call it is passed to.
typedef struct presburger_error {
  /// PRESBURGER_OK or the kind of failure.
  presburger_status status;
  /// For PRESBURGER_PARSE_ERROR, the 1-based line of the offending token;
  /// 0 otherwise.
  unsigned line;
  /// For PRESBURGER_PARSE_ERROR, its 1-based column; 0 otherwise.
  unsigned column;
  /// What went wrong, NUL-terminated (truncated to fit); "" on success.
  char message[PRESBURGER_ERROR_MESSAGE_SIZE];
} presburger_error;

/// A set, relation or params set: a finite union of basic relations in one
/// space (presburger::Relation).
typedef struct presburger_relation presburger_relation;
/// Sets or relations over several spaces with shared parameters
/// (presburger::UnionRelation).
typedef struct presburger_union_relation presburger_union_relation;

/// The library's version, "MAJOR.MINOR.PATCH" (a static string). O(1).
const char *presburger_version(void);
/// A static English name of `status` ("ok", "parse error", ...). O(1).
const char *presburger_status_name(presburger_status status);
/// Releases a string returned by a _to_string function (NULL is ignored).
void presburger_string_free(char *text);

/*===----------------------------------------------------------------------===*
 * Relations: creation, text, queries
 *===----------------------------------------------------------------------===*/

/// Reads a set, relation or params set in isl notation whose disjuncts all
/// lie in one space ("[n] -> { S[i] : 0 <= i < n }"). Fails with
/// PRESBURGER_PARSE_ERROR (line, column) on bad text and on text naming no
/// space or several. Linear in the text, plus the normalization of each
/// disjunct (a negated `exists` may cost a subtraction).
presburger_relation *presburger_relation_parse(const char *text,
                                               presburger_error *error);
/// A copy of `rel` (its budget included). O(size of rel).
presburger_relation *presburger_relation_copy(const presburger_relation *rel,
                                              presburger_error *error);
/// Releases `rel` (NULL is ignored). O(size of rel).
void presburger_relation_free(presburger_relation *rel);
/// `rel` in canonical isl notation, which isl reads back; release it with
/// presburger_string_free. O(size of rel).
char *presburger_relation_to_string(const presburger_relation *rel,
                                    presburger_error *error);

/// Sets the work budget of `rel`'s operations, in the engine's units
/// (0: the engine's default budget for each engine operation). Results of
/// operations on `rel` inherit it. O(1).
void presburger_relation_set_work_budget(presburger_relation *rel,
                                         uint64_t units);
/// The work budget of `rel` (0: the engine's default). O(1).
uint64_t presburger_relation_get_work_budget(const presburger_relation *rel);

/// 1 when `rel` is a set (one tuple), 0 otherwise, -1 for NULL. O(1).
int presburger_relation_is_set(const presburger_relation *rel);
/// 1 when `rel` is a params set (no tuple), 0 otherwise, -1 for NULL. O(1).
int presburger_relation_is_params(const presburger_relation *rel);
/// The number of parameters of `rel` (0 for NULL). O(1).
unsigned presburger_relation_num_params(const presburger_relation *rel);
/// The number of domain (input) dimensions; 0 for a set or NULL. O(1).
unsigned presburger_relation_num_domain_dims(const presburger_relation *rel);
/// The number of range (output) dimensions, or of a set's dimensions
/// (0 for NULL). O(1).
unsigned presburger_relation_num_range_dims(const presburger_relation *rel);
/// The number of disjuncts (basic relations) of `rel` (0 for NULL). O(1).
unsigned presburger_relation_num_disjuncts(const presburger_relation *rel);

/*===----------------------------------------------------------------------===*
 * Relations: operations. Each returns a new relation (NULL on failure).
 *===----------------------------------------------------------------------===*/

/// The union of `a` and `b` (same tuples; parameters aligned by name).
/// Concatenates the disjuncts: O(size of a + size of b).
presburger_relation *presburger_relation_unite(const presburger_relation *a,
                                               const presburger_relation *b,
                                               presburger_error *error);
/// The intersection of `a` and `b`. Pairwise conjunctions, empty ones
/// dropped: O(disjuncts(a) * disjuncts(b)) emptiness tests.
presburger_relation *presburger_relation_intersect(const presburger_relation *a,
                                                   const presburger_relation *b,
                                                   presburger_error *error);
/// The points of `a` not in `b`, as disjoint pieces. Exponential in the
/// constraints of `b` in the worst case; charges the work budget.
presburger_relation *presburger_relation_subtract(const presburger_relation *a,
                                                  const presburger_relation *b,
                                                  presburger_error *error);
/// The points of `rel`'s space not in `rel`. Exponential in the worst case
/// (a subtraction from the universe); charges the work budget.
presburger_relation *
presburger_relation_complement(const presburger_relation *rel,
                               presburger_error *error);
/// gist: `rel` simplified in the context `context` (same space), with
/// gist(rel, context) * context = rel * context and every constraint that
/// the context implies dropped. One integer emptiness test per kept
/// constraint and context disjunct; charges the work budget.
presburger_relation *
presburger_relation_gist(const presburger_relation *rel,
                         const presburger_relation *context,
                         presburger_error *error);
/// gist of the relation `rel` against a set `context` on its domain.
/// Cost as presburger_relation_gist.
presburger_relation *
presburger_relation_gist_domain(const presburger_relation *rel,
                                const presburger_relation *context,
                                presburger_error *error);
/// gist of `rel` against a params set `context`. Cost as
/// presburger_relation_gist.
presburger_relation *
presburger_relation_gist_params(const presburger_relation *rel,
                                const presburger_relation *context,
                                presburger_error *error);
/// Composition {x -> z : x -> y in a, y -> z in b} (isl's apply_range,
/// iscc's `a . b`). Exact: the middle tuple becomes existential; linear in
/// the disjunct pairs plus the simplification of the existentials.
presburger_relation *
presburger_relation_apply_range(const presburger_relation *a,
                                const presburger_relation *b,
                                presburger_error *error);
/// {z -> y : x -> y in a, x -> z in b} (isl's apply_domain). Cost as
/// presburger_relation_apply_range.
presburger_relation *
presburger_relation_apply_domain(const presburger_relation *a,
                                 const presburger_relation *b,
                                 presburger_error *error);
/// The image of the set `set` under the relation `rel`:
/// {y : x in set, x -> y in rel} (iscc's `rel(set)`). Cost as
/// presburger_relation_apply_range.
presburger_relation *presburger_relation_apply(const presburger_relation *set,
                                               const presburger_relation *rel,
                                               presburger_error *error);
/// The relation `rel` with its domain restricted to the set `set`.
/// O(disjunct pairs) emptiness tests.
presburger_relation *
presburger_relation_intersect_domain(const presburger_relation *rel,
                                     const presburger_relation *set,
                                     presburger_error *error);
/// The relation `rel` with its range restricted to the set `set`.
/// O(disjunct pairs) emptiness tests.
presburger_relation *
presburger_relation_intersect_range(const presburger_relation *rel,
                                    const presburger_relation *set,
                                    presburger_error *error);
/// `rel` restricted to the parameter values of the params set `params`.
/// O(disjunct pairs) emptiness tests.
presburger_relation *
presburger_relation_intersect_params(const presburger_relation *rel,
                                     const presburger_relation *params,
                                     presburger_error *error);
/// Cartesian product: sets A, B give the set [A -> B]; relations A -> B,
/// C -> D give [A -> C] -> [B -> D] (iscc's `cross`). O(disjunct pairs).
presburger_relation *presburger_relation_product(const presburger_relation *a,
                                                 const presburger_relation *b,
                                                 presburger_error *error);
/// A -> B and C -> B give [A -> C] -> B. O(disjunct pairs).
presburger_relation *
presburger_relation_domain_product(const presburger_relation *a,
                                   const presburger_relation *b,
                                   presburger_error *error);
/// A -> B and A -> C give A -> [B -> C]. O(disjunct pairs).
presburger_relation *
presburger_relation_range_product(const presburger_relation *a,
                                  const presburger_relation *b,
                                  presburger_error *error);
/// The universal relation {x -> y : x in a, y in b} between the sets `a`
/// and `b` (iscc's `a -> b`). O(disjunct pairs).
presburger_relation *
presburger_relation_universe_between(const presburger_relation *a,
                                     const presburger_relation *b,
                                     presburger_error *error);
/// For sets (same tuples): {x -> y : x in a, y in b, x << y}; for
/// relations: {x -> y : a(x) << b(y)} (isl's lex_lt_map, iscc's `<<`).
/// One disjunct per leading dimension and disjunct pair.
presburger_relation *presburger_relation_lex_lt(const presburger_relation *a,
                                                const presburger_relation *b,
                                                presburger_error *error);
/// As presburger_relation_lex_lt with x <<= y (iscc's `<<=`).
presburger_relation *presburger_relation_lex_le(const presburger_relation *a,
                                                const presburger_relation *b,
                                                presburger_error *error);
/// As presburger_relation_lex_lt with x >> y (iscc's `>>`).
presburger_relation *presburger_relation_lex_gt(const presburger_relation *a,
                                                const presburger_relation *b,
                                                presburger_error *error);
/// As presburger_relation_lex_lt with x >>= y (iscc's `>>=`).
presburger_relation *presburger_relation_lex_ge(const presburger_relation *a,
                                                const presburger_relation *b,
                                                presburger_error *error);

/// {y -> x : x -> y in rel} (isl's reverse, iscc's `rel^-1`).
/// O(size of rel).
presburger_relation *presburger_relation_reverse(const presburger_relation *rel,
                                                 presburger_error *error);
/// {x : exists y : x -> y in rel}. Exact projection: the range becomes
/// existential, eliminated where that is exact.
presburger_relation *presburger_relation_domain(const presburger_relation *rel,
                                                presburger_error *error);
/// {y : exists x : x -> y in rel}. Cost as presburger_relation_domain.
presburger_relation *presburger_relation_range(const presburger_relation *rel,
                                               presburger_error *error);
/// {y - x : x -> y in rel} (domain and range of one shape). A projection,
/// cost as presburger_relation_domain.
presburger_relation *presburger_relation_deltas(const presburger_relation *rel,
                                                presburger_error *error);
/// The parameter values for which `rel` is not empty, as a params set. A
/// projection of every dimension.
presburger_relation *presburger_relation_params(const presburger_relation *rel,
                                                presburger_error *error);
/// The relation A -> B as the set [A -> B]. O(size of rel).
presburger_relation *presburger_relation_wrap(const presburger_relation *rel,
                                              presburger_error *error);
/// The set [A -> B] as the relation A -> B. O(size of rel).
presburger_relation *presburger_relation_unwrap(const presburger_relation *rel,
                                                presburger_error *error);

// Reshaping nested tuples (Relation.h, Reshape.cpp).
/// {[x -> y] -> x : x -> y in rel} (isl's domain_map). O(size of rel).
presburger_relation *
presburger_relation_domain_map(const presburger_relation *rel,
                               presburger_error *error);
/// {[x -> y] -> y : x -> y in rel} (isl's range_map). O(size of rel).
presburger_relation *
presburger_relation_range_map(const presburger_relation *rel,
                              presburger_error *error);
/// [A -> B] -> C as A -> [B -> C] (isl's curry). O(size of rel).
presburger_relation *presburger_relation_curry(const presburger_relation *rel,
                                               presburger_error *error);
/// A -> [B -> C] as [A -> B] -> C (isl's uncurry). O(size of rel).
presburger_relation *presburger_relation_uncurry(const presburger_relation *rel,
                                                 presburger_error *error);
/// [A -> B] -> [C -> D] as [A -> C] -> [B -> D] (isl's zip). O(size of rel).
presburger_relation *presburger_relation_zip(const presburger_relation *rel,
                                             presburger_error *error);
/// The nested tuples made flat (and anonymous) on both sides, or a set's tuple
/// (isl's flatten). O(size of rel).
presburger_relation *presburger_relation_flatten(const presburger_relation *rel,
                                                 presburger_error *error);
/// The domain made flat (isl's flatten_domain). O(size of rel).
presburger_relation *
presburger_relation_flatten_domain(const presburger_relation *rel,
                                   presburger_error *error);
/// The range made flat (isl's flatten_range). O(size of rel).
presburger_relation *
presburger_relation_flatten_range(const presburger_relation *rel,
                                  presburger_error *error);
/// A -> [B -> C] projected to A -> B (isl's range_factor_domain). A projection.
presburger_relation *
presburger_relation_range_factor_domain(const presburger_relation *rel,
                                        presburger_error *error);
/// A -> [B -> C] projected to A -> C. A projection.
presburger_relation *
presburger_relation_range_factor_range(const presburger_relation *rel,
                                       presburger_error *error);
/// [A -> B] -> C projected to A -> C. A projection.
presburger_relation *
presburger_relation_domain_factor_domain(const presburger_relation *rel,
                                         presburger_error *error);
/// [A -> B] -> C projected to B -> C. A projection.
presburger_relation *
presburger_relation_domain_factor_range(const presburger_relation *rel,
                                        presburger_error *error);
/// [A -> B] -> [C -> D] projected to A -> C (isl's factor_domain). A
/// projection.
presburger_relation *
presburger_relation_factor_domain(const presburger_relation *rel,
                                  presburger_error *error);
/// [A -> B] -> [C -> D] projected to B -> D. A projection.
presburger_relation *
presburger_relation_factor_range(const presburger_relation *rel,
                                 presburger_error *error);
/// The product with its nested tuples flattened: (A, C) -> (B, D), or for sets
/// one tuple (A, B). O(disjunct pairs).
presburger_relation *
presburger_relation_flat_product(const presburger_relation *a,
                                 const presburger_relation *b,
                                 presburger_error *error);
/// A -> B and C -> B give (A, C) -> B. O(disjunct pairs).
presburger_relation *
presburger_relation_flat_domain_product(const presburger_relation *a,
                                        const presburger_relation *b,
                                        presburger_error *error);
/// A -> B and A -> C give A -> (B, C). O(disjunct pairs).
presburger_relation *
presburger_relation_flat_range_product(const presburger_relation *a,
                                       const presburger_relation *b,
                                       presburger_error *error);
/// The universe of `rel`'s space. O(1).
presburger_relation *
presburger_relation_universe(const presburger_relation *rel,
                             presburger_error *error);
/// The identity relation {x -> x} on the set `set` (restricted to it).
/// O(size of set).
presburger_relation *
presburger_relation_identity(const presburger_relation *set,
                             presburger_error *error);
/// The lexicographic minimum: for a set the least point for each parameter
/// value, for a relation the least image of each domain element; exact and
/// piecewise. Parametric integer programming, exponential in the worst
/// case; charges the work budget. PRESBURGER_UNBOUNDED when some minimum
/// does not exist.
presburger_relation *presburger_relation_lexmin(const presburger_relation *rel,
                                                presburger_error *error);
/// The lexicographic maximum; as presburger_relation_lexmin.
presburger_relation *presburger_relation_lexmax(const presburger_relation *rel,
                                                presburger_error *error);
/// The same points in fewer disjuncts (pairs whose union is one basic
/// relation are fused). Exact. O(n^2) pair tests per fusion for n
/// disjuncts, each a few LPs per constraint; charges the work budget.
presburger_relation *
presburger_relation_coalesce(const presburger_relation *rel,
                             presburger_error *error);
/// Each disjunct with implicit equalities made explicit and redundant
/// constraints removed; same points. One LP per constraint per disjunct.
presburger_relation *
presburger_relation_remove_redundancies(const presburger_relation *rel,
                                        presburger_error *error);
/// Over-approximation: the convex hull (isl's convex_hull), one disjunct
/// whose locals are floor divisions. Facet wrapping, one LP per ridge;
/// charges the work budget.
presburger_relation *
presburger_relation_convex_hull(const presburger_relation *rel,
                                presburger_error *error);
/// Over-approximation: the convex hull with its divisions eliminated
/// (isl's polyhedral_hull, iscc's `poly`). Cost of the convex hull plus a
/// Fourier-Motzkin elimination.
presburger_relation *
presburger_relation_polyhedral_hull(const presburger_relation *rel,
                                    presburger_error *error);
/// Over-approximation: the simple hull (isl's simple_hull), the disjuncts'
/// constraint directions moved out to hold on all of them. One LP per
/// direction and disjunct.
presburger_relation *
presburger_relation_simple_hull(const presburger_relation *rel,
                                presburger_error *error);
/// Over-approximation: the affine hull (equalities and strides only).
/// Linear algebra over the disjuncts' integer points; polynomial.
presburger_relation *
presburger_relation_affine_hull(const presburger_relation *rel,
                                presburger_error *error);
/// The stride of dimension `pos` of the set `rel` (isl's
/// isl_set_get_stride_info), or of range dimension `pos` of the relation
/// `rel` on its own (isl_map_get_range_stride_info): every point's value
/// there is offset + stride * k. Returns the offset in isl notation (an
/// isl_aff: on the set's space, or on the relation's domain; release it
/// with presburger_string_free) and writes the stride, in decimal, into
/// `stride` (`stride_size` bytes, NUL included; a stride that does not fit
/// fails with PRESBURGER_INVALID_ARGUMENT). One affine hull; charges the
/// work budget.
char *presburger_relation_stride_info(const presburger_relation *rel,
                                      unsigned pos, char *stride,
                                      size_t stride_size,
                                      presburger_error *error);
/// The simple fixed-size box hull of the set `rel` (isl's
/// isl_set_get_simple_fixed_box_hull), or of the image of each domain point
/// of the relation `rel` (isl_map_get_range_simple_fixed_box_hull), as isl
/// prints an isl_fixed_box: `{ offset: "[n] -> { [(n), (0)] }", size:
/// "{ [4, 3] }" }`; without a box of constant size, `{ offset: NaN }`
/// (isl's box is then not valid). Release it with presburger_string_free.
/// Per dimension a projection, a simple hull and integer optimizations;
/// charges the work budget.
char *presburger_relation_simple_fixed_box_hull(const presburger_relation *rel,
                                                presburger_error *error);
/// Over-approximation: every disjunct with its existentials eliminated
/// rationally (isl's remove_divs). Fourier-Motzkin, exponential in the
/// worst case; charges the work budget.
presburger_relation *
presburger_relation_remove_divs(const presburger_relation *rel,
                                presburger_error *error);
/// One point of `rel` as a relation holding that point, or the empty
/// relation of `rel`'s space when `rel` is empty. Integer sampling
/// (generalized basis reduction), exponential in the dimension in the
/// worst case; charges the work budget.
presburger_relation *presburger_relation_sample(const presburger_relation *rel,
                                                presburger_error *error);

/*===----------------------------------------------------------------------===*
 * Relations: predicates. 1 for true, 0 for false, -1 on failure.
 *===----------------------------------------------------------------------===*/

/// Whether `rel` has no integer point. Exact: simplex on the rational
/// relaxation, then integer sampling; charges the work budget.
int presburger_relation_is_empty(const presburger_relation *rel,
                                 presburger_error *error);
/// Whether `rel` holds every point of its space. An emptiness test of the
/// complement.
int presburger_relation_is_universe(const presburger_relation *rel,
                                    presburger_error *error);
/// Whether every point of `a` is in `b`. An emptiness test of a - b.
int presburger_relation_is_subset(const presburger_relation *a,
                                  const presburger_relation *b,
                                  presburger_error *error);
/// Whether `a` is a subset of `b` and not equal to it. Two subset tests.
int presburger_relation_is_strict_subset(const presburger_relation *a,
                                         const presburger_relation *b,
                                         presburger_error *error);
/// Whether `a` and `b` have the same points. Two subset tests.
int presburger_relation_is_equal(const presburger_relation *a,
                                 const presburger_relation *b,
                                 presburger_error *error);
/// Whether `a` and `b` have no point in common. An intersection and its
/// emptiness test.
int presburger_relation_is_disjoint(const presburger_relation *a,
                                    const presburger_relation *b,
                                    presburger_error *error);
/// Whether each domain element of `rel` has at most one image. An
/// emptiness test on the composition of rel with its reverse.
int presburger_relation_is_single_valued(const presburger_relation *rel,
                                         presburger_error *error);
/// Whether each range element of `rel` has at most one preimage. As
/// presburger_relation_is_single_valued on the reverse.
int presburger_relation_is_injective(const presburger_relation *rel,
                                     presburger_error *error);
/// Whether `rel` is single-valued and injective.
int presburger_relation_is_bijective(const presburger_relation *rel,
                                     presburger_error *error);

/*===----------------------------------------------------------------------===*
 * Union relations: creation, text, queries
 *===----------------------------------------------------------------------===*/

/// Reads a union of sets or relations in isl notation, over any number of
/// spaces ("{ A[i] : i >= 0; B[i, j] : i < j }"); "{ }" is the empty
/// union. PRESBURGER_PARSE_ERROR (line, column) on bad text. Cost as
/// presburger_relation_parse.
presburger_union_relation *
presburger_union_relation_parse(const char *text, presburger_error *error);
/// A copy of `u` (its budget included). O(size of u).
presburger_union_relation *
presburger_union_relation_copy(const presburger_union_relation *u,
                               presburger_error *error);
/// Releases `u` (NULL is ignored). O(size of u).
void presburger_union_relation_free(presburger_union_relation *u);
/// `u` in canonical isl notation; release it with presburger_string_free.
/// O(size of u).
char *presburger_union_relation_to_string(const presburger_union_relation *u,
                                          presburger_error *error);
/// Sets the work budget of `u`'s operations (0: the engine's default);
/// results of operations on `u` inherit it. O(1).
void presburger_union_relation_set_work_budget(presburger_union_relation *u,
                                               uint64_t units);
/// The work budget of `u` (0: the engine's default). O(1).
uint64_t
presburger_union_relation_get_work_budget(const presburger_union_relation *u);

/// The union holding the one relation `rel` (its budget included).
/// O(size of rel).
presburger_union_relation *
presburger_union_relation_from_relation(const presburger_relation *rel,
                                        presburger_error *error);
/// The number of pieces (one per space) of `u` (0 for NULL). O(1).
size_t presburger_union_relation_num_pieces(const presburger_union_relation *u);
/// Piece `index` of `u` (pieces are ordered by their tuples), as a
/// relation with `u`'s budget. PRESBURGER_INVALID_ARGUMENT past the end.
/// O(size of the piece).
presburger_relation *
presburger_union_relation_piece(const presburger_union_relation *u,
                                size_t index, presburger_error *error);
/// The only piece of `u`. PRESBURGER_SPACE_ERROR when `u` has no piece or
/// several. O(size of the piece).
presburger_relation *
presburger_union_relation_as_relation(const presburger_union_relation *u,
                                      presburger_error *error);

/*===----------------------------------------------------------------------===*
 * Union relations: operations. Each acts on the pieces whose tuples fit, as
 * isl's union_map operations do, and returns a new union (NULL on failure);
 * each costs what the relation operation of the same name costs, per piece
 * or per pair of pieces.
 *===----------------------------------------------------------------------===*/

/// The union of `a` and `b` (iscc's `a + b`).
presburger_union_relation *
presburger_union_relation_unite(const presburger_union_relation *a,
                                const presburger_union_relation *b,
                                presburger_error *error);
/// The intersection of `a` and `b`, piece by piece (iscc's `a * b` for two
/// values of one kind).
presburger_union_relation *
presburger_union_relation_intersect(const presburger_union_relation *a,
                                    const presburger_union_relation *b,
                                    presburger_error *error);
/// The points of `a` not in `b` (iscc's `a - b`); charges the work budget.
presburger_union_relation *
presburger_union_relation_subtract(const presburger_union_relation *a,
                                   const presburger_union_relation *b,
                                   presburger_error *error);
/// gist of each piece of `u` against the context piece of the same space,
/// or against a set context on the domains, or a params set context
/// (iscc's `u % context`); pieces without a context are dropped.
presburger_union_relation *
presburger_union_relation_gist(const presburger_union_relation *u,
                               const presburger_union_relation *context,
                               presburger_error *error);
/// Composition {x -> z : x -> y in a, y -> z in b} (iscc's `a . b`).
presburger_union_relation *
presburger_union_relation_apply_range(const presburger_union_relation *a,
                                      const presburger_union_relation *b,
                                      presburger_error *error);
/// {z -> y : x -> y in a, x -> z in b}.
presburger_union_relation *
presburger_union_relation_apply_domain(const presburger_union_relation *a,
                                       const presburger_union_relation *b,
                                       presburger_error *error);
/// The image of the union set `set` under `rel` (iscc's `rel(set)`).
presburger_union_relation *
presburger_union_relation_apply(const presburger_union_relation *set,
                                const presburger_union_relation *rel,
                                presburger_error *error);
/// The union relation `rel` with its domains restricted to the union set
/// `set` (iscc's `rel * set`).
presburger_union_relation *
presburger_union_relation_intersect_domain(const presburger_union_relation *rel,
                                           const presburger_union_relation *set,
                                           presburger_error *error);
/// The union relation `rel` with its ranges restricted to `set`.
presburger_union_relation *
presburger_union_relation_intersect_range(const presburger_union_relation *rel,
                                          const presburger_union_relation *set,
                                          presburger_error *error);
/// `u` restricted to the parameter values of the params set `params`
/// (iscc's `u * params`).
presburger_union_relation *presburger_union_relation_intersect_params(
    const presburger_union_relation *u, const presburger_union_relation *params,
    presburger_error *error);
/// Pairwise Cartesian products (iscc's `a cross b`).
presburger_union_relation *
presburger_union_relation_product(const presburger_union_relation *a,
                                  const presburger_union_relation *b,
                                  presburger_error *error);
/// Pairwise domain products.
presburger_union_relation *
presburger_union_relation_domain_product(const presburger_union_relation *a,
                                         const presburger_union_relation *b,
                                         presburger_error *error);
/// Pairwise range products.
presburger_union_relation *
presburger_union_relation_range_product(const presburger_union_relation *a,
                                        const presburger_union_relation *b,
                                        presburger_error *error);
/// The universal relation from every piece of the union set `a` to every
/// piece of `b` (iscc's `a -> b`).
presburger_union_relation *
presburger_union_relation_universe_between(const presburger_union_relation *a,
                                           const presburger_union_relation *b,
                                           presburger_error *error);
/// Lexicographic order x << y between union sets (pieces with the same
/// tuple) or union relations (by their ranges): iscc's `a << b`, isl's
/// isl_union_map_lex_lt_union_map.
presburger_union_relation *
presburger_union_relation_lex_lt(const presburger_union_relation *a,
                                 const presburger_union_relation *b,
                                 presburger_error *error);
/// As presburger_union_relation_lex_lt with <<= (iscc's `<<=`).
presburger_union_relation *
presburger_union_relation_lex_le(const presburger_union_relation *a,
                                 const presburger_union_relation *b,
                                 presburger_error *error);
/// As presburger_union_relation_lex_lt with >> (iscc's `>>`).
presburger_union_relation *
presburger_union_relation_lex_gt(const presburger_union_relation *a,
                                 const presburger_union_relation *b,
                                 presburger_error *error);
/// As presburger_union_relation_lex_lt with >>= (iscc's `>>=`).
presburger_union_relation *
presburger_union_relation_lex_ge(const presburger_union_relation *a,
                                 const presburger_union_relation *b,
                                 presburger_error *error);

/// The reverse of each piece (iscc's `u^-1`).
presburger_union_relation *
presburger_union_relation_reverse(const presburger_union_relation *u,
                                  presburger_error *error);
/// The domain of each piece (iscc's `dom u`).
presburger_union_relation *
presburger_union_relation_domain(const presburger_union_relation *u,
                                 presburger_error *error);
/// The range of each piece (iscc's `ran u`).
presburger_union_relation *
presburger_union_relation_range(const presburger_union_relation *u,
                                presburger_error *error);
/// {y - x} of each piece whose domain and range tuples are equal (iscc's
/// `deltas u`).
presburger_union_relation *
presburger_union_relation_deltas(const presburger_union_relation *u,
                                 presburger_error *error);
/// The union of the pieces' parameter domains, a params set (iscc's
/// `params u`).
presburger_union_relation *
presburger_union_relation_params(const presburger_union_relation *u,
                                 presburger_error *error);
/// Each relation piece as a set of pairs (iscc's `wrap u`).
presburger_union_relation *
presburger_union_relation_wrap(const presburger_union_relation *u,
                               presburger_error *error);
/// Each set of pairs as a relation (iscc's `unwrap u`).
presburger_union_relation *
presburger_union_relation_unwrap(const presburger_union_relation *u,
                                 presburger_error *error);

// Reshaping over unions: the pieces with the needed nesting (isl's
// union_map versions); domain_map and range_map take every piece.
/// Per piece: {[x -> y] -> x : x -> y in rel} (isl's domain_map). O(size of
/// rel).
presburger_union_relation *
presburger_union_relation_domain_map(const presburger_union_relation *u,
                                     presburger_error *error);
/// Per piece: {[x -> y] -> y : x -> y in rel} (isl's range_map). O(size of
/// rel).
presburger_union_relation *
presburger_union_relation_range_map(const presburger_union_relation *u,
                                    presburger_error *error);
/// Per piece: [A -> B] -> C as A -> [B -> C] (isl's curry). O(size of rel).
presburger_union_relation *
presburger_union_relation_curry(const presburger_union_relation *u,
                                presburger_error *error);
/// Per piece: a -> [B -> C] as [A -> B] -> C (isl's uncurry). O(size of rel).
presburger_union_relation *
presburger_union_relation_uncurry(const presburger_union_relation *u,
                                  presburger_error *error);
/// Per piece: [A -> B] -> [C -> D] as [A -> C] -> [B -> D] (isl's zip). O(size
/// of rel).
presburger_union_relation *
presburger_union_relation_zip(const presburger_union_relation *u,
                              presburger_error *error);
/// Per piece: a -> [B -> C] projected to A -> B (isl's range_factor_domain). A
/// projection.
presburger_union_relation *presburger_union_relation_range_factor_domain(
    const presburger_union_relation *u, presburger_error *error);
/// Per piece: a -> [B -> C] projected to A -> C. A projection.
presburger_union_relation *
presburger_union_relation_range_factor_range(const presburger_union_relation *u,
                                             presburger_error *error);
/// Per piece: [A -> B] -> C projected to A -> C. A projection.
presburger_union_relation *presburger_union_relation_domain_factor_domain(
    const presburger_union_relation *u, presburger_error *error);
/// Per piece: [A -> B] -> C projected to B -> C. A projection.
presburger_union_relation *presburger_union_relation_domain_factor_range(
    const presburger_union_relation *u, presburger_error *error);
/// Per piece: [A -> B] -> [C -> D] projected to A -> C (isl's factor_domain). A
/// projection.
presburger_union_relation *
presburger_union_relation_factor_domain(const presburger_union_relation *u,
                                        presburger_error *error);
/// Per piece: [A -> B] -> [C -> D] projected to B -> D. A projection.
presburger_union_relation *
presburger_union_relation_factor_range(const presburger_union_relation *u,
                                       presburger_error *error);
/// Pairwise (matching pieces): a -> B and C -> B give (A, C) -> B. O(disjunct
/// pairs).
presburger_union_relation *presburger_union_relation_flat_domain_product(
    const presburger_union_relation *a, const presburger_union_relation *b,
    presburger_error *error);
/// Pairwise (matching pieces): a -> B and A -> C give A -> (B, C). O(disjunct
/// pairs).
presburger_union_relation *
presburger_union_relation_flat_range_product(const presburger_union_relation *a,
                                             const presburger_union_relation *b,
                                             presburger_error *error);
/// The universe of each piece's space (iscc's `universe u`).
presburger_union_relation *
presburger_union_relation_universe(const presburger_union_relation *u,
                                   presburger_error *error);
/// The identity relation on each piece of the union set `u` (iscc's
/// `identity u`).
presburger_union_relation *
presburger_union_relation_identity(const presburger_union_relation *u,
                                   presburger_error *error);
/// The lexicographic minimum of each piece (iscc's `lexmin u`);
/// PRESBURGER_UNBOUNDED when some minimum does not exist.
presburger_union_relation *
presburger_union_relation_lexmin(const presburger_union_relation *u,
                                 presburger_error *error);
/// The lexicographic maximum of each piece (iscc's `lexmax u`).
presburger_union_relation *
presburger_union_relation_lexmax(const presburger_union_relation *u,
                                 presburger_error *error);
/// Each piece coalesced (iscc's `coalesce u`). Exact.
presburger_union_relation *
presburger_union_relation_coalesce(const presburger_union_relation *u,
                                   presburger_error *error);
/// Over-approximation: the convex hull of each piece.
presburger_union_relation *
presburger_union_relation_convex_hull(const presburger_union_relation *u,
                                      presburger_error *error);
/// Over-approximation: the polyhedral hull of each piece (iscc's `poly u`
/// and `convex_hull u`).
presburger_union_relation *
presburger_union_relation_polyhedral_hull(const presburger_union_relation *u,
                                          presburger_error *error);
/// Over-approximation: the simple hull of each piece (iscc's
/// `simple_hull u`).
presburger_union_relation *
presburger_union_relation_simple_hull(const presburger_union_relation *u,
                                      presburger_error *error);
/// Over-approximation: the affine hull of each piece (iscc's `aff u`).
presburger_union_relation *
presburger_union_relation_affine_hull(const presburger_union_relation *u,
                                      presburger_error *error);
/// Over-approximation: the existentials of each piece eliminated
/// rationally.
presburger_union_relation *
presburger_union_relation_remove_divs(const presburger_union_relation *u,
                                      presburger_error *error);
/// A union holding one point of some piece, or the empty union (iscc's
/// `sample u`).
presburger_union_relation *
presburger_union_relation_sample(const presburger_union_relation *u,
                                 presburger_error *error);

/*===----------------------------------------------------------------------===*
 * Union relations: predicates. 1 for true, 0 for false, -1 on failure.
 *===----------------------------------------------------------------------===*/

/// Whether no piece has an integer point (iscc's `is_empty u`).
int presburger_union_relation_is_empty(const presburger_union_relation *u,
                                       presburger_error *error);
/// Whether every piece is the universe of its space (iscc's
/// `is_universe u`).
int presburger_union_relation_is_universe(const presburger_union_relation *u,
                                          presburger_error *error);
/// Whether `a` is a subset of `b` (iscc's `a <= b`).
int presburger_union_relation_is_subset(const presburger_union_relation *a,
                                        const presburger_union_relation *b,
                                        presburger_error *error);
/// Whether `a` is a proper subset of `b` (iscc's `a < b`).
int presburger_union_relation_is_strict_subset(
    const presburger_union_relation *a, const presburger_union_relation *b,
    presburger_error *error);
/// Whether `a` and `b` have the same points (iscc's `a = b`).
int presburger_union_relation_is_equal(const presburger_union_relation *a,
                                       const presburger_union_relation *b,
                                       presburger_error *error);
/// Whether `a` and `b` have no point in common.
int presburger_union_relation_is_disjoint(const presburger_union_relation *a,
                                          const presburger_union_relation *b,
                                          presburger_error *error);
/// Whether `u` maps each domain element to at most one image (iscc's
/// `is_single_valued u`).
int presburger_union_relation_is_single_valued(
    const presburger_union_relation *u, presburger_error *error);
/// Whether `u` maps at most one element to each image (iscc's
/// `is_injective u`).
int presburger_union_relation_is_injective(const presburger_union_relation *u,
                                           presburger_error *error);
/// Whether `u` is single-valued and injective (iscc's `is_bijective u`).
int presburger_union_relation_is_bijective(const presburger_union_relation *u,
                                           presburger_error *error);

/*===----------------------------------------------------------------------===*
 * Code generation (AST generation, presburger/AstBuild.h)
 *===----------------------------------------------------------------------===*/

/// Choices of presburger_codegen (presburger::AstBuildOptions); fill one
/// with presburger_codegen_options_init, then change what you need.
typedef struct presburger_codegen_options {
  /// Nonzero: split a loop shared by several statements into loops over
  /// the pieces where the same statements run (isl's "separate"). Default 0.
  int separate;
  /// Separation only for up to this many statements in one loop. Default 4.
  unsigned max_separated;
  /// Unroll a loop whose trip count is a constant of at most this many
  /// iterations (0: never; isl's "unroll"). Default 0.
  unsigned unroll_limit;
  /// The prefix of the loop iterators (c0, c1, ...), a C identifier; NULL
  /// or "" means "c".
  const char *iterator_prefix;
} presburger_codegen_options;

/// Fills `options` with the defaults (isl's: no separation, no unrolling,
/// iterators c0, c1, ...). O(1).
void presburger_codegen_options_init(presburger_codegen_options *options);

/// The C code that executes every instance of the schedule `schedule`
/// (a union of relations { instance -> time }) once, in lexicographic
/// order of time, for the parameter values of the params set `context`
/// (NULL: every value), with `options` (NULL: the defaults): the text the
/// calculator's `codegen` prints, one line per statement or loop header,
/// "" for an empty schedule. Release it with presburger_string_free.
/// Fails with PRESBURGER_INVALID_ARGUMENT when a statement's schedule is
/// not injective or not bounded in time, or the iterator prefix is not a
/// C identifier; PRESBURGER_SPACE_ERROR when a piece of `schedule` is a
/// set or `context` is not a params set;
/// PRESBURGER_LIMIT_EXCEEDED when the generator exceeds the budget.
/// Cost: projections, emptiness tests and gists per loop (exponential in
/// the worst case, charged to the budget of `schedule`, else `context`).
char *presburger_codegen(const presburger_union_relation *schedule,
                         const presburger_relation *context,
                         const presburger_codegen_options *options,
                         presburger_error *error);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PRESBURGER_CAPI_H */
