// SPDX-License-Identifier: LGPL-2.1-or-later
// 512-bit register operations (AVX-512F/BW, optionally GFNI) for the x86 multiply traits. Include only
// from a TU built with -mavx512f -mavx512bw -mavx512vl (and -mgfni for the affine multiply).
#ifndef EC_SIMD_X86_AVX512_OPS_H
#define EC_SIMD_X86_AVX512_OPS_H

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace ec::simd {
namespace {

struct Avx512Ops {
  using Vec = __m512i;
  static constexpr std::size_t kWidth = 64;
  static constexpr unsigned kRegisters = 32;
  // Byte-masked loads and stores suppress faults on the masked-off bytes, so a tail can touch exactly
  // its own bytes even when the next page is unmapped.
  static constexpr bool kMaskedTail = true;

  static Vec load(const std::uint8_t *p) { return _mm512_loadu_si512(p); }
  static void store(std::uint8_t *p, Vec v) { _mm512_storeu_si512(p, v); }
  // Non-temporal, to a 64-byte aligned address; xor_many streams long outputs (beyond_l2_bytes).
  static void store_stream(std::uint8_t *p, Vec v) { _mm512_stream_si512(reinterpret_cast<Vec *>(p), v); }
  static void stream_fence() { _mm_sfence(); }
  static __mmask64 first_bytes(std::size_t n) { return _cvtu64_mask64((std::uint64_t{1} << n) - 1); }
  static Vec load_partial(const std::uint8_t *p, std::size_t n) {
    return _mm512_maskz_loadu_epi8(first_bytes(n), p);
  }
  static void store_partial(std::uint8_t *p, std::size_t n, Vec v) {
    _mm512_mask_storeu_epi8(p, first_bytes(n), v);
  }
  static Vec zero() { return _mm512_setzero_si512(); }
  static Vec bxor(Vec a, Vec b) { return _mm512_xor_si512(a, b); }
  static Vec band(Vec a, Vec b) { return _mm512_and_si512(a, b); }
  static Vec shift_right_4(Vec a) { return _mm512_srli_epi16(a, 4); }
  static Vec splat(std::uint8_t b) { return _mm512_set1_epi8(static_cast<char>(b)); }
  // vpshufb looks up within each 128-bit lane, hence the tables are broadcast to all four lanes.
  static Vec lookup16(Vec table, Vec idx) { return _mm512_shuffle_epi8(table, idx); }
  // The unmasked _mm512_broadcast_i32x4 trips gcc 12's -Wmaybe-uninitialized inside its own header (it
  // merges into _mm512_undefined_epi32()); with an all-ones zero-mask gcc emits the same instruction.
  static Vec broadcast16(const std::uint8_t *p) {
    return _mm512_maskz_broadcast_i32x4(0xffff, _mm_loadu_si128(reinterpret_cast<const __m128i *>(p)));
  }
#ifdef __GFNI__
  static Vec broadcast8(const std::uint8_t *p) {
    long long q;
    std::memcpy(&q, p, sizeof q);
    Vec v = _mm512_set1_epi64(q);
#if defined(__clang__)
    // clang 14 folds this broadcast into vgf2p8affineqb as a {1to8} memory operand and gets the bytes
    // wrong when the table is not the first one (found by the clang build of test/simd and by
    // fuzz_kernels: mad and dot_prod rows after the first). Keeping it in a register avoids the fold.
    __asm__("" : "+v"(v));
#endif
    return v;
  }
  static Vec affine(Vec x, Vec matrix) { return _mm512_gf2p8affine_epi64_epi8(x, matrix, 0); }
#endif
};

} // namespace
} // namespace ec::simd

#endif
