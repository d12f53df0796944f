// SPDX-License-Identifier: LGPL-2.1-or-later
// 256-bit register operations (AVX2, optionally GFNI) for the x86 multiply traits. Include only from a TU
// built with -mavx2 (and -mgfni for the affine multiply).
#ifndef EC_SIMD_X86_AVX2_OPS_H
#define EC_SIMD_X86_AVX2_OPS_H

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace ec::simd {
namespace {

struct Avx2Ops {
  using Vec = __m256i;
  static constexpr std::size_t kWidth = 32;
  static constexpr unsigned kRegisters = 16;
  // vpmaskmovd works in 4-byte units, not bytes, so tails go through the skeleton's stack buffer.
  static constexpr bool kMaskedTail = false;

  static Vec load(const std::uint8_t *p) { return _mm256_loadu_si256(reinterpret_cast<const Vec *>(p)); }
  static void store(std::uint8_t *p, Vec v) { _mm256_storeu_si256(reinterpret_cast<Vec *>(p), v); }
  // Non-temporal, to a 32-byte aligned address; xor_many streams long outputs (beyond_l2_bytes).
  static void store_stream(std::uint8_t *p, Vec v) { _mm256_stream_si256(reinterpret_cast<Vec *>(p), v); }
  static void stream_fence() { _mm_sfence(); }
  static Vec zero() { return _mm256_setzero_si256(); }
  static Vec bxor(Vec a, Vec b) { return _mm256_xor_si256(a, b); }
  static Vec band(Vec a, Vec b) { return _mm256_and_si256(a, b); }
  static Vec shift_right_4(Vec a) { return _mm256_srli_epi16(a, 4); }
  static Vec splat(std::uint8_t b) { return _mm256_set1_epi8(static_cast<char>(b)); }
  // vpshufb looks up within each 128-bit lane, hence the tables are broadcast to both lanes.
  static Vec lookup16(Vec table, Vec idx) { return _mm256_shuffle_epi8(table, idx); }
  static Vec broadcast16(const std::uint8_t *p) {
    return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p)));
  }
#ifdef __GFNI__
  static Vec broadcast8(const std::uint8_t *p) {
    long long q;
    std::memcpy(&q, p, sizeof q);
    return _mm256_set1_epi64x(q);
  }
  static Vec affine(Vec x, Vec matrix) { return _mm256_gf2p8affine_epi64_epi8(x, matrix, 0); }
#endif
};

} // namespace
} // namespace ec::simd

#endif
