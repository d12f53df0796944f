// SPDX-License-Identifier: LGPL-2.1-or-later
// AArch64 SVE primitives at the one vector length a translation unit is built for (-msve-vector-bits=N):
// the skeleton keeps registers in arrays and structs, which SVE's sizeless types cannot be, and a
// fixed-length type can. Such code is right only on a CPU whose vector length is N, so the probe runs a
// variant only there (select_variant.cc).
//
// TBL looks each byte of the index up in the whole register, but the indexes here are nibbles (0-15):
// only a table's first 16 bytes are read, and LD1RQB (one quadword into every quadword of the register)
// makes the 16-entry table at any vector length. Tails are predicated (WHILELT): a masked-off byte is
// neither loaded nor stored, so no fault on the next page.
#ifndef EC_SIMD_AARCH64_SVE_TRAITS_H
#define EC_SIMD_AARCH64_SVE_TRAITS_H

#include <arm_sve.h>

#include <cstddef>
#include <cstdint>

#include "simd/skeleton/split_nibble_x32.h"
#include "simd/skeleton/tuning.h"

#if !defined(__ARM_FEATURE_SVE_BITS) || __ARM_FEATURE_SVE_BITS == 0
#error "an SVE variant is built with -msve-vector-bits=N, its vector length"
#endif

namespace ec::simd {
namespace {

using SveVec = svuint8_t __attribute__((arm_sve_vector_bits(__ARM_FEATURE_SVE_BITS)));

struct SveTraits : skeleton::SplitNibbleX32<SveVec, __ARM_FEATURE_SVE_BITS / 8>, skeleton::Tuning<SveTraits> {
  static constexpr bool kMaskedTail = true;
  static constexpr unsigned kHeldTableSources = kHeldTableSourcesX32;

  static svbool_t all() { return svptrue_b8(); }
  static Vec load(const std::uint8_t *p) { return svld1_u8(all(), p); }
  static void store(std::uint8_t *p, Vec v) { svst1_u8(all(), p, v); }
  static Vec load_partial(const std::uint8_t *p, std::size_t n) { return svld1_u8(svwhilelt_b8_u64(0, n), p); }
  static void store_partial(std::uint8_t *p, std::size_t n, Vec v) { svst1_u8(svwhilelt_b8_u64(0, n), p, v); }
  // LD1B takes an immediate offset in vector lengths: a block's registers load from one base register
  // (skeleton source_base), as neon's do.
  static const std::uint8_t *source_base(const std::uint8_t *p) {
    __asm__("" : "+r"(p));
    return p;
  }

  static Vec zero() { return svdup_n_u8(0); }
  static Vec add(Vec a, Vec b) { return sveor_u8_x(all(), a, b); }
  static Table load_table(const std::uint8_t *p) { return Table{svld1rq_u8(all(), p), svld1rq_u8(all(), p + 16)}; }
  static Src prepare(Vec x) { return Src{svand_n_u8_x(all(), x, 0x0f), svlsr_n_u8_x(all(), x, 4)}; }
  static Vec mul(const Table &t, const Src &s) { return add(svtbl_u8(t.lo, s.lo), svtbl_u8(t.hi, s.hi)); }
};

} // namespace
} // namespace ec::simd

#endif
