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

struct Power10Traits : Power9Traits {
  static Vec add3(Vec a, Vec b, Vec c) {
    Vec r;
    __asm__("xxeval %x0,%x1,%x2,%x3,105" : "=wa"(r) : "wa"(a), "wa"(b), "wa"(c));
    return r;
  }

  // Paired loads and stores name their registers: through gcc 12's __vector_pair builtins, the pair sits
  // in registers of its own and both halves are copied out with xxmr (counted, 4+2 encode of 1 MiB
  // chunks: 0.380 insn/B, against 0.344 with no pairs at all); registers fixed by the skeleton's slot
  // numbers leave nothing to copy (0.295). Sources go to vector register pairs (vpermxor reads
  // only those), slot S mod 16 in v2S/v2S+1; accumulators are stored from vs2S/vs2S+1 (xxeval writes any
  // VSX register). On little-endian lxvp/stxvp put the lower address in the odd register. lxvp takes a
  // displacement that is a multiple of 16 (the skeleton's always are); any other would stop the assembler.
  template <unsigned Slot> static void load_pair(const std::uint8_t *p, Vec &first, Vec &second) {
    constexpr unsigned S = Slot % 16;
#define EC_POWER10_PAIR_LOAD(EVEN, ODD)                                                                      \
  {                                                                                                           \
    register Vec even __asm__(EVEN);                                                                          \
    register Vec odd __asm__(ODD);                                                                            \
    __asm__("lxvp%X2 %x0,%2" : "=v"(even), "=v"(odd) : "m"(*reinterpret_cast<const __vector_pair *>(p)));   \
    first = odd;                                                                                              \
    second = even;                                                                                            \
  }
    if constexpr (S == 0) EC_POWER10_PAIR_LOAD("v0", "v1")
    else if constexpr (S == 1) EC_POWER10_PAIR_LOAD("v2", "v3")
    else if constexpr (S == 2) EC_POWER10_PAIR_LOAD("v4", "v5")
    else if constexpr (S == 3) EC_POWER10_PAIR_LOAD("v6", "v7")
    else if constexpr (S == 4) EC_POWER10_PAIR_LOAD("v8", "v9")
    else if constexpr (S == 5) EC_POWER10_PAIR_LOAD("v10", "v11")
    else if constexpr (S == 6) EC_POWER10_PAIR_LOAD("v12", "v13")
    else if constexpr (S == 7) EC_POWER10_PAIR_LOAD("v14", "v15")
    else if constexpr (S == 8) EC_POWER10_PAIR_LOAD("v16", "v17")
    else if constexpr (S == 9) EC_POWER10_PAIR_LOAD("v18", "v19")
    else if constexpr (S == 10) EC_POWER10_PAIR_LOAD("v20", "v21")
    else if constexpr (S == 11) EC_POWER10_PAIR_LOAD("v22", "v23")
    else if constexpr (S == 12) EC_POWER10_PAIR_LOAD("v24", "v25")
    else if constexpr (S == 13) EC_POWER10_PAIR_LOAD("v26", "v27")
    else if constexpr (S == 14) EC_POWER10_PAIR_LOAD("v28", "v29")
    else if constexpr (S == 15) EC_POWER10_PAIR_LOAD("v30", "v31")
#undef EC_POWER10_PAIR_LOAD
  }
  template <unsigned Slot> static void store_pair(std::uint8_t *p, Vec first, Vec second) {
    constexpr unsigned S = Slot % 16;
#define EC_POWER10_PAIR_STORE(EVEN, ODD)                                                                     \
  {                                                                                                           \
    register Vec even __asm__(EVEN) = second;                                                                 \
    register Vec odd __asm__(ODD) = first;                                                                    \
    __asm__("stxvp%X0 %x1,%0" : "=m"(*reinterpret_cast<__vector_pair *>(p)) : "wa"(even), "wa"(odd));       \
  }
    if constexpr (S == 0) EC_POWER10_PAIR_STORE("vs0", "vs1")
    else if constexpr (S == 1) EC_POWER10_PAIR_STORE("vs2", "vs3")
    else if constexpr (S == 2) EC_POWER10_PAIR_STORE("vs4", "vs5")
    else if constexpr (S == 3) EC_POWER10_PAIR_STORE("vs6", "vs7")
    else if constexpr (S == 4) EC_POWER10_PAIR_STORE("vs8", "vs9")
    else if constexpr (S == 5) EC_POWER10_PAIR_STORE("vs10", "vs11")
    else if constexpr (S == 6) EC_POWER10_PAIR_STORE("vs12", "vs13")
    else if constexpr (S == 7) EC_POWER10_PAIR_STORE("vs14", "vs15")
    else if constexpr (S == 8) EC_POWER10_PAIR_STORE("vs16", "vs17")
    else if constexpr (S == 9) EC_POWER10_PAIR_STORE("vs18", "vs19")
    else if constexpr (S == 10) EC_POWER10_PAIR_STORE("vs20", "vs21")
    else if constexpr (S == 11) EC_POWER10_PAIR_STORE("vs22", "vs23")
    else if constexpr (S == 12) EC_POWER10_PAIR_STORE("vs24", "vs25")
    else if constexpr (S == 13) EC_POWER10_PAIR_STORE("vs26", "vs27")
    else if constexpr (S == 14) EC_POWER10_PAIR_STORE("vs28", "vs29")
    else if constexpr (S == 15) EC_POWER10_PAIR_STORE("vs30", "vs31")
#undef EC_POWER10_PAIR_STORE
  }
};

} // namespace
} // namespace ec::simd

#endif
