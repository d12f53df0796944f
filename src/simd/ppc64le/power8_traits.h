// SPDX-License-Identifier: LGPL-2.1-or-later
// POWER8 (ISA 2.07) primitives for the loop skeleton.
//
// On little-endian, vec_xl/vec_xst compile to lxvd2x/stxvd2x plus an xxswapd each, to put the two
// doublewords in element order. vpermxor works byte position by byte position, so a source loaded with
// the doublewords swapped gives its product with them swapped, and storing it without swapping back
// writes the right bytes: the raw instructions (inline asm, so gcc cannot add the swaps) save a third of
// the loop. ISA 2.07 has no length-controlled load, so tails go through the skeleton's stack buffer.
#ifndef EC_SIMD_PPC64LE_POWER8_TRAITS_H
#define EC_SIMD_PPC64LE_POWER8_TRAITS_H

#include "simd/ppc64le/vpermxor_common.h"
#include "simd/skeleton/tuning.h"

namespace ec::simd {
namespace {

struct Power8Traits : VpermxorCommon, skeleton::Tuning<Power8Traits> {
  static constexpr bool kMaskedTail = false;
  // vpermxor multiplies in one instruction: the sum's XOR pass costs more than it saves (counted under qemu,
  // 4+2 decode-2 of 64 KiB chunks: 0.427 instructions per byte with it, 0.375 without).
  static constexpr bool kDecodesThroughSum = false;
  // 64 VSRs: the accumulators may live in any of them, while vpermxor's operands (the sources and one
  // table pair) take vector registers.
  static constexpr unsigned kMaxRows = 6;
  static constexpr unsigned unroll(unsigned rows) { return rows <= 2 ? 16 : rows <= 4 ? 8 : 4; }
  // mad and xor_mad load and store every output register, and lxvd2x/stxvd2x take reg+reg addresses only:
  // at more registers a row gcc runs out of registers for the rows' addresses and keeps them on the stack
  // inside the loop. 4 registers for any number of rows, counted under qemu (64 KiB; gcc 12 and 14 alike,
  // g++ 16): the 8+3 update 0.800 instructions per byte instead of 0.871 and 0.914 at unroll()'s 16, the
  // 10+4 update 1.050 instead of 1.066 and 1.137 at its 8, where g++ 16's hot loops touch the stack 32
  // times (3 at 4). simd.counted_insns.power8 and simd.hot_loop_spills.power8 hold them
  // (src/simd/ppc64le/CMakeLists.txt).
  static constexpr unsigned mad_unroll(unsigned) { return 4; }

  // "Z" lets gcc pick reg+reg addressing, the only form lxvd2x has; %y prints it. The memory operand is
  // typed as doublewords, not bytes: a byte-typed store may alias anything, so gcc would reload every
  // dst[r] pointer from memory after each store. Data is only ever touched here or through char types.
  using Mem = __vector unsigned long long;
  static Vec load(const std::uint8_t *p) {
    Vec v;
    __asm__("lxvd2x %x0,%y1" : "=wa"(v) : "Z"(*reinterpret_cast<const Mem *>(p)));
    return v;
  }
  static void store(std::uint8_t *p, Vec v) {
    __asm__("stxvd2x %x1,%y0" : "=Z"(*reinterpret_cast<Mem *>(p)) : "wa"(v));
  }
  // An output register of mad and xor_mad, loaded, added to and stored: through load and store, gcc put
  // the address both use into a register of its own, an add per output register and block, where the one
  // memory operand here takes the reg+reg form the sources' loads get.
  static void add_into(std::uint8_t *p, Vec v) {
    Vec sum;
    __asm__("lxvd2x %x0,%y1\n\txxlxor %x0,%x0,%x2\n\tstxvd2x %x0,%y1"
            : "=&wa"(sum), "+Z"(*reinterpret_cast<Mem *>(p))
            : "wa"(v));
  }
};

} // namespace
} // namespace ec::simd

#endif
