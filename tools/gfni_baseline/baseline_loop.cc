// SPDX-License-Identifier: LGPL-2.1-or-later
// The yardstick: the plainest fast AVX-512 GFNI encode there is. k and m are template parameters, the
// k*m coefficient matrices sit in zmm registers for the whole call when they fit (memory-broadcast
// operands otherwise), every parity is accumulated in registers across all k sources and stored once.
// No dispatch table, no row grouping, no codec. Built with -mavx512f -mavx512bw -mavx512vl -mgfni.
#include "baseline_loop.h"

#include <immintrin.h>

namespace gfni_baseline {
namespace {

template <unsigned K, unsigned M, unsigned U, bool kInRegisters, bool kPartial>
inline __attribute__((always_inline)) void block(std::size_t off, __mmask64 mask, const __m512i *regs,
                                                 const std::uint64_t *matrices, const std::uint8_t *const *src,
                                                 std::uint8_t *const *dst) {
  __m512i acc[M][U];
#pragma GCC unroll 32
  for (unsigned j = 0; j < K; j++) {
    __m512i x[U];
#pragma GCC unroll 4
    for (unsigned u = 0; u < U; u++)
      x[u] = kPartial ? _mm512_maskz_loadu_epi8(mask, src[j] + off) : _mm512_loadu_si512(src[j] + off + 64 * u);
#pragma GCC unroll 32
    for (unsigned r = 0; r < M; r++) {
      const __m512i a = kInRegisters ? regs[r * K + j] : _mm512_set1_epi64(static_cast<long long>(matrices[r * K + j]));
#pragma GCC unroll 4
      for (unsigned u = 0; u < U; u++) {
        const __m512i p = _mm512_gf2p8affine_epi64_epi8(x[u], a, 0);
        acc[r][u] = j == 0 ? p : _mm512_xor_si512(acc[r][u], p);
      }
    }
  }
#pragma GCC unroll 32
  for (unsigned r = 0; r < M; r++)
#pragma GCC unroll 4
    for (unsigned u = 0; u < U; u++) {
      if (kPartial)
        _mm512_mask_storeu_epi8(dst[r] + off, mask, acc[r][u]);
      else
        _mm512_storeu_si512(dst[r] + off + 64 * u, acc[r][u]);
    }
}

// kInRegisters: the k*m matrices are loaded into zmm registers once per call (as many source registers
// per step as the rest of the register file allows); otherwise every multiply takes its matrix as an
// embedded-broadcast memory operand and the freed registers go to a wider unroll.
template <unsigned K, unsigned M, bool kInRegisters>
void encode_km(std::size_t len, const std::uint64_t *matrices, const std::uint8_t *const *in,
               std::uint8_t *const *out) {
  constexpr unsigned U = kInRegisters ? (K * M + 2 * M + 2 <= 30 ? 2 : 1) : (M <= 2 ? 4 : M <= 4 ? 2 : 1);
  const std::uint8_t *src[K];
  std::uint8_t *dst[M];
  for (unsigned j = 0; j < K; j++)
    src[j] = in[j];
  for (unsigned r = 0; r < M; r++)
    dst[r] = out[r];
  __m512i regs[kInRegisters ? K * M : 1];
  if constexpr (kInRegisters)
    for (unsigned i = 0; i < K * M; i++)
      regs[i] = _mm512_set1_epi64(static_cast<long long>(matrices[i]));
  std::size_t off = 0;
  for (; len - off >= 64 * U; off += 64 * U)
    block<K, M, U, kInRegisters, false>(off, 0, regs, matrices, src, dst);
  if constexpr (U > 1)
    for (; len - off >= 64; off += 64)
      block<K, M, 1, kInRegisters, false>(off, 0, regs, matrices, src, dst);
  if (off < len)
    block<K, M, 1, kInRegisters, true>(off, _cvtu64_mask64((std::uint64_t{1} << (len - off)) - 1), regs, matrices, src, dst);
}

} // namespace

// The shapes encode() is compiled for: X(K, M) each.
#define EC_BASELINE_SHAPES(X) X(4, 2) X(6, 2) X(8, 3) X(10, 4)

bool encode(unsigned k, unsigned m, bool in_registers, std::size_t len, const std::uint64_t *matrices,
            const std::uint8_t *const *src, std::uint8_t *const *dst) {
#define EC_BASELINE_ENCODE(K, M)                                                                            \
  if (k == K && m == M) {                                                                                   \
    if (in_registers && K * M <= 24)                                                                        \
      encode_km<K, M, true>(len, matrices, src, dst);                                                       \
    else                                                                                                    \
      encode_km<K, M, false>(len, matrices, src, dst);                                                      \
    return true;                                                                                            \
  }
  EC_BASELINE_SHAPES(EC_BASELINE_ENCODE)
#undef EC_BASELINE_ENCODE
  return false;
}

bool shape_built(unsigned k, unsigned m) {
#define EC_BASELINE_IS(K, M) || (k == K && m == M)
  return false EC_BASELINE_SHAPES(EC_BASELINE_IS);
#undef EC_BASELINE_IS
}

} // namespace gfni_baseline
