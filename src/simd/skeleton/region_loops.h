// SPDX-License-Identifier: LGPL-2.1-or-later
// The one loop skeleton every SIMD variant is instantiated from (as Linux lib/raid6 generates its
// variants from one template): the kernels' structure -- blocking, unrolling, row grouping, tails -- lives
// here once; an instruction set contributes only a small traits struct of primitives (optional_hooks.h).
// This file holds the kernels' entry points and their drivers: the passes over rows, the slices of long
// regions, the loops over blocks and tails; the blocks themselves are in dot_block.h, mad_block.h and
// xor_block.h, their loads and stores in region_io.h.
//
// Everything here is a template over T, and every variant's T lives in an anonymous namespace, so each
// variant's translation unit gets its own copy compiled with its own -m flags: no inline function is shared
// between variants, which would let the linker pick, say, the AVX-512 copy for the generic kernels.
#ifndef EC_SIMD_SKELETON_REGION_LOOPS_H
#define EC_SIMD_SKELETON_REGION_LOOPS_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "simd/kernels.h"
#include "simd/skeleton/cached_sizes.h"
#include "simd/skeleton/dot_block.h"
#include "simd/skeleton/mad_block.h"
#include "simd/skeleton/optional_hooks.h"
#include "simd/skeleton/region_io.h"
#include "simd/skeleton/tuning.h"
#include "simd/skeleton/xor_block.h"

namespace ec::simd::skeleton {

using std::size_t;
using std::uint8_t;

// Region kernels over [begin, end) of every buffer, one template per kernel shape.
template <class T> struct RegionLoops : CachedSizes<T> {
  using Vec = typename T::Vec;
  using Blocks = BlockIO<T>;
  using Dot = DotBlocks<T>;
  using Mad = MadBlocks<T>;
  using Xor = XorBlocks<T>;
  using CachedSizes<T>::beyond_l1_bytes;
  using CachedSizes<T>::beyond_l2_bytes;
  using CachedSizes<T>::l1_bytes_;
  static constexpr size_t W = T::kWidth;
  static constexpr size_t TB = T::kTableBytes;
  static_assert(TB % 16 == 0 && TB <= kMaxTableBytes, "table format breaks the Kernels contract");
  static_assert(T::kMaxRows >= 1 && T::kMaxRows <= 32, "EC_SKELETON_UNROLL must cover every row of a pass");
  static_assert(kTunesItself<T>, "traits T must derive from skeleton::Tuning<T>, not inherit another traits "
                                 "struct's Tuning, whose defaults follow that struct's unroll() (tuning.h)");

  // Whether T's dot products have two ways of reading sources beyond twice L1D (BeyondL1): only where T
  // names another step for some row count. The way is an entry point's (dot_prod<Narrow>), which the
  // drivers below take as an argument.
  static constexpr bool has_beyond_l1_choice() {
    for (unsigned rows = 1; rows <= T::kMaxRows; rows++)
      if (T::dot_unroll_beyond_l1(rows, false) != T::unroll(rows) ||
          T::dot_unroll_beyond_l1(rows, true) != T::unroll(rows))
        return true;
    return false;
  }

  // Where T has a Narrower, the entry points of the narrower width (mad<true>, xor_mad<true>,
  // xor_many<true>) run the Narrower's loops for calls whose sources and outputs exceed twice L1D, xors of
  // up to kNarrowerMaxSources only: an xor of more sources is bound by its loads, which the wider registers
  // halve (on the Intel Xeon that wants the Narrower, 4+2's one-loss decode of 64 KiB chunks: 124 GB/s in
  // 64-byte registers, 97 in 32-byte ones; 3 sources: 118 and 96; 2 sources: 77 and 90). The L1D size is
  // read as kept, a load: settle (moves_beyond_l1.h) has read it before it hands out such a table.
  static constexpr unsigned kNarrowerMaxSources = 2;
  template <bool Narrower> static EC_SKELETON_INLINE bool narrower(size_t bytes) {
    if constexpr (Narrower && HasNarrower<T>::value)
      return bytes > 2 * l1_bytes_.load(std::memory_order_relaxed);
    else
      return false;
  }
  // The traits narrower<Narrower> hands calls to: T's Narrower where there is one (T itself otherwise,
  // never called: narrower<> is false there).
  template <bool Narrower> using NarrowerOf = typename NarrowerTraits<T, Narrower && HasNarrower<T>::value>::type;

  // Long dot products with more rows than one pass holds walk the length in slices, so that the passes
  // after the first find the sources in cache (32 sources x 4 KiB fit a 256 KiB L2).
  static constexpr size_t kSliceBytes = 4096;

  // Whole blocks of U registers from off on, while they fit before end; returns where they stopped.
  template <unsigned R, unsigned U, bool Prefetch, bool XorFirst, bool OnesColumn>
  static EC_SKELETON_INLINE size_t dot_steps(size_t off, size_t end, unsigned k, const uint8_t *tables,
                                             size_t row_stride, const uint8_t *const *src, uint8_t *const *dst) {
    for (; end - off >= U * W; off += U * W)
      Dot::template dot_block<R, U, Prefetch, XorFirst, OnesColumn>(FullIO<T>{}, off, k, tables, row_stride, src,
                                                                    dst);
    return off;
  }

  // R multiply rows, and with XorFirst a row of ones before them (dot_block); k >= 2 with XorFirst.
  // OnesColumn: src[0]'s coefficient is 1 in every row (dot_block). narrow: the dot product's way beyond
  // twice L1D (BeyondL1), as its entry point was chosen.
  template <unsigned R, bool Prefetch, bool XorFirst, bool OnesColumn = false>
  static void dot_rows(size_t begin, size_t end, unsigned k, const uint8_t *tables, size_t row_stride,
                       const uint8_t *const *src, uint8_t *const *dst, bool narrow) {
    // The row of ones takes accumulators like any row, not tables.
    constexpr unsigned U = T::unroll(R + XorFirst);
    uint8_t *out[R + XorFirst];
    Blocks::template copy_pointers<R + XorFirst>(dst, out);
    size_t off = begin;
    if constexpr (!XorFirst) {
      if (k == 1) {
        typename T::Table tab[R];
        Blocks::template load_row_tables<R>(tables, row_stride, tab);
        for (; end - off >= U * W; off += U * W)
          Dot::template products_block<R, U>(FullIO<T>{}, off, tab, src[0], out);
        if constexpr (U > 1)
          for (; end - off >= W; off += W)
            Dot::template products_block<R, 1>(FullIO<T>{}, off, tab, src[0], out);
        if (off < end)
          Dot::template products_block<R, 1>(PartialIO<T>{end - off}, off, tab, src[0], out);
        return;
      }
    }
    // Where the sources are read from L2 without prefetches, T may read fewer registers of each per step,
    // and fewer again where they fill most of it, if that is faster on this core (narrow). Up to
    // twice L1D the in-cache unroll stays: just past L1D, L2 still feeds it at L1's pace.
    constexpr unsigned UL2 = T::dot_unroll_beyond_l1(R + XorFirst, false);
    constexpr unsigned UL2Full = T::dot_unroll_beyond_l1(R + XorFirst, true);
    if constexpr ((UL2 != U || UL2Full != U) && !Prefetch) {
      const size_t bytes = (end - begin) * (size_t{k} + R + XorFirst);
      if (narrow && bytes > 2 * beyond_l1_bytes()) {
        if (bytes > beyond_l2_bytes() / 4 && bytes <= beyond_l2_bytes())
          off = dot_steps<R, UL2Full, Prefetch, XorFirst, OnesColumn>(off, end, k, tables, row_stride, src, out);
        else
          off = dot_steps<R, UL2, Prefetch, XorFirst, OnesColumn>(off, end, k, tables, row_stride, src, out);
      }
    }
    off = dot_steps<R, U, Prefetch, XorFirst, OnesColumn>(off, end, k, tables, row_stride, src, out);
    if constexpr (U > 1)
      off = dot_steps<R, 1, Prefetch, XorFirst, OnesColumn>(off, end, k, tables, row_stride, src, out);
    if (off < end)
      Dot::template dot_block<R, 1, Prefetch, XorFirst, OnesColumn>(PartialIO<T>{end - off}, off, k, tables,
                                                                    row_stride, src, out);
  }

  using DotRowsFn = void (*)(size_t, size_t, unsigned, const uint8_t *, size_t, const uint8_t *const *,
                             uint8_t *const *, bool);
  // Multiply rows beside the row of ones in xor_dot_prod's first pass: parities up to m = 8 in one pass (the
  // rest, if any, in passes of their own), not as many as a pass holds: every row count is another copy of
  // dot_rows to compile.
  static constexpr unsigned kXorFirstMaxRows = T::kMaxRows - 1 < 7 ? T::kMaxRows - 1 : 7;
  static_assert(kXorFirstMaxRows >= 1, "a pass holds the row of ones and a multiply row");
  // dot_rows of `rows` multiply rows (1 .. kMaxRows, or with XorFirst 1 .. kXorFirstMaxRows).
  template <bool Prefetch, bool XorFirst, size_t... I>
  static DotRowsFn dot_rows_for(unsigned rows, std::index_sequence<I...>) {
    static constexpr DotRowsFn fns[] = {&dot_rows<I + 1, Prefetch, XorFirst>...};
    return fns[rows - 1];
  }
  template <bool Prefetch, bool XorFirst> static DotRowsFn dot_rows_for(unsigned rows) {
    constexpr unsigned kRows = XorFirst ? kXorFirstMaxRows : T::kMaxRows;
    return dot_rows_for<Prefetch, XorFirst>(rows, std::make_index_sequence<kRows>{});
  }

  // All rows over [begin, end), in passes of at most kMaxRows outputs; with XorFirst, rows counts the row of
  // ones (dst[0], in the first pass; rows >= 2) and tables holds the rows - 1 multiply rows' only.
  template <bool Prefetch, bool XorFirst>
  static void dot_passes(size_t begin, size_t end, unsigned k, unsigned rows, const uint8_t *tables,
                         const uint8_t *const *src, uint8_t *const *dst, bool narrow) {
    const size_t row_stride = size_t{k} * TB;
    unsigned first = 0;
    if constexpr (XorFirst) {
      first = 1 + (rows - 1 < kXorFirstMaxRows ? rows - 1 : kXorFirstMaxRows);
      dot_rows_for<Prefetch, true>(first - 1)(begin, end, k, tables, row_stride, src, dst, narrow);
    }
    for (; first < rows; first += T::kMaxRows) {
      const unsigned n = rows - first < T::kMaxRows ? rows - first : T::kMaxRows;
      dot_rows_for<Prefetch, false>(n)(begin, end, k, tables + (first - XorFirst) * row_stride, row_stride, src,
                                       dst + first, narrow);
    }
  }

  // Whether a dot product of one pass prefetches its sources (where T asks for it): many, beyond L2.
  static bool prefetches(size_t len, unsigned k, unsigned rows) {
    if constexpr (Dot::kPrefetch > 0)
      return k >= Dot::kPrefetchSources && len * (size_t{k} + rows) >= beyond_l2_bytes();
    return false;
  }

  template <bool XorFirst>
  static void dot_products(size_t len, unsigned k, unsigned rows, const uint8_t *tables,
                           const uint8_t *const *src, uint8_t *const *dst, bool narrow) {
    if (rows <= T::kMaxRows) {
      // Passes over slices (below) read their sources again from cache: only one pass prefetches.
      if constexpr (Dot::kPrefetch > 0) {
        if (prefetches(len, k, rows)) {
          dot_passes<true, XorFirst>(0, len, k, rows, tables, src, dst, narrow);
          return;
        }
      }
      dot_passes<false, XorFirst>(0, len, k, rows, tables, src, dst, narrow);
      return;
    }
    for (size_t begin = 0; begin < len; begin += kSliceBytes)
      dot_passes<false, XorFirst>(begin, len - begin < kSliceBytes ? len : begin + kSliceBytes, k, rows, tables,
                                  src, dst, narrow);
  }

  // The entry points are templates over the choices (Kernels::settle): Narrow the dot products' way beyond
  // twice L1D, Narrower the moves' width there.
  template <bool Narrow>
  static void dot_prod(size_t len, unsigned k, unsigned rows, const uint8_t *tables,
                       const uint8_t *const *src, uint8_t *const *dst) {
    dot_products<false>(len, k, rows, tables, src, dst, Narrow);
  }

  // dot_prod with a first row of ones, summed without a multiply (Reed-Solomon's first parity): the nibble
  // and vpermxor variants spend most of a product on its lookups, and the row of ones needs none.
  template <bool Narrow, bool Narrower>
  static void xor_dot_prod(size_t len, unsigned k, unsigned rows, const uint8_t *tables,
                           const uint8_t *const *src, uint8_t *const *dst) {
    if (rows == 1 || k == 1) {
      xor_many<Narrower>(len, k, src, dst[0]);
      if (rows > 1)
        dot_products<false>(len, k, rows - 1, tables, src, dst + 1, Narrow);
      return;
    }
    dot_products<true>(len, k, rows, tables, src, dst, Narrow);
  }

  // The first pass of xor_dot_prod_ones: the row of ones and up to this many multiply rows (codes of up to
  // four parities; more take xor_dot_prod, whose bytes are the same: src[0]'s tables are those of 1).
  static constexpr unsigned kOnesColumnMaxRows = kXorFirstMaxRows < 3 ? kXorFirstMaxRows : 3;
  template <size_t... I> static DotRowsFn ones_column_rows_for(unsigned rows, std::index_sequence<I...>) {
    static constexpr DotRowsFn fns[] = {&dot_rows<I + 1, false, true, true>...};
    return fns[rows - 1];
  }

  // Two rows from K sources (xor_dot_prod_ones' row of ones and one multiply row) with the tables held in
  // registers: held_pair_block over the region, as many registers a row as dot_rows of two rows takes.
  static constexpr unsigned kHeldUnroll = T::unroll(2);
  template <unsigned K>
  static void held_pair(size_t len, const uint8_t *tables, const uint8_t *const *src, uint8_t *const *dst) {
    constexpr unsigned U = kHeldUnroll;
    typename T::Table tab[K - 1];
    EC_SKELETON_UNROLL
    for (unsigned j = 1; j < K; j++)
      tab[j - 1] = T::load_table(tables + j * TB);
    const uint8_t *in[K];
    uint8_t *out[2];
    Blocks::template copy_pointers<K>(src, in);
    Blocks::template copy_pointers<2>(dst, out);
    size_t off = 0;
    for (; len - off >= U * W; off += U * W)
      Dot::template held_pair_block<K, U>(FullIO<T>{}, off, tab, in, out);
    if constexpr (U > 1)
      for (; len - off >= W; off += W)
        Dot::template held_pair_block<K, 1>(FullIO<T>{}, off, tab, in, out);
    if (off < len)
      Dot::template held_pair_block<K, 1>(PartialIO<T>{len - off}, off, tab, in, out);
  }
  using HeldPairFn = void (*)(size_t, const uint8_t *, const uint8_t *const *, uint8_t *const *);
  template <size_t... I> static HeldPairFn held_pair_for(unsigned k, std::index_sequence<I...>) {
    static constexpr HeldPairFn fns[] = {&held_pair<I + 2>...};
    return fns[k - 2];
  }
  // Whether xor_dot_prod_ones' call takes held_pair: two rows from at most T::kHeldTableSources sources,
  // where the blocks' unroll is the one dot_rows would take (beyond twice L1D a narrow call may take
  // another).
  template <bool Narrow> static bool holds_tables(size_t len, unsigned k, unsigned rows) {
    constexpr bool kSameBeyondL1 =
        T::dot_unroll_beyond_l1(2, false) == kHeldUnroll && T::dot_unroll_beyond_l1(2, true) == kHeldUnroll;
    return rows == 2 && k >= 2 && k <= T::kHeldTableSources &&
           (kSameBeyondL1 || !Narrow || len * (size_t{k} + 2) <= 2 * beyond_l1_bytes());
  }

  // xor_dot_prod where src[0]'s coefficient is 1 in every row as well (Reed-Solomon's Vandermonde encode
  // matrices): in one pass without prefetches, src[0] is added to every output with no multiply.
  template <bool Narrow, bool Narrower>
  static void xor_dot_prod_ones(size_t len, unsigned k, unsigned rows, const uint8_t *tables,
                                const uint8_t *const *src, uint8_t *const *dst) {
    if constexpr (T::kHeldTableSources >= 2) {
      if (holds_tables<Narrow>(len, k, rows)) {
        held_pair_for(k, std::make_index_sequence<T::kHeldTableSources - 1>{})(len, tables, src, dst);
        return;
      }
    }
    if (k < 2 || rows < 2 || rows - 1 > kOnesColumnMaxRows || prefetches(len, k, rows)) {
      xor_dot_prod<Narrow, Narrower>(len, k, rows, tables, src, dst);
      return;
    }
    ones_column_rows_for(rows - 1, std::make_index_sequence<kOnesColumnMaxRows>{})(
        0, len, k, tables, size_t{k} * TB, src, dst, Narrow);
  }

  // One source (k = 1): the dot products' way beyond L1D does not apply.
  static void mul(size_t len, const uint8_t *table, const uint8_t *src, uint8_t *dst) {
    dot_rows<1, false, false>(0, len, 1, table, TB, &src, &dst, false);
  }

  // ---- multiply-accumulate: one source into R outputs (mad_block) ----
  // With XorFirst, out[0] ^= src as well, in the same blocks as the R multiply rows (out[1..R]).
  template <unsigned R, bool XorFirst>
  static void mad_rows(size_t len, const uint8_t *tables, const uint8_t *src, uint8_t *const *dst) {
    constexpr unsigned U = T::mad_unroll(R);
    uint8_t *out[R + XorFirst];
    Blocks::template copy_pointers<R + XorFirst>(dst, out);
    typename T::Table tab[R];
    Blocks::template load_row_tables<R>(tables, TB, tab);
    size_t off = 0;
    for (; len - off >= U * W; off += U * W)
      Mad::template mad_block<R, U, XorFirst>(FullIO<T>{}, off, tab, src, out);
    if constexpr (U > 1)
      for (; len - off >= W; off += W)
        Mad::template mad_block<R, 1, XorFirst>(FullIO<T>{}, off, tab, src, out);
    if (off < len)
      Mad::template mad_block<R, 1, XorFirst>(PartialIO<T>{len - off}, off, tab, src, out);
  }

  using MadRowsFn = void (*)(size_t, const uint8_t *, const uint8_t *, uint8_t *const *);
  template <bool XorFirst, size_t... I> static MadRowsFn mad_rows_for(unsigned rows, std::index_sequence<I...>) {
    static constexpr MadRowsFn fns[] = {&mad_rows<I + 1, XorFirst>...};
    return fns[rows - 1];
  }
  template <bool XorFirst> static MadRowsFn mad_rows_for(unsigned rows) {
    return mad_rows_for<XorFirst>(rows, std::make_index_sequence<T::kMaxRows>{});
  }

  // mad and xor_mad are the update's entry points: each path leaves by a tail call, so that the entry
  // saves no registers (gcc saves, for every call, those that only its longest path needs).
  template <bool Narrower>
  static void mad(size_t len, unsigned rows, const uint8_t *tables, const uint8_t *src,
                  uint8_t *const *dst) {
    if (narrower<Narrower>(len * (size_t{rows} + 1)))
      return RegionLoops<NarrowerOf<Narrower>>::template mad<false>(len, rows, tables, src, dst);
    if (rows <= T::kMaxRows)
      return mad_rows_for<false>(rows)(len, tables, src, dst);
    return mad_passes<false>(len, rows, tables, src, dst);
  }

  // The XOR row rides along the first pass of up to kMaxRows multiply rows; alone, it is xor_many's.
  template <bool Narrower>
  static void xor_mad(size_t len, unsigned rows, const uint8_t *tables, const uint8_t *src,
                      uint8_t *const *dst) {
    if (narrower<Narrower>(len * (size_t{rows} + 1)))
      return RegionLoops<NarrowerOf<Narrower>>::template xor_mad<false>(len, rows, tables, src, dst);
    if (rows == 1)
      return xor_row<Narrower>(len, src, dst[0]);
    if (rows - 1 <= T::kMaxRows)
      return mad_rows_for<true>(rows - 1)(len, tables, src, dst);
    return mad_passes<true>(len, rows, tables, src, dst);
  }

  // More rows than one pass holds: passes of kMaxRows (the XOR row, if any, in the first).
  template <bool XorFirst>
  __attribute__((noinline)) static void mad_passes(size_t len, unsigned rows, const uint8_t *tables,
                                                   const uint8_t *src, uint8_t *const *dst) {
    unsigned first = 0;
    if constexpr (XorFirst) {
      mad_rows_for<true>(T::kMaxRows)(len, tables, src, dst);
      first = 1 + T::kMaxRows;
      tables += T::kMaxRows * TB;
    }
    for (; first < rows; first += T::kMaxRows, tables += T::kMaxRows * TB) {
      const unsigned n = rows - first < T::kMaxRows ? rows - first : T::kMaxRows;
      mad_rows_for<false>(n)(len, tables, src, dst + first);
    }
  }

  // An update's lone all-ones row: dst ^= src. Both paths leave by tail calls, so that this entry has no
  // frame: with the two-pointer array here, gcc kept it on a realigned stack behind five saved registers
  // for the in-cache path too, whose loop needs neither; and it reads the kept L1 size itself, as
  // beyond_l1_bytes()'s first-call path is a call. Until that size has been read, the general path
  // (xor_many's, which reads it) takes every length.
  template <bool Narrower>
  __attribute__((noinline)) static void xor_row(size_t len, const uint8_t *src, uint8_t *dst) {
    if constexpr (HasRegionXor<T>::value) {
      const uint8_t *sources[2] = {dst, src};
      return T::xor_region(len, 2, sources, dst);
    } else {
      if (len * 2 <= l1_bytes_.load(std::memory_order_relaxed))
        return xor_row_in_l1(len, src, dst);
      return xor_row_general<Narrower>(len, src, dst);
    }
  }
  __attribute__((noinline)) static void xor_row_in_l1(size_t len, const uint8_t *src, uint8_t *dst) {
    const uint8_t *sources[2] = {dst, src};
    xor_in_l1<2>(len, sources, dst);
  }
  template <bool Narrower>
  __attribute__((noinline)) static void xor_row_general(size_t len, const uint8_t *src, uint8_t *dst) {
    const uint8_t *sources[2] = {dst, src};
    xor_many<Narrower>(len, 2, sources, dst);
  }

  // Where T can (HasStreamStores), xor_many streams its output when it works beyond L2 (beyond_l2_bytes):
  // the output is on its way out of L2 before the call returns, and storing it around the caches saves
  // reading each output line before writing it and writing it back later. xor moves the most bytes per
  // instruction of the kernels, so it feels that traffic most; within L2, streaming loses. The dot
  // products are not streamed: the multiplies hide that traffic, and streamed outputs made their encodes
  // slower. Nor are xors of more than kStreamMaxSources sources, whose output is a small part of the
  // traffic: streaming it made such rebuilds slower than cached. Nor is an xor into one of its own
  // sources (an update's all-ones row): reading it brought the output's lines into cache, so a streamed
  // store saves no read there, and it sends to memory the parity its next reader (the checksum, the next
  // update) wants; ISA-L's cached stores were 2x to 4x faster there (Zen 3 at 256 KiB, a Xeon at 1 MiB).
  // kStreamMinBytes keeps the head to alignment and the fence noise.
  static constexpr size_t kStreamMinBytes = 4096;
  static constexpr unsigned kStreamMaxSources = 3;
  static_assert(kStreamMinBytes >= W, "a streamed region holds its head");

  // xor has no table or multiply to hide, so in cache it is unrolled as far as T says (xor_unroll); beyond
  // L1 (the sources and output of a call larger than the core's L1D), as far as T says (xor_unroll_beyond_l1):
  // there the loads wait on L2, which may feed one register per source and step faster than several.
  static constexpr unsigned kXorUnroll = T::xor_unroll();
  static constexpr unsigned kXorUnrollBeyondL1 = T::xor_unroll_beyond_l1();
  static constexpr unsigned kXorUnrollInPlace = T::xor_unroll_in_place();

  // Stream: dst + off is aligned to W, and whole registers are stored with store_stream.
  template <bool Stream, unsigned N, unsigned U>
  static EC_SKELETON_INLINE void xor_range(size_t off, size_t end, unsigned n, const uint8_t *const *src,
                                           uint8_t *dst) {
    using Whole = std::conditional_t<Stream, StreamIO<T>, FullIO<T>>;
    for (; end - off >= U * W; off += U * W)
      Xor::template xor_block<U, N>(Whole{}, off, n, src, dst);
    for (; end - off >= W; off += W)
      Xor::template xor_block<1, N>(Whole{}, off, n, src, dst);
    if (off < end)
      Xor::template xor_block<1, N>(PartialIO<T>{end - off}, off, n, src, dst);
  }

  // N sources, the first of them dst, within L1: xor_sources' loop without its tests of the length and the
  // stream path's frame (saved registers, a realigned stack), which cost a small update dearly, unrolled as
  // far as T says (kXorUnrollInPlace).
  template <unsigned N> static void xor_in_l1(size_t len, const uint8_t *const *sources, uint8_t *dst) {
    const uint8_t *src[N];
    Blocks::template copy_pointers<N>(sources, src);
    const size_t off = xor_into<N, kXorUnrollInPlace>(len, src, dst);
    xor_range<false, N, kXorUnrollInPlace>(off, len, N, src, dst);
  }

  // Where T has add_into, an xor of two sources into the first (dst == src[0]: an update's all-ones row)
  // adds the second into dst with it (add_to_block); returns how far it went in whole blocks of U
  // registers (0 for other xors, or without add_into).
  template <unsigned N, unsigned U>
  static EC_SKELETON_INLINE size_t xor_into(size_t len, const uint8_t *const *src, uint8_t *dst) {
    size_t off = 0;
    if constexpr (FullIO<T>::kAddsInPlace && N == 2) {
      if (src[0] == dst)
        for (; len - off >= U * W; off += U * W)
          Blocks::template add_to_block<U>(FullIO<T>{}, dst + off,
                          [&](unsigned u) EC_SKELETON_INLINE_LAMBDA { return T::load(src[1] + off + u * W); });
    }
    return off;
  }

  static EC_SKELETON_INLINE bool reads_its_output(unsigned n, const uint8_t *const *src, const uint8_t *dst) {
    for (unsigned i = 0; i < n; ++i)
      if (src[i] == dst)
        return true;
    return false;
  }

  template <unsigned N>
  static void xor_sources(size_t len, unsigned n, const uint8_t *const *sources, uint8_t *dst) {
    // A count known at compile time: the source pointers copied to a local array too, or the compiler
    // loads them again after every block's store.
    const uint8_t *own[N ? N : 1];
    const uint8_t *const *src = sources;
    if constexpr (N != 0) {
      Blocks::template copy_pointers<N>(sources, own);
      src = own;
    }
    if constexpr (HasStreamStores<T>::value) {
      if (n <= kStreamMaxSources && len >= kStreamMinBytes && len * (size_t{n} + 1) >= beyond_l2_bytes() &&
          !reads_its_output(n, src, dst)) {
        // The bytes before dst's first aligned register are one partial block, stored as usual.
        const size_t head = (W - reinterpret_cast<std::uintptr_t>(dst) % W) % W;
        xor_range<false, N, kXorUnrollBeyondL1>(0, head, n, src, dst);
        xor_range<true, N, kXorUnrollBeyondL1>(head, len, n, src, dst);
        T::stream_fence();
        return;
      }
    }
    if (len * (size_t{n} + 1) > beyond_l1_bytes())
      xor_range<false, N, kXorUnrollBeyondL1>(xor_into<N, kXorUnrollBeyondL1>(len, src, dst), len, n, src, dst);
    else
      xor_range<false, N, kXorUnroll>(xor_into<N, kXorUnroll>(len, src, dst), len, n, src, dst);
  }

  // Two sources, the commonest count (an update's all-ones row, 2+1's parity and its one-loss decode), and
  // three (a decode's sum rebuilding two lost chunks, codec/sum_recovery_coder.h), with the count compiled in.
  template <bool Narrower> static void xor_many(size_t len, unsigned n, const uint8_t *const *src, uint8_t *dst) {
    if constexpr (HasRegionXor<T>::value)
      return T::xor_region(len, n, src, dst);
    if (n <= kNarrowerMaxSources && narrower<Narrower>(len * (size_t{n} + 1)))
      return RegionLoops<NarrowerOf<Narrower>>::template xor_many<false>(len, n, src, dst);
    if (n == 2)
      xor_sources<2>(len, n, src, dst);
    else if (n == 3)
      xor_sources<3>(len, n, src, dst);
    else
      xor_sources<0>(len, n, src, dst);
  }
};

} // namespace ec::simd::skeleton

#endif
