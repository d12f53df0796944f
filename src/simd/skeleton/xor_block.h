// SPDX-License-Identifier: LGPL-2.1-or-later
// The xor's block: U registers of n sources summed into one output.
#ifndef EC_SIMD_SKELETON_XOR_BLOCK_H
#define EC_SIMD_SKELETON_XOR_BLOCK_H

#include <cstddef>
#include <cstdint>

#include "simd/skeleton/region_io.h"

namespace ec::simd::skeleton {

template <class T> struct XorBlocks {
  using Vec = typename T::Vec;
  using Blocks = BlockIO<T>;
  static constexpr size_t W = T::kWidth;

  // Every source register of a block is loaded before the block is stored, which is what makes
  // dst == src[i] an in-place accumulate. N is n when it is known at compile time (0: it is not): a loop
  // over the sources whose count is only known at run time keeps the accumulators of a block in other
  // registers than the loads' and copies them in and out of every block.
  template <unsigned U, unsigned N, class IO>
  static EC_SKELETON_INLINE void xor_block(const IO &io, size_t off, unsigned n, const uint8_t *const *src,
                                           uint8_t *dst) {
    if constexpr (N != 0)
      n = N;
    Vec acc[U];
    if constexpr (IO::kPairs && U % 2 == 0) {
      Blocks::template load_pairs<U, 0>(io, src[0] + off, acc);
      for (unsigned j = 1; j < n; j++) {
        Vec v[U];
        Blocks::template load_pairs<U, U / 2>(io, src[j] + off, v);
        EC_SKELETON_UNROLL
        for (unsigned u = 0; u < U; u++)
          acc[u] = T::add(acc[u], v[u]);
      }
      Blocks::template store_pairs<U, 0>(io, dst + off, acc);
      return;
    }
    EC_SKELETON_UNROLL
    for (unsigned u = 0; u < U; u++)
      acc[u] = io.load(src[0] + off + u * W);
    for (unsigned j = 1; j < n; j++) {
      EC_SKELETON_UNROLL
      for (unsigned u = 0; u < U; u++)
        acc[u] = T::add(acc[u], io.load(src[j] + off + u * W));
    }
    EC_SKELETON_UNROLL
    for (unsigned u = 0; u < U; u++)
      io.store(dst + off + u * W, acc[u]);
  }
};

} // namespace ec::simd::skeleton

#endif
