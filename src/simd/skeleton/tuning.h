// SPDX-License-Identifier: LGPL-2.1-or-later
// The skeleton's tuning, one struct of explicit defaults (as klauspost/reedsolomon's options.go): a
// variant's traits T derive from Tuning<T> and redefine only what they tune. Tuning<T> of T's own type,
// never one inherited from another traits struct: its defaults would follow that struct's unroll() and
// xor_unroll(), not T's (kTunesItself, which the skeleton asserts). Traits that share primitives share a
// base without a Tuning (Power9Primitives) or a base template over the final type (GfniTraitsOf<Ops, Final>).
#ifndef EC_SIMD_SKELETON_TUNING_H
#define EC_SIMD_SKELETON_TUNING_H

#include <cstddef>
#include <type_traits>

namespace ec::simd::skeleton {

// T's own unroll(rows) (registers per accumulator row of a dot product) is what most defaults follow.
template <class T> struct Tuning {
  // How many sources' products initialise a dot product's accumulators: 0 (they start at zero), 1 or 2
  // (see dot_block).
  static constexpr unsigned kFirstSources = 2;
  // Whether a dot product reads each row's tables through a pointer of its own, with T's
  // load_table_step(p), which loads them and steps p to the next source's (see dot_block).
  static constexpr bool kRowTablePointers = false;
  // Whether a decode rebuilding two or more data chunks gets the last of them from the all-ones parity's sum
  // (codec/sum_recovery_coder.h): an XOR pass over 2L - 1 chunks in place of a row of products. Worth it
  // where a product is two table lookups per register (Zen 4, avx2 and avx512, the decodes gfni_traits.h
  // names: 0.95-1.21x the speed without it); not where one instruction multiplies.
  static constexpr bool kDecodesThroughSum = true;
  // Up to how many sources a dot product of a row of ones and one multiply row from a column of ones (a
  // Vandermonde encode of two parities) holds the sources' tables in registers for the whole region
  // (region_loops.h's held_pair); 0 or 1: never. Where the tables, the two rows' accumulators and a block's
  // sources fit the register file.
  static constexpr unsigned kHeldTableSources = 0;
  // How far ahead of a dot product's block its sources are prefetched beyond L2; 0: not at all.
  static constexpr std::size_t kPrefetchBytes = 0;
  // Registers per row of mad and xor_mad, whose every output register is loaded and stored where a dot
  // product's stays in an accumulator: a T whose loads need an index register per offset may want fewer.
  static constexpr unsigned mad_unroll(unsigned rows) { return T::unroll(rows); }
  // Whether a block of mad and xor_mad loads its source and every output before its first store (as
  // ISA-L's kernels do): only where the source and rows + 1 outputs per register fit beside the tables.
  static constexpr bool mad_loads_first(unsigned) { return false; }
  // Registers per row of a dot product whose sources and outputs exceed twice L1D, unprefetched; fills_l2:
  // they exceed a quarter of L2 too, but not all of it. Where it differs from unroll, the variant's
  // library times both ways when it loads (calibrate.h).
  static constexpr unsigned dot_unroll_beyond_l1(unsigned rows, bool) { return T::unroll(rows); }
  // Registers per block of xor_many in cache: as far as a one-row product, at least 4 (no multiply to hide).
  static constexpr unsigned xor_unroll() { return T::unroll(1) > 4 ? T::unroll(1) : 4; }
  // ... when a call's sources and output exceed L1D (see xor_range).
  static constexpr unsigned xor_unroll_beyond_l1() { return T::xor_unroll(); }
  // ... of an xor that adds one region into another within L1D (xor_mad's lone all-ones row; xor_in_l1).
  static constexpr unsigned xor_unroll_in_place() { return T::xor_unroll(); }
};

// Whether T derives from Tuning<T>: false for a T that derives from another traits struct U and so
// inherits Tuning<U>, whose defaults call U's hooks where T redefines them (region_loops.h asserts it).
template <class T> inline constexpr bool kTunesItself = std::is_base_of_v<Tuning<T>, T>;

} // namespace ec::simd::skeleton

#endif
