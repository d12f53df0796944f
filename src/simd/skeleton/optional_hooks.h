// SPDX-License-Identifier: LGPL-2.1-or-later
// What a variant's traits struct T provides to the skeleton, and how the skeleton finds out which of the
// optional hooks it has: each detector below is false when T lacks the hook.
//
// T provides (all static; see generic/generic_traits.h and x86/*_traits.h):
//   using Vec;     one register of data                          kWidth bytes
//   using Table;   one coefficient as the multiply wants it in registers (two nibble tables, a matrix...)
//   using Src;     one source register prepared for multiplying by many coefficients (split nibbles,
//                  bit masks, or just Vec); preparing once per source and pass is what makes a
//                  multi-row dot product cheaper than rows separate ones
//   kWidth, kTableBytes (== Kernels::table_bytes), kMaxRows (outputs per pass: as many accumulators
//   as the register file holds), kMaskedTail (true: load_partial/store_partial exist and touch no byte
//   past n; false: tails go through a stack buffer here)
//   static constexpr unsigned unroll(unsigned rows);  registers per accumulator row, for ILP
//   Vec load(const uint8_t *), store(uint8_t *, Vec)            any alignment
//   Vec load_partial(const uint8_t *, size_t n), store_partial(uint8_t *, size_t n, Vec)   n < kWidth
//   Vec zero(), add(Vec, Vec)                                    GF addition, i.e. xor
//   Table load_table(const uint8_t *)                            from the 16-byte aligned expanded table
//   Src prepare(Vec);  Vec mul(const Table &, const Src &)
//   void expand(uint8_t coef, uint8_t *table)
//   tuning: T derives from Tuning<T> (tuning.h), whose defaults it redefines where it tunes them
//   optional: add_into(uint8_t *p, Vec v), the register at p xored with v in place, as one load, add and
//   store at one address: for a T whose loads and stores take reg+reg addresses only, gcc otherwise
//   computes the address of an output loaded and stored apart into a register of its own (see add_to_block)
//   optional: const uint8_t *source_base(const uint8_t *p), where a dot product's block of one source
//   starts, as its loads are to address it: a T whose loads take a displacement returns p hidden from the
//   optimiser, so the block loads at p + u * kWidth from one register; otherwise gcc keeps the block's
//   offsets in one index register each, which it recomputes for every block (default: p)
//   optional: store_stream(uint8_t *, Vec) to a kWidth-aligned address, bypassing the caches, and
//   stream_fence(), which orders such stores before any later store (x86: non-temporal stores and sfence);
//   with them, xor_many streams long outputs (see beyond_l2_bytes)
//   optional: Vec add3(Vec, Vec, Vec), the sum of three registers in one instruction (POWER10's xxeval);
//   with it, dot products add two sources' products to each accumulator per step (see dot_block)
//   optional: template <unsigned Slot> load_pair(const uint8_t *, Vec &first, Vec &second) and
//   store_pair<Slot>(uint8_t *, Vec first, Vec second), two adjacent registers (2 * kWidth bytes, any
//   alignment) in one instruction (POWER10's lxvp/stxvp); with them, the whole registers of a block are
//   loaded and stored two at a time. Slot numbers the pairs that are live together (0, 1, ... within a
//   block's sources, its accumulators), for a T whose pairs need fixed registers
//   optional: xor_region(size_t len, unsigned n, const uint8_t *const *src, uint8_t *dst), the whole of
//   Kernels::xor_many in T's own instructions (IBM Z's XC, 256 bytes each): with it, xor_many and an
//   update's lone all-ones row call it instead of the skeleton's register loops
//   optional: using Narrower, the traits of the same tables in registers of half the width, and static bool
//   narrower_by_vendor(), whether this CPU's vendor wants them for the moves beyond L1D (MovesBeyondL1):
//   with them, mad, xor_mad and xor_many run Narrower's loops there in the table Kernels::settle gives for
//   the narrower width

#ifndef EC_SIMD_SKELETON_OPTIONAL_HOOKS_H
#define EC_SIMD_SKELETON_OPTIONAL_HOOKS_H

#include <cstddef>
#include <type_traits>
#include <utility>

namespace ec::simd::skeleton {

using std::size_t;

template <class T, class = void> struct HasPairs : std::false_type {};
template <class T>
struct HasPairs<T, std::void_t<decltype(T::template load_pair<0>(nullptr, std::declval<typename T::Vec &>(),
                                                                 std::declval<typename T::Vec &>())),
                               decltype(T::template store_pair<0>(nullptr, std::declval<typename T::Vec>(),
                                                                  std::declval<typename T::Vec>()))>>
    : std::true_type {};


template <class T, class = void> struct HasStreamStores : std::false_type {};
template <class T>
struct HasStreamStores<T, std::void_t<decltype(T::store_stream(nullptr, std::declval<typename T::Vec>())),
                                      decltype(T::stream_fence())>> : std::true_type {};

template <class T, class = void> struct HasAdd3 : std::false_type {};
template <class T>
struct HasAdd3<T, std::void_t<decltype(T::add3(std::declval<typename T::Vec>(), std::declval<typename T::Vec>(),
                                               std::declval<typename T::Vec>()))>> : std::true_type {};

template <class T, class = void> struct HasSourceBase : std::false_type {};
template <class T> struct HasSourceBase<T, std::void_t<decltype(T::source_base(nullptr))>> : std::true_type {};

template <class T, class = void> struct HasAddInto : std::false_type {};
template <class T>
struct HasAddInto<T, std::void_t<decltype(T::add_into(nullptr, std::declval<typename T::Vec>()))>> : std::true_type {};

template <class T, class = void> struct HasRegionXor : std::false_type {};
template <class T>
struct HasRegionXor<T, std::void_t<decltype(T::xor_region(size_t{}, 0u, nullptr, nullptr))>> : std::true_type {};

template <class T, class = void> struct HasNarrower : std::false_type {};
template <class T>
struct HasNarrower<T, std::void_t<typename T::Narrower, decltype(T::narrower_by_vendor())>> : std::true_type {
  static_assert(T::Narrower::kTableBytes == T::kTableBytes && 2 * T::Narrower::kWidth == T::kWidth,
                "a Narrower reads the same tables in registers of half the width");
};
// T's Narrower where Use (and T has one), else T.
template <class T, bool Use> struct NarrowerTraits {
  using type = T;
};
template <class T> struct NarrowerTraits<T, true> {
  using type = typename T::Narrower;
};

} // namespace ec::simd::skeleton

#endif
