// SPDX-License-Identifier: LGPL-2.1-or-later
// IBM z13 (the vector facility) primitives for the loop skeleton: split-nibble multiplication with VPERM.
//
// VPERM picks each byte of its result from the 32-byte pair of its first two operands by the low 5 bits
// of the index byte. With the nibble table as both operands, bit 4 picks between two copies of it, so the
// low-nibble lookup needs no mask; VESRLB (a byte-wise shift) brings the high nibble down. A multiply is
// two VPERMs and a VX. The machine is big-endian and VPERM numbers a register's bytes in memory order, so
// tables and data are loaded as they lie, with no reversal (POWER's little-endian tables are reversed).
// Tails use VLL/VSTL, which touch exactly the bytes asked for.
#ifndef EC_SIMD_S390X_Z13_TRAITS_H
#define EC_SIMD_S390X_Z13_TRAITS_H

#include <vecintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "simd/s390x/storage_xor.h"
#include "simd/skeleton/split_nibble_x32.h"
#include "simd/skeleton/tuning.h"

// vecintrin.h defines these as macros, which breaks std headers included after it.
#undef vector
#undef pixel
#undef bool

namespace ec::simd {
namespace {

struct Z13Traits : skeleton::SplitNibbleX32<__vector unsigned char>, skeleton::Tuning<Z13Traits> {
  static constexpr bool kMaskedTail = true;
  static constexpr unsigned kHeldTableSources = kHeldTableSourcesX32;

  static Vec load(const std::uint8_t *p) {
    Vec v;
    std::memcpy(&v, p, sizeof v); // VL: any alignment
    return v;
  }
  static void store(std::uint8_t *p, Vec v) { std::memcpy(p, &v, sizeof v); }
  // VLL and VSTL take the index of the last byte, n - 1 (the skeleton's tails have 0 < n < 16).
  static Vec load_partial(const std::uint8_t *p, std::size_t n) {
    return vec_load_len(p, static_cast<unsigned>(n - 1));
  }
  static void store_partial(std::uint8_t *p, std::size_t n, Vec v) {
    vec_store_len(v, p, static_cast<unsigned>(n - 1));
  }
  // VL takes a 12-bit displacement: a block's registers load from one base register (skeleton source_base).
  static const std::uint8_t *source_base(const std::uint8_t *p) {
    __asm__("" : "+a"(p));
    return p;
  }

  // Whole regions XOR with XC, 256 bytes an instruction (storage_xor.h); the multiplies' rows with vectors.
  static void xor_region(std::size_t len, unsigned n, const std::uint8_t *const *src, std::uint8_t *dst) {
    s390x::storage_xor(len, n, src, dst);
  }

  static Vec zero() { return Vec{}; }
  static Vec add(Vec a, Vec b) { return a ^ b; }
  static Table load_table(const std::uint8_t *p) { return Table{load(p), load(p + 16)}; }
  // The source itself indexes the low-nibble table (VPERM ignores its top 3 bits): no mask register.
  static Src prepare(Vec x) { return Src{x, x >> 4}; }
  static Vec mul(const Table &t, const Src &s) { return vec_perm(t.lo, t.lo, s.lo) ^ vec_perm(t.hi, t.hi, s.hi); }
};

} // namespace
} // namespace ec::simd

#endif
