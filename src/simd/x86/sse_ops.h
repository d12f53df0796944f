// SPDX-License-Identifier: LGPL-2.1-or-later
// 128-bit register operations (SSSE3) for the x86 multiply traits. Include only from a TU built with
// -mssse3: everything here is in an anonymous namespace so no other variant can end up calling it.
#ifndef EC_SIMD_X86_SSE_OPS_H
#define EC_SIMD_X86_SSE_OPS_H

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace ec::simd {
namespace {

struct SseOps {
  using Vec = __m128i;
  static constexpr std::size_t kWidth = 16;
  static constexpr unsigned kRegisters = 16;
  static constexpr bool kMaskedTail = false; // no byte-masked loads before AVX-512BW

  static Vec load(const std::uint8_t *p) { return _mm_loadu_si128(reinterpret_cast<const Vec *>(p)); }
  static void store(std::uint8_t *p, Vec v) { _mm_storeu_si128(reinterpret_cast<Vec *>(p), v); }
  // Non-temporal, to a 16-byte aligned address; xor_many streams long outputs (beyond_l2_bytes).
  static void store_stream(std::uint8_t *p, Vec v) { _mm_stream_si128(reinterpret_cast<Vec *>(p), v); }
  static void stream_fence() { _mm_sfence(); }
  static Vec zero() { return _mm_setzero_si128(); }
  static Vec bxor(Vec a, Vec b) { return _mm_xor_si128(a, b); }
  static Vec band(Vec a, Vec b) { return _mm_and_si128(a, b); }
  static Vec shift_right_4(Vec a) { return _mm_srli_epi16(a, 4); }
  static Vec splat(std::uint8_t b) { return _mm_set1_epi8(static_cast<char>(b)); }
  static Vec lookup16(Vec table, Vec idx) { return _mm_shuffle_epi8(table, idx); }
  static Vec broadcast16(const std::uint8_t *p) { return load(p); }
};

} // namespace
} // namespace ec::simd

#endif
