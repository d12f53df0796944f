// SPDX-License-Identifier: LGPL-2.1-or-later
// The dot product's blocks: U registers of R outputs from k sources, accumulated in registers
// (dot_block), and the one-source products that are stored as they come (products_block).
#ifndef EC_SIMD_SKELETON_DOT_BLOCK_H
#define EC_SIMD_SKELETON_DOT_BLOCK_H

#include <cstddef>
#include <cstdint>
#include <utility>

#include "simd/skeleton/optional_hooks.h"
#include "simd/skeleton/region_io.h"

namespace ec::simd::skeleton {

template <class T> struct DotBlocks {
  using Vec = typename T::Vec;
  using Blocks = BlockIO<T>;
  static constexpr size_t W = T::kWidth;
  static constexpr size_t TB = T::kTableBytes;

  // R outputs, U registers each, one source read per block.
  // The accumulators start as the products of the first sources, not as zero: that saves a zeroing move
  // and an add per accumulator register and block. By default (kFirstSources = 2) as the sum of the first
  // two sources' products, not the first product alone: where the multiply can write only part of the
  // register file (vpermxor: the 32 VMX registers of the 64 VSX ones), an accumulator defined by a multiply
  // makes the register allocator keep the accumulators in the registers the multiply's operands need, and
  // spill; an add can write any register. A variant may take one source, or start at zero (generic,
  // whose prepared source is eight words, counted fewer instructions so). k == 1 never gets here: it
  // goes to products_block, which stores the products directly; so k >= 2 >= P.
  static constexpr unsigned P = T::kFirstSources;
  static_assert(P <= 2, "kFirstSources is 0, 1 or 2");

  // A dot product reads k streams at once; from about eight on (8+3 of 1 MiB: 128 KiB apart, all in the
  // same cache sets) the hardware prefetchers fall behind and the multiplies wait on the loads. Where T
  // asks for it (kPrefetchBytes), such products beyond L2 prefetch every line of every source that far
  // ahead of the block (Prefetch). In cache (4 KiB chunks) or with few sources the prefetches would only
  // cost issue slots.
  static constexpr size_t kPrefetch = T::kPrefetchBytes;
  static constexpr unsigned kPrefetchSources = 8;

  // Two sources' products added to the accumulators with add3 (a step of dot_block where T has it), the
  // sources taken half a block at a time like dot_block's peel. (The peel itself stays written out in
  // dot_block: as a shared inline function it changed the other variants' register allocation.)
  template <unsigned R, unsigned U, bool XorFirst, class IO>
  static EC_SKELETON_INLINE void add3_two_sources(const IO &io, size_t off, const uint8_t *tables,
                                                  size_t row_stride, const uint8_t *a, const uint8_t *b,
                                                  Vec (&acc)[R + XorFirst][U]) {
    constexpr unsigned C = U > 1 ? U / 2 : 1;
    EC_SKELETON_UNROLL
    for (unsigned c = 0; c < U; c += C) {
      typename T::Src s0[C], s1[C];
      Vec v0[C], v1[C];
      if constexpr (IO::kPairs && C % 2 == 0) {
        Blocks::template load_sources<C, 0>(io, a + off + c * W, s0, v0);
        Blocks::template load_sources<C, C / 2>(io, b + off + c * W, s1, v1);
      } else {
        EC_SKELETON_UNROLL
        for (unsigned u = 0; u < C; u++) {
          s0[u] = T::prepare(v0[u] = io.load(a + off + (c + u) * W));
          s1[u] = T::prepare(v1[u] = io.load(b + off + (c + u) * W));
        }
      }
      if constexpr (XorFirst) {
        EC_SKELETON_UNROLL
        for (unsigned u = 0; u < C; u++)
          acc[0][c + u] = T::add3(acc[0][c + u], v0[u], v1[u]);
      }
      EC_SKELETON_UNROLL
      for (unsigned r = 0; r < R; r++) {
        const typename T::Table tab0 = T::load_table(tables + r * row_stride);
        const typename T::Table tab1 = T::load_table(tables + TB + r * row_stride);
        EC_SKELETON_UNROLL
        for (unsigned u = 0; u < C; u++)
          acc[XorFirst + r][c + u] = T::add3(acc[XorFirst + r][c + u], T::mul(tab0, s0[u]), T::mul(tab1, s1[u]));
      }
    }
  }

  // A row of ones and one multiply row from K sources, src[0]'s coefficient 1 in both (a Vandermonde
  // encode of two parities: 4+2), with the K - 1 multiplied sources' tables held in registers (tab) by the
  // caller for the whole region and the sources unrolled: no table loads, source pointer loads or loop
  // over the sources in a block (counted under qemu-aarch64, neon's 4+2 block of 4 registers a source:
  // 129 instructions through dot_block, 105 here).
  template <unsigned K, unsigned U, class IO>
  static EC_SKELETON_INLINE void held_pair_block(const IO &io, size_t off, const typename T::Table (&tab)[K - 1],
                                                 const uint8_t *const (&src)[K], uint8_t *const (&dst)[2]) {
    Vec acc[2][U];
    Blocks::template load_block<U, 0>(io, src[0] + off, acc[0]);
    EC_SKELETON_UNROLL
    for (unsigned u = 0; u < U; u++)
      acc[1][u] = acc[0][u];
    EC_SKELETON_UNROLL
    for (unsigned j = 1; j < K; j++) {
      // A block's registers from one base register where T has source_base (every variant that holds).
      const uint8_t *base = src[j] + off;
      if constexpr (IO::kSourceBase)
        base = io.source_base(base);
      EC_SKELETON_UNROLL
      for (unsigned u = 0; u < U; u++) {
        const Vec v = io.load(base + u * W);
        acc[0][u] = T::add(acc[0][u], v);
        acc[1][u] = T::add(acc[1][u], T::mul(tab[j - 1], T::prepare(v)));
      }
    }
    Blocks::template store_blocks<U, 0>(io, off, dst, acc, std::make_index_sequence<2>{});
  }

  // R multiply rows; with XorFirst, dst[0] is a row of ones besides them: every source register is
  // added to its accumulator (acc[0]) as loaded, with no multiply, and multiply row r (tables + r *
  // row_stride) accumulates in acc[XorFirst + r] for dst[XorFirst + r]. With OnesColumn (and XorFirst)
  // src[0]'s coefficient is 1 in every row too: the two-source peel (every variant's but generic's) adds its
  // registers as loaded, neither prepared nor looked up; the other peels read its tables of 1.
  template <unsigned R, unsigned U, bool Prefetch, bool XorFirst, bool OnesColumn, class IO>
  static EC_SKELETON_INLINE void dot_block(const IO &io, size_t off, unsigned k, const uint8_t *tables,
                                           size_t row_stride, const uint8_t *const *src,
                                           uint8_t *const *dst) {
    static_assert(!OnesColumn || XorFirst, "a column of ones comes with the row of ones");
    if constexpr (Prefetch) {
      for (unsigned j = 0; j < k; j++) {
        EC_SKELETON_UNROLL
        for (size_t b = 0; b < U * W; b += 64)
          __builtin_prefetch(src[j] + off + kPrefetch + b);
      }
    }
    Vec acc[R + XorFirst][U];
    if constexpr (P == 0) {
      EC_SKELETON_UNROLL
      for (unsigned r = 0; r < R + XorFirst; r++) {
        EC_SKELETON_UNROLL
        for (unsigned u = 0; u < U; u++)
          acc[r][u] = T::zero();
      }
    } else if constexpr (P == 1) {
      typename T::Src s[U];
      EC_SKELETON_UNROLL
      for (unsigned u = 0; u < U; u++) {
        const Vec v = io.load(src[0] + off + u * W);
        if constexpr (XorFirst)
          acc[0][u] = v;
        s[u] = T::prepare(v);
      }
      EC_SKELETON_UNROLL
      for (unsigned r = 0; r < R; r++) {
        const typename T::Table tab = T::load_table(tables + r * row_stride);
        EC_SKELETON_UNROLL
        for (unsigned u = 0; u < U; u++)
          acc[XorFirst + r][u] = T::mul(tab, s[u]);
      }
    } else {
      // The two sources are taken C registers at a time, so that the peel holds no more source
      // registers than a step of the loop below (U); the tables are loaded again for each chunk.
      constexpr unsigned C = U > 1 ? U / 2 : 1;
      static_assert(U % C == 0, "the unroll must be 1 or even");
      EC_SKELETON_UNROLL
      for (unsigned c = 0; c < U; c += C) {
        // Opaque to the optimiser, so that each chunk does load the tables again instead of keeping
        // them live across the chunks.
        const uint8_t *t = tables;
        if constexpr (C < U)
          __asm__("" : "+r"(t));
        typename T::Src s0[C], s1[C];
        Vec v0[C], v1[C];
        if constexpr (IO::kPairs && C % 2 == 0) {
          Blocks::template load_sources<C, 0>(io, src[0] + off + c * W, s0, v0);
          Blocks::template load_sources<C, C / 2>(io, src[1] + off + c * W, s1, v1);
        } else {
          EC_SKELETON_UNROLL
          for (unsigned u = 0; u < C; u++) {
            s0[u] = T::prepare(v0[u] = io.load(src[0] + off + (c + u) * W));
            s1[u] = T::prepare(v1[u] = io.load(src[1] + off + (c + u) * W));
          }
        }
        if constexpr (XorFirst) {
          EC_SKELETON_UNROLL
          for (unsigned u = 0; u < C; u++)
            acc[0][c + u] = T::add(v0[u], v1[u]);
        }
        // With OnesColumn src[0]'s prepared registers go unused (the compiler drops their preparation).
        EC_SKELETON_UNROLL
        for (unsigned r = 0; r < R; r++) {
          const typename T::Table tab1 = T::load_table(t + TB + r * row_stride);
          if constexpr (OnesColumn) {
            EC_SKELETON_UNROLL
            for (unsigned u = 0; u < C; u++)
              acc[XorFirst + r][c + u] = T::add(v0[u], T::mul(tab1, s1[u]));
          } else {
            const typename T::Table tab0 = T::load_table(t + r * row_stride);
            EC_SKELETON_UNROLL
            for (unsigned u = 0; u < C; u++)
              acc[XorFirst + r][c + u] = T::add(T::mul(tab0, s0[u]), T::mul(tab1, s1[u]));
          }
        }
      }
    }
    // With add3, the sources after the peel go two at a time; an odd one left goes alone.
    unsigned single = P;
    if constexpr (HasAdd3<T>::value) {
      static_assert(P == 2, "add3 pairs the sources after a two-source peel");
      for (; single + 1 < k; single += 2)
        add3_two_sources<R, U, XorFirst>(io, off, tables + single * TB, row_stride, src[single], src[single + 1], acc);
    }
    // Each row's tables through a pointer of its own that steps to the next source's (kRowTablePointers:
    // one post-incremented load a row), or at tables + j * TB + r * row_stride (an add a row).
    const uint8_t *row_tables[R];
    if constexpr (T::kRowTablePointers) {
      EC_SKELETON_UNROLL
      for (unsigned r = 0; r < R; r++)
        row_tables[r] = tables + single * TB + r * row_stride;
    }
    for (unsigned j = single; j < k; j++) {
      typename T::Src s[U];
      Vec v[U];
      if constexpr (IO::kPairs && U % 2 == 0) {
        Blocks::template load_sources<U, 0>(io, src[j] + off, s, v);
      } else if constexpr (IO::kSourceBase) {
        // The same loads from one base register (see source_base); the other variants keep the
        // expression below: as base + u * W, it changed their register allocation.
        const uint8_t *const base = io.source_base(src[j] + off);
        EC_SKELETON_UNROLL
        for (unsigned u = 0; u < U; u++)
          s[u] = T::prepare(v[u] = io.load(base + u * W));
      } else {
        EC_SKELETON_UNROLL
        for (unsigned u = 0; u < U; u++)
          s[u] = T::prepare(v[u] = io.load(src[j] + off + u * W));
      }
      if constexpr (XorFirst) {
        EC_SKELETON_UNROLL
        for (unsigned u = 0; u < U; u++)
          acc[0][u] = T::add(acc[0][u], v[u]);
      }
      const uint8_t *t = tables + j * TB;
      EC_SKELETON_UNROLL
      for (unsigned r = 0; r < R; r++) {
        typename T::Table tab;
        if constexpr (T::kRowTablePointers)
          tab = T::load_table_step(row_tables[r]);
        else
          tab = T::load_table(t + r * row_stride);
        EC_SKELETON_UNROLL
        for (unsigned u = 0; u < U; u++)
          acc[XorFirst + r][u] = T::add(acc[XorFirst + r][u], T::mul(tab, s[u]));
      }
    }
    Blocks::template store_blocks<U, 0>(io, off, dst, acc, std::make_index_sequence<R + XorFirst>{});
  }

  // One source into R outputs, the products stored: mul, and dot products of k == 1. The source block is
  // loaded once for every row; nothing is live across blocks but the tables.
  template <unsigned R, unsigned U, class IO>
  static EC_SKELETON_INLINE void products_block(const IO &io, size_t off, const typename T::Table (&tab)[R],
                                                const uint8_t *src, uint8_t *const *dst) {
    Vec x[U];
    Blocks::template load_block<U, 0>(io, src + off, x);
    typename T::Src s[U];
    EC_SKELETON_UNROLL
    for (unsigned u = 0; u < U; u++)
      s[u] = T::prepare(x[u]);
    EC_SKELETON_UNROLL
    for (unsigned r = 0; r < R; r++) {
      EC_SKELETON_UNROLL
      for (unsigned u = 0; u < U; u++)
        io.store(dst[r] + off + u * W, T::mul(tab[r], s[u]));
    }
  }
};

} // namespace ec::simd::skeleton

#endif
