// SPDX-License-Identifier: LGPL-2.1-or-later
// POWER10 (ISA 3.1) primitives for the loop skeleton: POWER9's, plus
//   - add3: xxeval with immediate 105, whose truth table (bit (a<<2 | b<<1 | c) of the immediate, counted
//     from its most significant bit) is a ^ b ^ c, so a dot product adds two sources' products to an
//     accumulator in one instruction instead of two. Inline asm: gcc 12's vec_ternarylogic gave wrong
//     results under qemu-ppc64le -cpu power10 where the same xxeval in asm was right;
//   - load_table: the two nibble tables (adjacent, 32 bytes) in one lxvp.
// Data registers are not paired (lxvp/stxvp): gcc 12 keeps a __vector_pair in an even/odd register pair
// and copies each half out with xxmr before vpermxor, so paired data loads and stores counted more
// instructions, not fewer (4+2 encode of 1 MiB chunks: 0.380 insn/B against 0.346 without them).
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

  // On little-endian, disassemble_pair gives the register of the lower address first (checked under
  // qemu-ppc64le -cpu power10; the kernel tests against the reference would catch a swap).
  static Table load_table(const std::uint8_t *p) {
    __vector_pair pair = __builtin_vsx_lxvp(0, reinterpret_cast<const __vector_pair *>(p));
    Vec v[2];
    __builtin_vsx_disassemble_pair(v, &pair);
    return Table{v[0], v[1]};
  }
};

} // namespace
} // namespace ec::simd

#endif
