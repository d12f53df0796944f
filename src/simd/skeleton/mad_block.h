// SPDX-License-Identifier: LGPL-2.1-or-later
// The multiply-accumulate's block: one source's products xored into U registers of R outputs.
#ifndef EC_SIMD_SKELETON_MAD_BLOCK_H
#define EC_SIMD_SKELETON_MAD_BLOCK_H

#include <cstddef>
#include <cstdint>
#include <utility>

#include "simd/skeleton/optional_hooks.h"
#include "simd/skeleton/region_io.h"

namespace ec::simd::skeleton {

template <class T> struct MadBlocks {
  using Vec = typename T::Vec;
  using Blocks = BlockIO<T>;

  // One source into R outputs, the products xored into what they hold (mad); with XorFirst, the source
  // itself into dst[0] first (an all-ones row: no multiply) and the products into dst[1..R]. The source
  // block is loaded once for every row: loaded again after each output's store (which may alias it, as far
  // as the compiler knows), it made the update load-bound. Each output is loaded, added to and stored in
  // turn, unless T::mad_loads_first: loading every output of the block before the first store, as ISA-L's
  // kernels do, is faster on x86 but holds (R + 1) x U outputs at once, which spilled on POWER.
  template <unsigned R, unsigned U, bool XorFirst, class IO>
  static EC_SKELETON_INLINE void mad_block(const IO &io, size_t off, const typename T::Table (&tab)[R],
                                           const uint8_t *src, uint8_t *const *dst) {
    Vec x[U];
    Blocks::template load_block<U, 0>(io, src + off, x);
    if constexpr (T::mad_loads_first(R)) {
      constexpr unsigned Outputs = R + XorFirst;
      Vec v[Outputs][U];
      Blocks::template load_blocks<U, U / 2>(io, off, dst, v, std::make_index_sequence<Outputs>{});
      typename T::Src s[U];
      EC_SKELETON_UNROLL
      for (unsigned u = 0; u < U; u++) {
        if constexpr (XorFirst)
          v[0][u] = T::add(v[0][u], x[u]);
        s[u] = T::prepare(x[u]);
      }
      EC_SKELETON_UNROLL
      for (unsigned r = 0; r < R; r++)
        EC_SKELETON_UNROLL
        for (unsigned u = 0; u < U; u++)
          v[r + XorFirst][u] = T::add(v[r + XorFirst][u], T::mul(tab[r], s[u]));
      Blocks::template store_blocks<U, 0>(io, off, dst, v, std::make_index_sequence<Outputs>{});
      return;
    }
    if constexpr (XorFirst)
      Blocks::template add_to_block<U>(io, dst[0] + off,
                                       [&](unsigned u) EC_SKELETON_INLINE_LAMBDA { return x[u]; });
    typename T::Src s[U];
    EC_SKELETON_UNROLL
    for (unsigned u = 0; u < U; u++)
      s[u] = T::prepare(x[u]);
    EC_SKELETON_UNROLL
    for (unsigned r = 0; r < R; r++)
      Blocks::template add_to_block<U>(io, dst[r + XorFirst] + off,
                                       [&](unsigned u) EC_SKELETON_INLINE_LAMBDA { return T::mul(tab[r], s[u]); });
  }
};

} // namespace ec::simd::skeleton

#endif
