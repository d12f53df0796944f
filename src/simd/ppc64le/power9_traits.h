// SPDX-License-Identifier: LGPL-2.1-or-later
// POWER9 (ISA 3.0) primitives for the loop skeleton.
//
// lxv/stxv load and store in element order with no swap, and take a displacement, so the unrolled
// registers need no index registers. Tails use lxvl/stxvl, which touch exactly n bytes: they place memory
// byte j in big-endian byte j of the register, not in element j as lxv does, but a tail block loads and
// stores every buffer the same way and vpermxor is position-wise, so the raw instructions are right and
// gcc's vec_xl_len (which adds a permute on little-endian) is not needed. Their length is in the top
// byte of RB; RA = 0 would mean zero, not r0, hence the "b" constraint.
#ifndef EC_SIMD_PPC64LE_POWER9_TRAITS_H
#define EC_SIMD_PPC64LE_POWER9_TRAITS_H

#include "simd/ppc64le/vpermxor_common.h"
#include "simd/skeleton/tuning.h"

namespace ec::simd {
namespace {

// POWER9's primitives, with no tuning: the traits that use them (Power9Traits, and Power10Traits, which
// add to them) each derive from skeleton::Tuning<of their own type>, so that the defaults that follow
// unroll() and xor_unroll() follow theirs (skeleton/tuning.h).
struct Power9Primitives : VpermxorCommon {
  static constexpr bool kMaskedTail = true;
  static constexpr unsigned kMaxRows = 6;
  // Three rows of 12 registers (36 accumulators, 12 sources, the tables) still fit the 64 VSX registers
  // and spread each source's table loads and loop over 12 blocks instead of 8: 6+3 and 8+3 encode 4-7%
  // fewer instructions (counted).
  static constexpr unsigned unroll(unsigned rows) { return rows <= 2 ? 16 : rows <= 3 ? 12 : rows <= 4 ? 8 : 4; }

  // Plain accesses through a doubleword vector type of byte alignment: lxv/stxv(x) take any alignment,
  // and unlike vec_xl/vec_xst (which may alias anything) a doubleword-typed store lets gcc keep the dst[r]
  // pointers in registers instead of reloading them after each store (see power8_traits.h).
  using Mem = __vector unsigned long long;
  typedef Mem UnalignedMem __attribute__((aligned(1)));
  static Vec load(const std::uint8_t *p) {
    return reinterpret_cast<Vec>(*reinterpret_cast<const UnalignedMem *>(p));
  }
  static void store(std::uint8_t *p, Vec v) { *reinterpret_cast<UnalignedMem *>(p) = reinterpret_cast<Mem>(v); }

  // lxv takes a displacement and writes any of the 64 VSX registers; lvx (vec_ld, the common version)
  // needs an index register for the second half and, in gcc's reload, sometimes lands in one vector
  // register only to be copied to another through the stack: with the common version the hot loops'
  // stack accesses go from 7 to 141-146 (power9) and from 34-41 to 260-429 (power10) with gcc 12, 14
  // and 16, which simd.hot_loop_spills fails on (CMakeLists.txt).
  static Table load_table(const std::uint8_t *p) {
    return Table{vec_xl(0, reinterpret_cast<const unsigned char *>(p)),
                 vec_xl(16, reinterpret_cast<const unsigned char *>(p))};
  }

  // lxv's displacement reaches a whole block from one base register (see source_base in the skeleton):
  // one add per source and block instead of an index register per offset, recomputed for every block.
  static const std::uint8_t *source_base(const std::uint8_t *p) {
    __asm__("" : "+r"(p));
    return p;
  }

  static Vec load_partial(const std::uint8_t *p, std::size_t n) {
    Vec v;
    __asm__("lxvl %x0,%1,%2" : "=wa"(v) : "b"(p), "r"(n << 56), "m"(*reinterpret_cast<const Mem *>(p)));
    return v;
  }
  static void store_partial(std::uint8_t *p, std::size_t n, Vec v) {
    // "memory": only n bytes are written, so no output operand may claim the other 16 - n.
    __asm__ volatile("stxvl %x0,%1,%2" : : "wa"(v), "b"(p), "r"(n << 56) : "memory");
  }
};

struct Power9Traits : Power9Primitives, skeleton::Tuning<Power9Traits> {
  static constexpr bool kDecodesThroughSum = false; // one vpermxor a product, as POWER8's
};

} // namespace
} // namespace ec::simd

#endif
