// SPDX-License-Identifier: LGPL-2.1-or-later
// The one loop skeleton every SIMD variant is instantiated from (as Linux lib/raid6 generates its
// variants from one template): the kernels' structure -- blocking, unrolling, row grouping, tails -- lives
// here once; an instruction set contributes only a small traits struct of primitives.
//
// A traits struct T provides (all static; see generic/generic_traits.h and x86/*_traits.h):
//   using Vec;     one register of data                          kWidth bytes
//   using Table;   one coefficient as the multiply wants it in registers (two nibble tables, a matrix...)
//   using Src;     one source register prepared for multiplying by many coefficients (split nibbles,
//                  bit masks, or just Vec); preparing once per source and pass is what makes a
//                  multi-row dot product cheaper than rows separate ones
//   kWidth, kTableBytes (== Kernels::table_bytes), kMaxRows (outputs per pass: as many accumulators
//   as the register file holds), kMaskedTail (true: load_partial/store_partial exist and touch no byte
//   past n; false: tails go through a stack buffer here)
//   static constexpr unsigned unroll(unsigned rows);  registers per accumulator row, for ILP
//   Vec load(const uint8_t *), store(uint8_t *, Vec)            any alignment
//   Vec load_partial(const uint8_t *, size_t n), store_partial(uint8_t *, size_t n, Vec)   n < kWidth
//   Vec zero(), add(Vec, Vec)                                    GF addition, i.e. xor
//   Table load_table(const uint8_t *)                            from the 16-byte aligned expanded table
//   Src prepare(Vec);  Vec mul(const Table &, const Src &)
//   void expand(uint8_t coef, uint8_t *table)
//   optional: kFirstSources (0, 1 or 2; default 2), how many sources' products initialise a dot
//   product's accumulators (0: they start at zero; see dot_block)
//   optional: static constexpr unsigned mad_unroll(unsigned rows), registers per row of mad and xor_mad
//   (rows: the multiply rows; default unroll(rows)), whose every output register is loaded and stored
//   where a dot product's stays in an accumulator: a T whose loads need an index register per offset may
//   want fewer (see Power8Traits)
//   optional: static constexpr bool mad_loads_first(unsigned rows): true where a block of mad and
//   xor_mad is to load its source and every output before its first store (as ISA-L's kernels do); T
//   says so only where the source and rows + 1 outputs per unrolled register fit its registers beside
//   the tables (default: each output loaded, added to and stored in turn; see mad_block)
//   optional: static constexpr unsigned dot_unroll_beyond_l1(unsigned rows, bool fills_l2), registers per
//   row of a dot product whose sources and outputs exceed twice the core's L1D and are not prefetched;
//   fills_l2: they exceed a quarter of its L2 too, but not all of it (default unroll(rows); see dot_rows);
//   where it differs from unroll, the variant's library times both when it loads (calibrate.h)
//   optional: kXorUnrollBeyondL1 (default: xor's unroll in cache), registers per block of xor_many when a
//   call's sources and output exceed the core's L1D (see xor_range)
//   optional: kXorUnrollInPlace (default: xor's unroll in cache), registers per block of the xor that adds
//   one region into another within L1D (xor_mad's lone all-ones row; see xor_in_l1)
//   optional: add_into(uint8_t *p, Vec v), the register at p xored with v in place, as one load, add and
//   store at one address: for a T whose loads and stores take reg+reg addresses only, gcc otherwise
//   computes the address of an output loaded and stored apart into a register of its own (see add_to_block)
//   optional: const uint8_t *source_base(const uint8_t *p), where a dot product's block of one source
//   starts, as its loads are to address it: a T whose loads take a displacement returns p hidden from the
//   optimiser, so the block loads at p + u * kWidth from one register; otherwise gcc keeps the block's
//   offsets in one index register each, which it recomputes for every block (default: p)
//   optional: kPrefetchBytes (default 0: none), how far ahead of a dot product's block its sources are
//   prefetched (see dot_block)
//   optional: store_stream(uint8_t *, Vec) to a kWidth-aligned address, bypassing the caches, and
//   stream_fence(), which orders such stores before any later store (x86: non-temporal stores and sfence);
//   with them, xor_many streams long outputs (see beyond_l2_bytes)
//   optional: Vec add3(Vec, Vec, Vec), the sum of three registers in one instruction (POWER10's xxeval);
//   with it, dot products add two sources' products to each accumulator per step (see dot_block)
//   optional: template <unsigned Slot> load_pair(const uint8_t *, Vec &first, Vec &second) and
//   store_pair<Slot>(uint8_t *, Vec first, Vec second), two adjacent registers (2 * kWidth bytes, any
//   alignment) in one instruction (POWER10's lxvp/stxvp); with them, the whole registers of a block are
//   loaded and stored two at a time. Slot numbers the pairs that are live together (0, 1, ... within a
//   block's sources, its accumulators), for a T whose pairs need fixed registers
//
// Everything here is a template over T, and every variant's T lives in an anonymous namespace, so each
// variant's translation unit gets its own copy compiled with its own -m flags: no inline function is shared
// between variants, which would let the linker pick, say, the AVX-512 copy for the generic kernels.
#ifndef EC_SIMD_SKELETON_REGION_LOOPS_H
#define EC_SIMD_SKELETON_REGION_LOOPS_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "simd/kernels.h"
#include "simd/probe/cache_size.h"

// The accumulators must stay in registers, so the small loops over rows and unrolled registers are
// unrolled completely even at -O2.
#define EC_SKELETON_UNROLL _Pragma("GCC unroll 32")
#define EC_SKELETON_INLINE inline __attribute__((always_inline))
// A lambda that hands a kernel its operands: not inlined, it would keep the arrays it captures in memory.
#define EC_SKELETON_INLINE_LAMBDA __attribute__((always_inline))

namespace ec::simd::skeleton {

using std::size_t;
using std::uint8_t;

template <class T, class = void> struct HasPairs : std::false_type {};
template <class T>
struct HasPairs<T, std::void_t<decltype(T::template load_pair<0>(nullptr, std::declval<typename T::Vec &>(),
                                                                 std::declval<typename T::Vec &>())),
                               decltype(T::template store_pair<0>(nullptr, std::declval<typename T::Vec>(),
                                                                  std::declval<typename T::Vec>()))>>
    : std::true_type {};

// Whole registers; two at a time where T has paired loads and stores (kPairs).
template <class T> struct FullIO {
  static constexpr bool kPairs = HasPairs<T>::value;
  EC_SKELETON_INLINE typename T::Vec load(const uint8_t *p) const { return T::load(p); }
  EC_SKELETON_INLINE void store(uint8_t *p, typename T::Vec v) const { T::store(p, v); }
  template <unsigned Slot>
  EC_SKELETON_INLINE void load_pair(const uint8_t *p, typename T::Vec &a, typename T::Vec &b) const {
    T::template load_pair<Slot>(p, a, b);
  }
  template <unsigned Slot> EC_SKELETON_INLINE void store_pair(uint8_t *p, typename T::Vec a, typename T::Vec b) const {
    T::template store_pair<Slot>(p, a, b);
  }
};

// The last n < kWidth bytes of a region: masked where the ISA can, else bounced through the stack, so no
// byte outside the region is ever read or written (a region may end right before an unmapped page).
template <class T> struct PartialIO {
  static constexpr bool kPairs = false;
  size_t n;
  EC_SKELETON_INLINE typename T::Vec load(const uint8_t *p) const {
    if constexpr (T::kMaskedTail) {
      return T::load_partial(p, n);
    } else {
      alignas(64) uint8_t buf[T::kWidth] = {};
      std::memcpy(buf, p, n);
      return T::load(buf);
    }
  }
  EC_SKELETON_INLINE void store(uint8_t *p, typename T::Vec v) const {
    if constexpr (T::kMaskedTail) {
      T::store_partial(p, n, v);
    } else {
      alignas(64) uint8_t buf[T::kWidth];
      T::store(buf, v);
      std::memcpy(p, buf, n);
    }
  }
};

// Whole registers stored around the caches, at kWidth-aligned addresses.
template <class T> struct StreamIO {
  static constexpr bool kPairs = false;
  EC_SKELETON_INLINE typename T::Vec load(const uint8_t *p) const { return T::load(p); }
  EC_SKELETON_INLINE void store(uint8_t *p, typename T::Vec v) const { T::store_stream(p, v); }
};

template <class T, class = void> struct HasStreamStores : std::false_type {};
template <class T>
struct HasStreamStores<T, std::void_t<decltype(T::store_stream(nullptr, std::declval<typename T::Vec>())),
                                      decltype(T::stream_fence())>> : std::true_type {};

template <class T, class = void> struct HasAdd3 : std::false_type {};
template <class T>
struct HasAdd3<T, std::void_t<decltype(T::add3(std::declval<typename T::Vec>(), std::declval<typename T::Vec>(),
                                               std::declval<typename T::Vec>()))>> : std::true_type {};

template <class T, class = void> struct PrefetchBytes {
  static constexpr size_t value = 0;
};
template <class T> struct PrefetchBytes<T, std::void_t<decltype(T::kPrefetchBytes)>> {
  static constexpr size_t value = T::kPrefetchBytes;
};

template <class T, class = void> struct MadUnroll {
  static constexpr unsigned of(unsigned rows) { return T::unroll(rows); }
};
template <class T> struct MadUnroll<T, std::void_t<decltype(T::mad_unroll(1u))>> {
  static constexpr unsigned of(unsigned rows) { return T::mad_unroll(rows); }
};

template <class T, class = void> struct DotUnrollBeyondL1 {
  static constexpr unsigned of(unsigned rows, bool) { return T::unroll(rows); }
};
template <class T> struct DotUnrollBeyondL1<T, std::void_t<decltype(T::dot_unroll_beyond_l1(1u, false))>> {
  static constexpr unsigned of(unsigned rows, bool fills_l2) { return T::dot_unroll_beyond_l1(rows, fills_l2); }
};

template <class T, class = void> struct HasSourceBase : std::false_type {};
template <class T> struct HasSourceBase<T, std::void_t<decltype(T::source_base(nullptr))>> : std::true_type {};

template <class T, class = void> struct MadLoadsFirst {
  static constexpr bool of(unsigned) { return false; }
};
template <class T> struct MadLoadsFirst<T, std::void_t<decltype(T::mad_loads_first(1u))>> {
  static constexpr bool of(unsigned rows) { return T::mad_loads_first(rows); }
};

template <class T, unsigned InCache, class = void> struct XorUnrollBeyondL1 {
  static constexpr unsigned value = InCache;
};
template <class T, unsigned InCache> struct XorUnrollBeyondL1<T, InCache, std::void_t<decltype(T::kXorUnrollBeyondL1)>> {
  static constexpr unsigned value = T::kXorUnrollBeyondL1;
};

template <class T, class = void> struct HasXorUnrollInPlace : std::false_type {};
template <class T> struct HasXorUnrollInPlace<T, std::void_t<decltype(T::kXorUnrollInPlace)>> : std::true_type {};

template <class T, class = void> struct HasAddInto : std::false_type {};
template <class T>
struct HasAddInto<T, std::void_t<decltype(T::add_into(nullptr, std::declval<typename T::Vec>()))>> : std::true_type {};

template <class T, class = void> struct FirstSources {
  static constexpr unsigned value = 2;
};
template <class T> struct FirstSources<T, std::void_t<decltype(T::kFirstSources)>> {
  static constexpr unsigned value = T::kFirstSources;
};

// Region kernels over [begin, end) of every buffer, one template per kernel shape.
template <class T> struct RegionLoops {
  using Vec = typename T::Vec;
  static constexpr size_t W = T::kWidth;
  static constexpr size_t TB = T::kTableBytes;
  static_assert(TB % 16 == 0 && TB <= kMaxTableBytes, "table format breaks the Kernels contract");
  static_assert(T::kMaxRows >= 1 && T::kMaxRows <= 32, "EC_SKELETON_UNROLL must cover every row of a pass");

  // A call whose sources and outputs together reach this many bytes works beyond the core's L2
  // (probe/cache_size.h): from L3 or memory, where streaming the outputs or prefetching the sources pays.
  // An OSD's stripes stay far below (4 KiB chunks, which the checksum and the messenger read right after
  // the kernel: they must stay in cache).
  // Both sizes are read on first use and kept here, so that a 4 KiB call (some 30 ns) pays a load for
  // them: not a call, and not a function-local static's guard, whose first-call path made gcc save
  // registers in every entry that tests a size (xor_row: five pushes and pops around two jumps). Atomics
  // of constant initialisation (0: not read yet): no code runs when the library loads, where this
  // variant's instructions may not exist (the tests load every variant into one process).
  static inline std::atomic<size_t> l2_bytes_{0};
  static inline std::atomic<size_t> l1_bytes_{0};
  static size_t beyond_l2_bytes() {
    const size_t bytes = l2_bytes_.load(std::memory_order_relaxed);
    return bytes ? bytes : read_cache_bytes(l2_bytes_, l2_cache_bytes);
  }
  static size_t beyond_l1_bytes() {
    const size_t bytes = l1_bytes_.load(std::memory_order_relaxed);
    return bytes ? bytes : read_cache_bytes(l1_bytes_, l1_data_cache_bytes);
  }
  __attribute__((noinline, cold)) static size_t read_cache_bytes(std::atomic<size_t> &kept, size_t (*read)()) {
    const size_t bytes = read();
    kept.store(bytes, std::memory_order_relaxed);
    return bytes;
  }

  // Whether dot products beyond twice L1D step as T names there (narrow) or as in cache (wide): set once
  // by tune_beyond_l1 (calibrate.h), narrow until then. Only where T names another step for some row count.
  static constexpr bool has_beyond_l1_choice() {
    for (unsigned rows = 1; rows <= T::kMaxRows; rows++)
      if (DotUnrollBeyondL1<T>::of(rows, false) != T::unroll(rows) ||
          DotUnrollBeyondL1<T>::of(rows, true) != T::unroll(rows))
        return true;
    return false;
  }
  static inline std::atomic<bool> narrow_beyond_l1_{true};

  // Long dot products with more rows than one pass holds walk the length in slices, so that the passes
  // after the first find the sources in cache (32 sources x 4 KiB fit a 256 KiB L2).
  static constexpr size_t kSliceBytes = 4096;

  // Output pointers copied to a local array: vector stores are typed may_alias, so through the caller's
  // array the compiler would have to reload every dst[r] after every store; a local whose address never
  // escapes cannot be hit by them.
  template <unsigned R, class Byte> static EC_SKELETON_INLINE void copy_pointers(Byte *const *from, Byte **to) {
    EC_SKELETON_UNROLL
    for (unsigned r = 0; r < R; r++)
      to[r] = from[r];
  }

  // Where the IO pairs registers (kPairs): U registers from p on, two at a time, as the pairs Slot,
  // Slot + 1, ... (U is even: pairs are only used for whole blocks of U > 1).
  template <unsigned U, unsigned Slot, class IO>
  static EC_SKELETON_INLINE void load_pairs(const IO &io, const uint8_t *p, Vec *v) {
    static_assert(IO::kPairs && U % 2 == 0, "paired loads take whole pairs");
    load_pairs_at<Slot>(io, p, v, std::make_index_sequence<U / 2>{});
  }
  template <unsigned Slot, class IO, size_t... I>
  static EC_SKELETON_INLINE void load_pairs_at(const IO &io, const uint8_t *p, Vec *v, std::index_sequence<I...>) {
    (io.template load_pair<Slot + I>(p + 2 * I * W, v[2 * I], v[2 * I + 1]), ...);
  }
  template <unsigned U, unsigned Slot, class IO>
  static EC_SKELETON_INLINE void store_pairs(const IO &io, uint8_t *p, const Vec *v) {
    static_assert(IO::kPairs && U % 2 == 0, "paired stores take whole pairs");
    store_pairs_at<Slot>(io, p, v, std::make_index_sequence<U / 2>{});
  }
  template <unsigned Slot, class IO, size_t... I>
  static EC_SKELETON_INLINE void store_pairs_at(const IO &io, uint8_t *p, const Vec *v, std::index_sequence<I...>) {
    (io.template store_pair<Slot + I>(p + 2 * I * W, v[2 * I], v[2 * I + 1]), ...);
  }
  // ... and prepared for multiplying (v: the registers as loaded, for an all-ones row).
  template <unsigned U, unsigned Slot, class IO>
  static EC_SKELETON_INLINE void load_sources(const IO &io, const uint8_t *p, typename T::Src *s, Vec *v) {
    load_pairs<U, Slot>(io, p, v);
    EC_SKELETON_UNROLL
    for (unsigned u = 0; u < U; u++)
      s[u] = T::prepare(v[u]);
  }

  // ---- dot product: R outputs, U registers each, one source read per pass ----
  // The accumulators start as the products of the first sources, not as zero: that saves a zeroing move
  // and an add per accumulator register and block. By default (kFirstSources = 2) as the sum of the first
  // two sources' products, not the first product alone: where the multiply can write only part of the
  // register file (vpermxor: the 32 VMX registers of the 64 VSX ones), an accumulator defined by a multiply
  // makes the register allocator keep the accumulators in the registers the multiply's operands need, and
  // spill; an add can write any register. A variant may take one source, or start at zero (generic,
  // whose prepared source is eight words, counted fewer instructions so). k == 1 never gets here: it
  // goes to products_block, which stores the products directly; so k >= 2 >= P.
  static constexpr unsigned P = FirstSources<T>::value;
  static_assert(P <= 2, "kFirstSources is 0, 1 or 2");

  // A dot product reads k streams at once; from about eight on (8+3 of 1 MiB: 128 KiB apart, all in the
  // same cache sets) the hardware prefetchers fall behind and the multiplies wait on the loads. Where T
  // asks for it (kPrefetchBytes), such products beyond L2 prefetch every line of every source that far
  // ahead of the block (Prefetch). In cache (4 KiB chunks) or with few sources the prefetches would only
  // cost issue slots.
  static constexpr size_t kPrefetch = PrefetchBytes<T>::value;
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
        load_sources<C, 0>(io, a + off + c * W, s0, v0);
        load_sources<C, C / 2>(io, b + off + c * W, s1, v1);
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

  // R multiply rows; with XorFirst, dst[0] is a row of ones besides them: every source register is
  // added to its accumulator (acc[0]) as loaded, with no multiply, and multiply row r (tables + r *
  // row_stride) accumulates in acc[XorFirst + r] for dst[XorFirst + r].
  template <unsigned R, unsigned U, bool Prefetch, bool XorFirst, class IO>
  static EC_SKELETON_INLINE void dot_block(const IO &io, size_t off, unsigned k, const uint8_t *tables,
                                           size_t row_stride, const uint8_t *const *src,
                                           uint8_t *const *dst) {
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
          load_sources<C, 0>(io, src[0] + off + c * W, s0, v0);
          load_sources<C, C / 2>(io, src[1] + off + c * W, s1, v1);
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
        EC_SKELETON_UNROLL
        for (unsigned r = 0; r < R; r++) {
          const typename T::Table tab0 = T::load_table(t + r * row_stride);
          const typename T::Table tab1 = T::load_table(t + TB + r * row_stride);
          EC_SKELETON_UNROLL
          for (unsigned u = 0; u < C; u++)
            acc[XorFirst + r][c + u] = T::add(T::mul(tab0, s0[u]), T::mul(tab1, s1[u]));
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
    for (unsigned j = single; j < k; j++) {
      typename T::Src s[U];
      Vec v[U];
      if constexpr (IO::kPairs && U % 2 == 0) {
        load_sources<U, 0>(io, src[j] + off, s, v);
      } else if constexpr (HasSourceBase<T>::value) {
        // The same loads from one base register (see source_base); the other variants keep the
        // expression below, which their compilers address as they see fit.
        const uint8_t *const base = T::source_base(src[j] + off);
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
        const typename T::Table tab = T::load_table(t + r * row_stride);
        EC_SKELETON_UNROLL
        for (unsigned u = 0; u < U; u++)
          acc[XorFirst + r][u] = T::add(acc[XorFirst + r][u], T::mul(tab, s[u]));
      }
    }
    store_blocks<U, 0>(io, off, dst, acc, std::make_index_sequence<R + XorFirst>{});
  }

  // The tables of R rows (row_stride apart), loaded once for a whole region of one-source blocks: through
  // the byte stores of the outputs, which may alias anything, the compiler would otherwise have to load
  // every row's table again in every block.
  template <unsigned R>
  static EC_SKELETON_INLINE void load_row_tables(const uint8_t *tables, size_t row_stride, typename T::Table (&tab)[R]) {
    EC_SKELETON_UNROLL
    for (unsigned r = 0; r < R; r++)
      tab[r] = T::load_table(tables + r * row_stride);
  }

  // U registers from p on, in pairs (from Slot on) where the IO has them.
  template <unsigned U, unsigned Slot, class IO>
  static EC_SKELETON_INLINE void load_block(const IO &io, const uint8_t *p, Vec (&v)[U]) {
    if constexpr (IO::kPairs && U % 2 == 0) {
      load_pairs<U, Slot>(io, p, v);
    } else {
      EC_SKELETON_UNROLL
      for (unsigned u = 0; u < U; u++)
        v[u] = io.load(p + u * W);
    }
  }
  template <unsigned U, unsigned Slot, class IO>
  static EC_SKELETON_INLINE void store_block(const IO &io, uint8_t *p, const Vec (&v)[U]) {
    if constexpr (IO::kPairs && U % 2 == 0) {
      store_pairs<U, Slot>(io, p, v);
    } else {
      EC_SKELETON_UNROLL
      for (unsigned u = 0; u < U; u++)
        io.store(p + u * W, v[u]);
    }
  }
  // The block at off of every output dst[r], r < R, as load_block; row r's pairs are the slots
  // Slot + r * U / 2, ...
  template <unsigned U, unsigned Slot, class IO, size_t R, size_t... Rows>
  static EC_SKELETON_INLINE void load_blocks(const IO &io, size_t off, uint8_t *const *dst, Vec (&v)[R][U],
                                             std::index_sequence<Rows...>) {
    (load_block<U, Slot + Rows * U / 2>(io, dst[Rows] + off, v[Rows]), ...);
  }
  // The block at off of every output dst[r], r < R, as store_block; row r's pairs are the slots
  // Slot + r * U / 2, ...
  template <unsigned U, unsigned Slot, class IO, size_t R, size_t... Rows>
  static EC_SKELETON_INLINE void store_blocks(const IO &io, size_t off, uint8_t *const *dst, const Vec (&v)[R][U],
                                              std::index_sequence<Rows...>) {
    (store_block<U, Slot + Rows * U / 2>(io, dst[Rows] + off, v[Rows]), ...);
  }

  // One source into R outputs, the products stored: mul, and dot products of k == 1. The source block is
  // loaded once for every row; nothing is live across blocks but the tables.
  template <unsigned R, unsigned U, class IO>
  static EC_SKELETON_INLINE void products_block(const IO &io, size_t off, const typename T::Table (&tab)[R],
                                                const uint8_t *src, uint8_t *const *dst) {
    Vec x[U];
    load_block<U, 0>(io, src + off, x);
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

  // One source into R outputs, the products xored into what they hold (mad); with XorFirst, the source
  // itself into dst[0] first (an all-ones row: no multiply) and the products into dst[1..R]. The source
  // block is loaded once for every row: loading it again after an output's store (which may alias it, as
  // far as the compiler knows) cost a load per row and block and, with the rows' tables loaded again in
  // every block, made the update load-bound. Each output is loaded, added to and stored in turn, unless
  // T::mad_loads_first: loading every output of the block before the first store, as ISA-L's kernels do,
  // is faster on x86 but holds (R + 1) x U outputs at once, which spilled on POWER.
  template <unsigned R, unsigned U, bool XorFirst, class IO>
  static EC_SKELETON_INLINE void mad_block(const IO &io, size_t off, const typename T::Table (&tab)[R],
                                           const uint8_t *src, uint8_t *const *dst) {
    Vec x[U];
    load_block<U, 0>(io, src + off, x);
    if constexpr (MadLoadsFirst<T>::of(R)) {
      constexpr unsigned Outputs = R + XorFirst;
      Vec v[Outputs][U];
      load_blocks<U, U / 2>(io, off, dst, v, std::make_index_sequence<Outputs>{});
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
      store_blocks<U, 0>(io, off, dst, v, std::make_index_sequence<Outputs>{});
      return;
    }
    if constexpr (XorFirst)
      add_to_block<U>(io, dst[0] + off, [&](unsigned u) EC_SKELETON_INLINE_LAMBDA { return x[u]; });
    typename T::Src s[U];
    EC_SKELETON_UNROLL
    for (unsigned u = 0; u < U; u++)
      s[u] = T::prepare(x[u]);
    EC_SKELETON_UNROLL
    for (unsigned r = 0; r < R; r++)
      add_to_block<U>(io, dst[r + XorFirst] + off,
                      [&](unsigned u) EC_SKELETON_INLINE_LAMBDA { return T::mul(tab[r], s[u]); });
  }

  // The U registers at out, register u xored with addend(u). Where T has add_into and the block is
  // whole, each register is loaded and stored at one address (counted under qemu, POWER8's 10+4 update:
  // an add per output register and block for the address was a fifth of the loop's instructions).
  template <unsigned U, class IO, class Addend>
  static EC_SKELETON_INLINE void add_to_block(const IO &io, uint8_t *out, const Addend &addend) {
    if constexpr (HasAddInto<T>::value && std::is_same_v<IO, FullIO<T>>) {
      EC_SKELETON_UNROLL
      for (unsigned u = 0; u < U; u++)
        T::add_into(out + u * W, addend(u));
    } else {
      Vec v[U];
      load_block<U, U / 2>(io, out, v);
      EC_SKELETON_UNROLL
      for (unsigned u = 0; u < U; u++)
        v[u] = T::add(v[u], addend(u));
      store_block<U, 0>(io, out, v);
    }
  }

  // Whole blocks of U registers from off on, while they fit before end; returns where they stopped.
  template <unsigned R, unsigned U, bool Prefetch, bool XorFirst>
  static EC_SKELETON_INLINE size_t dot_steps(size_t off, size_t end, unsigned k, const uint8_t *tables,
                                             size_t row_stride, const uint8_t *const *src, uint8_t *const *dst) {
    for (; end - off >= U * W; off += U * W)
      dot_block<R, U, Prefetch, XorFirst>(FullIO<T>{}, off, k, tables, row_stride, src, dst);
    return off;
  }

  // R multiply rows, and with XorFirst a row of ones before them (dot_block); k >= 2 with XorFirst.
  template <unsigned R, bool Prefetch, bool XorFirst>
  static void dot_rows(size_t begin, size_t end, unsigned k, const uint8_t *tables, size_t row_stride,
                       const uint8_t *const *src, uint8_t *const *dst) {
    // The row of ones takes accumulators like any row, not tables.
    constexpr unsigned U = T::unroll(R + XorFirst);
    uint8_t *out[R + XorFirst];
    copy_pointers<R + XorFirst>(dst, out);
    size_t off = begin;
    if constexpr (!XorFirst) {
      if (k == 1) {
        typename T::Table tab[R];
        load_row_tables<R>(tables, row_stride, tab);
        for (; end - off >= U * W; off += U * W)
          products_block<R, U>(FullIO<T>{}, off, tab, src[0], out);
        if constexpr (U > 1)
          for (; end - off >= W; off += W)
            products_block<R, 1>(FullIO<T>{}, off, tab, src[0], out);
        if (off < end)
          products_block<R, 1>(PartialIO<T>{end - off}, off, tab, src[0], out);
        return;
      }
    }
    // Where the sources are read from L2 without prefetches, T may read fewer registers of each per step,
    // and fewer again where they fill most of it, if that is faster on this core (narrow_beyond_l1_). Up to
    // twice L1D the in-cache unroll stays: just past L1D Zen 4 still feeds four registers per source at L1's
    // pace (see gfni_traits.h).
    constexpr unsigned UL2 = DotUnrollBeyondL1<T>::of(R + XorFirst, false);
    constexpr unsigned UL2Full = DotUnrollBeyondL1<T>::of(R + XorFirst, true);
    if constexpr ((UL2 != U || UL2Full != U) && !Prefetch) {
      const size_t bytes = (end - begin) * (size_t{k} + R + XorFirst);
      if (bytes > 2 * beyond_l1_bytes() && narrow_beyond_l1_.load(std::memory_order_relaxed)) {
        if (bytes > beyond_l2_bytes() / 4 && bytes <= beyond_l2_bytes())
          off = dot_steps<R, UL2Full, Prefetch, XorFirst>(off, end, k, tables, row_stride, src, out);
        else
          off = dot_steps<R, UL2, Prefetch, XorFirst>(off, end, k, tables, row_stride, src, out);
      }
    }
    off = dot_steps<R, U, Prefetch, XorFirst>(off, end, k, tables, row_stride, src, out);
    if constexpr (U > 1)
      off = dot_steps<R, 1, Prefetch, XorFirst>(off, end, k, tables, row_stride, src, out);
    if (off < end)
      dot_block<R, 1, Prefetch, XorFirst>(PartialIO<T>{end - off}, off, k, tables, row_stride, src, out);
  }

  using DotRowsFn = void (*)(size_t, size_t, unsigned, const uint8_t *, size_t, const uint8_t *const *,
                             uint8_t *const *);
  // Multiply rows beside the row of ones in xor_dot_prod's first pass: parities up to m = 8 in one pass (the
  // rest, if any, in passes of their own), not as many as a pass holds: every row count is another copy of
  // dot_rows to compile (each variant's kernels took 60% longer to build with them all).
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
                         const uint8_t *const *src, uint8_t *const *dst) {
    const size_t row_stride = size_t{k} * TB;
    unsigned first = 0;
    if constexpr (XorFirst) {
      first = 1 + (rows - 1 < kXorFirstMaxRows ? rows - 1 : kXorFirstMaxRows);
      dot_rows_for<Prefetch, true>(first - 1)(begin, end, k, tables, row_stride, src, dst);
    }
    for (; first < rows; first += T::kMaxRows) {
      const unsigned n = rows - first < T::kMaxRows ? rows - first : T::kMaxRows;
      dot_rows_for<Prefetch, false>(n)(begin, end, k, tables + (first - XorFirst) * row_stride, row_stride, src,
                                       dst + first);
    }
  }

  template <bool XorFirst>
  static void dot_products(size_t len, unsigned k, unsigned rows, const uint8_t *tables,
                           const uint8_t *const *src, uint8_t *const *dst) {
    if (rows <= T::kMaxRows) {
      // Passes over slices (below) read their sources again from cache: only one pass prefetches.
      if constexpr (kPrefetch > 0) {
        if (k >= kPrefetchSources && len * (size_t{k} + rows) >= beyond_l2_bytes()) {
          dot_passes<true, XorFirst>(0, len, k, rows, tables, src, dst);
          return;
        }
      }
      dot_passes<false, XorFirst>(0, len, k, rows, tables, src, dst);
      return;
    }
    for (size_t begin = 0; begin < len; begin += kSliceBytes)
      dot_passes<false, XorFirst>(begin, len - begin < kSliceBytes ? len : begin + kSliceBytes, k, rows, tables,
                                  src, dst);
  }

  static void dot_prod(size_t len, unsigned k, unsigned rows, const uint8_t *tables,
                       const uint8_t *const *src, uint8_t *const *dst) {
    dot_products<false>(len, k, rows, tables, src, dst);
  }

  // dot_prod with a first row of ones, summed without a multiply (Reed-Solomon's first parity): the nibble
  // and vpermxor variants spend most of a product on its lookups, and the row of ones needs none.
  static void xor_dot_prod(size_t len, unsigned k, unsigned rows, const uint8_t *tables,
                           const uint8_t *const *src, uint8_t *const *dst) {
    if (rows == 1 || k == 1) {
      xor_many(len, k, src, dst[0]);
      if (rows > 1)
        dot_products<false>(len, k, rows - 1, tables, src, dst + 1);
      return;
    }
    dot_products<true>(len, k, rows, tables, src, dst);
  }

  static void mul(size_t len, const uint8_t *table, const uint8_t *src, uint8_t *dst) {
    dot_rows<1, false, false>(0, len, 1, table, TB, &src, &dst);
  }

  // ---- multiply-accumulate: one source into R outputs (mad_block) ----
  // With XorFirst, out[0] ^= src as well, in the same blocks as the R multiply rows (out[1..R]).
  template <unsigned R, bool XorFirst>
  static void mad_rows(size_t len, const uint8_t *tables, const uint8_t *src, uint8_t *const *dst) {
    constexpr unsigned U = MadUnroll<T>::of(R);
    uint8_t *out[R + XorFirst];
    copy_pointers<R + XorFirst>(dst, out);
    typename T::Table tab[R];
    load_row_tables<R>(tables, TB, tab);
    size_t off = 0;
    for (; len - off >= U * W; off += U * W)
      mad_block<R, U, XorFirst>(FullIO<T>{}, off, tab, src, out);
    if constexpr (U > 1)
      for (; len - off >= W; off += W)
        mad_block<R, 1, XorFirst>(FullIO<T>{}, off, tab, src, out);
    if (off < len)
      mad_block<R, 1, XorFirst>(PartialIO<T>{len - off}, off, tab, src, out);
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
  // saves no registers (gcc saves, for every call, those that only its longest path needs: six pushes,
  // six pops and a realigned stack in front of the one-pass update's jump, at 4 KiB a tenth of an update's
  // 25-40 ns on Zen 4).
  static void mad(size_t len, unsigned rows, const uint8_t *tables, const uint8_t *src,
                  uint8_t *const *dst) {
    if (rows <= T::kMaxRows)
      return mad_rows_for<false>(rows)(len, tables, src, dst);
    return mad_passes<false>(len, rows, tables, src, dst);
  }

  // The XOR row rides along the first pass of up to kMaxRows multiply rows; alone, it is xor_many's.
  static void xor_mad(size_t len, unsigned rows, const uint8_t *tables, const uint8_t *src,
                      uint8_t *const *dst) {
    if (rows == 1)
      return xor_row(len, src, dst[0]);
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
  // (xor_sources, which reads it) takes every length.
  __attribute__((noinline)) static void xor_row(size_t len, const uint8_t *src, uint8_t *dst) {
    if (len * 2 <= l1_bytes_.load(std::memory_order_relaxed))
      return xor_row_in_l1(len, src, dst);
    return xor_row_general(len, src, dst);
  }
  __attribute__((noinline)) static void xor_row_in_l1(size_t len, const uint8_t *src, uint8_t *dst) {
    const uint8_t *sources[2] = {dst, src};
    xor_in_l1<2>(len, sources, dst);
  }
  __attribute__((noinline)) static void xor_row_general(size_t len, const uint8_t *src, uint8_t *dst) {
    const uint8_t *sources[2] = {dst, src};
    xor_sources<2>(len, 2, sources, dst);
  }

  // ---- xor of n sources ----
  // Every source register of a block is loaded before the block is stored, which is what makes
  // dst == src[i] an in-place accumulate. N is n when it is known at compile time (0: it is not): a loop
  // over the sources whose count is only known at run time keeps the accumulators of a block in other
  // registers than the loads' (gcc for POWER copied all of them in and out of every block, 2U moves).
  template <unsigned U, unsigned N, class IO>
  static EC_SKELETON_INLINE void xor_block(const IO &io, size_t off, unsigned n, const uint8_t *const *src,
                                           uint8_t *dst) {
    if constexpr (N != 0)
      n = N;
    Vec acc[U];
    if constexpr (IO::kPairs && U % 2 == 0) {
      load_pairs<U, 0>(io, src[0] + off, acc);
      for (unsigned j = 1; j < n; j++) {
        Vec v[U];
        load_pairs<U, U / 2>(io, src[j] + off, v);
        EC_SKELETON_UNROLL
        for (unsigned u = 0; u < U; u++)
          acc[u] = T::add(acc[u], v[u]);
      }
      store_pairs<U, 0>(io, dst + off, acc);
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

  // Where T can (HasStreamStores), xor_many streams its output when it works beyond L2 (beyond_l2_bytes):
  // the output is on its way out of L2 before the call returns, and storing it around the caches saves
  // reading each output line before writing it and writing it back later. xor moves the most bytes per
  // instruction of the kernels, so it feels that traffic most; within L2, streaming loses. The dot
  // products are not streamed: the multiplies hide that traffic, and streamed outputs made their encodes
  // slower. Nor are xors of more than kStreamMaxSources sources, whose output is a small part of the
  // traffic: streaming it made such rebuilds slower than cached.
  // kStreamMinBytes keeps the head to alignment and the fence noise.
  static constexpr size_t kStreamMinBytes = 4096;
  static constexpr unsigned kStreamMaxSources = 3;
  static_assert(kStreamMinBytes >= W, "a streamed region holds its head");

  // xor has no table or multiply to hide, so in cache it is unrolled as far as a one-row product; beyond
  // L1 (the sources and output of a call larger than the core's L1D), as far as T says (XorUnrollBeyondL1):
  // there the loads wait on L2, and on Zen 4 one register per source and step reads L2 faster than four
  // consecutive ones (8 sources of 64 KiB, avx512_gfni: 175-200 GB/s against 105-112; 4 KiB, in L1: 133-180
  // against 210-250).
  static constexpr unsigned kXorUnroll = T::unroll(1) > 4 ? T::unroll(1) : 4;
  static constexpr unsigned kXorUnrollBeyondL1 = XorUnrollBeyondL1<T, kXorUnroll>::value;
  static constexpr unsigned kXorUnrollInPlace = [] {
    if constexpr (HasXorUnrollInPlace<T>::value)
      return T::kXorUnrollInPlace;
    else
      return kXorUnroll;
  }();

  // Stream: dst + off is aligned to W, and whole registers are stored with store_stream.
  template <bool Stream, unsigned N, unsigned U>
  static EC_SKELETON_INLINE void xor_range(size_t off, size_t end, unsigned n, const uint8_t *const *src,
                                           uint8_t *dst) {
    using Whole = std::conditional_t<Stream, StreamIO<T>, FullIO<T>>;
    for (; end - off >= U * W; off += U * W)
      xor_block<U, N>(Whole{}, off, n, src, dst);
    for (; end - off >= W; off += W)
      xor_block<1, N>(Whole{}, off, n, src, dst);
    if (off < end)
      xor_block<1, N>(PartialIO<T>{end - off}, off, n, src, dst);
  }

  // N sources, the first of them dst, within L1: xor_sources' loop without its tests of the length and the
  // stream path's frame (six saved registers, a realigned stack), which cost a tenth of a 2+1 code's
  // update of 4 KiB (some 25 ns), unrolled as far as T says (kXorUnrollInPlace).
  template <unsigned N> static void xor_in_l1(size_t len, const uint8_t *const *sources, uint8_t *dst) {
    const uint8_t *src[N];
    copy_pointers<N>(sources, src);
    const size_t off = xor_into<N, kXorUnrollInPlace>(len, src, dst);
    xor_range<false, N, kXorUnrollInPlace>(off, len, N, src, dst);
  }

  // Where T has add_into, an xor of two sources into the first (dst == src[0]: an update's all-ones row)
  // adds the second into dst with it (add_to_block); returns how far it went in whole blocks of U
  // registers (0 for other xors, or without add_into).
  template <unsigned N, unsigned U>
  static EC_SKELETON_INLINE size_t xor_into(size_t len, const uint8_t *const *src, uint8_t *dst) {
    size_t off = 0;
    if constexpr (HasAddInto<T>::value && N == 2) {
      if (src[0] == dst)
        for (; len - off >= U * W; off += U * W)
          add_to_block<U>(FullIO<T>{}, dst + off,
                          [&](unsigned u) EC_SKELETON_INLINE_LAMBDA { return T::load(src[1] + off + u * W); });
    }
    return off;
  }

  template <unsigned N>
  static void xor_sources(size_t len, unsigned n, const uint8_t *const *sources, uint8_t *dst) {
    // A count known at compile time: the source pointers copied to a local array too, or the compiler
    // loads them again after every block's store (a tenth of a 2-source xor's instructions).
    const uint8_t *own[N ? N : 1];
    const uint8_t *const *src = sources;
    if constexpr (N != 0) {
      copy_pointers<N>(sources, own);
      src = own;
    }
    if constexpr (HasStreamStores<T>::value) {
      if (n <= kStreamMaxSources && len >= kStreamMinBytes && len * (size_t{n} + 1) >= beyond_l2_bytes()) {
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

  // Two sources, the commonest count (an update's all-ones row, 2+1's parity and its one-loss decode),
  // with the count compiled in.
  static void xor_many(size_t len, unsigned n, const uint8_t *const *src, uint8_t *dst) {
    if (n == 2)
      xor_sources<2>(len, n, src, dst);
    else
      xor_sources<0>(len, n, src, dst);
  }
};

} // namespace ec::simd::skeleton

#endif
