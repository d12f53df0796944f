// SPDX-License-Identifier: LGPL-2.1-or-later
// POWER10 (ISA 3.1) primitives for the loop skeleton: POWER9's, plus
//   - add3: xxeval with immediate 105, whose truth table (bit (a<<2 | b<<1 | c) of the immediate, counted
//     from its most significant bit) is a ^ b ^ c, so a dot product adds two sources' products to an
//     accumulator in one instruction instead of two. Inline asm: gcc 12's vec_ternarylogic gave wrong
//     results under qemu-ppc64le -cpu power10 where the same xxeval in asm was right;
//   - load_pair/store_pair: lxvp/stxvp move two registers (32 bytes, any alignment) per instruction.
// The tables stay two lxv: one lxvp through gcc's __vector_pair builtins costs two xxmr to get the halves
// out (see load_pair), and the table load has no slot to fix its registers by.
#ifndef EC_SIMD_PPC64LE_POWER10_TRAITS_H
#define EC_SIMD_PPC64LE_POWER10_TRAITS_H

#include "simd/ppc64le/power9_traits.h"

namespace ec::simd {
namespace {

// The 16 register pairs of the slots (see Power10Traits::load_pair): slot, vector register pair (loads),
// VSX register pair (stores).
#define EC_POWER10_PAIRS(X) \
  X(0, "v0", "v1", "vs0", "vs1") \
  X(1, "v2", "v3", "vs2", "vs3") \
  X(2, "v4", "v5", "vs4", "vs5") \
  X(3, "v6", "v7", "vs6", "vs7") \
  X(4, "v8", "v9", "vs8", "vs9") \
  X(5, "v10", "v11", "vs10", "vs11") \
  X(6, "v12", "v13", "vs12", "vs13") \
  X(7, "v14", "v15", "vs14", "vs15") \
  X(8, "v16", "v17", "vs16", "vs17") \
  X(9, "v18", "v19", "vs18", "vs19") \
  X(10, "v20", "v21", "vs20", "vs21") \
  X(11, "v22", "v23", "vs22", "vs23") \
  X(12, "v24", "v25", "vs24", "vs25") \
  X(13, "v26", "v27", "vs26", "vs27") \
  X(14, "v28", "v29", "vs28", "vs29") \
  X(15, "v30", "v31", "vs30", "vs31")

// POWER9's primitives with POWER10's own tuning, whose defaults follow this struct's hooks (it used to
// derive from Power9Traits, inheriting Tuning<Power9Traits>, whose defaults called Power9Traits' unroll()
// and xor_unroll() whatever this struct redefined). The values are those it had then (power10_kernels.cc
// asserts them).
struct Power10Traits : Power9Primitives, skeleton::Tuning<Power10Traits> {
  static constexpr bool kDecodesThroughSum = false; // one vpermxor a product, as POWER8's
  static Vec add3(Vec a, Vec b, Vec c) {
    Vec r;
    __asm__("xxeval %x0,%x1,%x2,%x3,105" : "=wa"(r) : "wa"(a), "wa"(b), "wa"(c));
    return r;
  }

  // mad and xor_mad of three rows keep 8 registers per row: with POWER9's 12 the 10+4 and 12+4 updates
  // took 12% more instructions (0.977 instead of 0.870 per byte with gcc 12, 14 and 16; held by
  // simd.counted_insns.power10); dot products of three rows gain from 12 here too.
  static constexpr unsigned mad_unroll(unsigned rows) { return rows == 3 ? 8 : unroll(rows); }

  // Paired loads and stores name their registers: through gcc 12's __vector_pair builtins, the pair sits
  // in registers of its own and both halves are copied out with xxmr (counted, 4+2 encode of 1 MiB
  // chunks: 0.380 insn/B, against 0.344 with no pairs at all); registers fixed by the skeleton's slot
  // numbers leave nothing to copy (0.295; simd.counted_insns.power10 holds it). Sources go to vector
  // register pairs (vpermxor reads only those), slot S mod 16 in v2S/v2S+1; accumulators are stored from
  // vs2S/vs2S+1 (xxeval writes any VSX register). On little-endian lxvp/stxvp put the lower address in the
  // odd register. lxvp takes a displacement that is a multiple of 16 (the skeleton's always are); any
  // other would stop the assembler.
  template <unsigned Slot> static void load_pair(const std::uint8_t *p, Vec &first, Vec &second) {
#define EC_POWER10_PAIR(S, EVEN, ODD, VS_EVEN, VS_ODD)                                                                     \
  if constexpr (Slot % 16 == S) {                                                                             \
    register Vec even __asm__(EVEN);                                                                          \
    register Vec odd __asm__(ODD);                                                                            \
    __asm__("lxvp%X2 %x0,%2" : "=v"(even), "=v"(odd) : "m"(*reinterpret_cast<const __vector_pair *>(p)));   \
    first = odd;                                                                                              \
    second = even;                                                                                            \
  }
    EC_POWER10_PAIRS(EC_POWER10_PAIR)
#undef EC_POWER10_PAIR
  }
  template <unsigned Slot> static void store_pair(std::uint8_t *p, Vec first, Vec second) {
#define EC_POWER10_PAIR(S, EVEN, ODD, VS_EVEN, VS_ODD)                                                                     \
  if constexpr (Slot % 16 == S) {                                                                             \
    register Vec even __asm__(VS_EVEN) = second;                                                              \
    register Vec odd __asm__(VS_ODD) = first;                                                                 \
    __asm__("stxvp%X0 %x1,%0" : "=m"(*reinterpret_cast<__vector_pair *>(p)) : "wa"(even), "wa"(odd));       \
  }
    EC_POWER10_PAIRS(EC_POWER10_PAIR)
#undef EC_POWER10_PAIR
  }
};

#undef EC_POWER10_PAIRS

} // namespace
} // namespace ec::simd

#endif
