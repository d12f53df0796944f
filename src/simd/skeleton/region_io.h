// SPDX-License-Identifier: LGPL-2.1-or-later
// How the skeleton's blocks load and store registers: the I/O policies (whole registers, a region's
// partial last register, streamed stores), which also carry T's addressing hooks (paired loads and
// stores, add_into, source_base), and the helpers that move a block of U registers through one of them.
#ifndef EC_SIMD_SKELETON_REGION_IO_H
#define EC_SIMD_SKELETON_REGION_IO_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "simd/skeleton/optional_hooks.h"

// The accumulators must stay in registers, so the small loops over rows and unrolled registers are
// unrolled completely even at -O2.
#define EC_SKELETON_UNROLL _Pragma("GCC unroll 32")
#define EC_SKELETON_INLINE inline __attribute__((always_inline))
// A lambda that hands a kernel its operands: not inlined, it would keep the arrays it captures in memory.
#define EC_SKELETON_INLINE_LAMBDA __attribute__((always_inline))

namespace ec::simd::skeleton {

using std::size_t;
using std::uint8_t;

// Whole registers; two at a time where T has paired loads and stores (kPairs), added into memory at one
// address where T has add_into (kAddsInPlace), a dot product's source block addressed from one base
// register where T has source_base (kSourceBase).
template <class T> struct FullIO {
  static constexpr bool kPairs = HasPairs<T>::value;
  static constexpr bool kAddsInPlace = HasAddInto<T>::value;
  static constexpr bool kSourceBase = HasSourceBase<T>::value;
  EC_SKELETON_INLINE typename T::Vec load(const uint8_t *p) const { return T::load(p); }
  EC_SKELETON_INLINE void store(uint8_t *p, typename T::Vec v) const { T::store(p, v); }
  template <unsigned Slot>
  EC_SKELETON_INLINE void load_pair(const uint8_t *p, typename T::Vec &a, typename T::Vec &b) const {
    T::template load_pair<Slot>(p, a, b);
  }
  template <unsigned Slot> EC_SKELETON_INLINE void store_pair(uint8_t *p, typename T::Vec a, typename T::Vec b) const {
    T::template store_pair<Slot>(p, a, b);
  }
  EC_SKELETON_INLINE void add_into(uint8_t *p, typename T::Vec v) const { T::add_into(p, v); }
  EC_SKELETON_INLINE const uint8_t *source_base(const uint8_t *p) const { return T::source_base(p); }
};

// The last n < kWidth bytes of a region: masked where the ISA can, else bounced through the stack, so no
// byte outside the region is ever read or written (a region may end right before an unmapped page).
template <class T> struct PartialIO {
  static constexpr bool kPairs = false;
  static constexpr bool kAddsInPlace = false;
  static constexpr bool kSourceBase = HasSourceBase<T>::value;
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
  EC_SKELETON_INLINE const uint8_t *source_base(const uint8_t *p) const { return T::source_base(p); }
};

// Whole registers stored around the caches, at kWidth-aligned addresses.
template <class T> struct StreamIO {
  static constexpr bool kPairs = false;
  static constexpr bool kAddsInPlace = false;
  EC_SKELETON_INLINE typename T::Vec load(const uint8_t *p) const { return T::load(p); }
  EC_SKELETON_INLINE void store(uint8_t *p, typename T::Vec v) const { T::store_stream(p, v); }
};

// Blocks of U registers through an I/O policy: in pairs where it has them (kPairs).
template <class T> struct BlockIO {
  using Vec = typename T::Vec;
  static constexpr size_t W = T::kWidth;


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

  // The U registers at out, register u xored with addend(u): where the IO adds in place (kAddsInPlace),
  // each register is loaded and stored at one address, which saves an address add per register.
  template <unsigned U, class IO, class Addend>
  static EC_SKELETON_INLINE void add_to_block(const IO &io, uint8_t *out, const Addend &addend) {
    if constexpr (IO::kAddsInPlace) {
      EC_SKELETON_UNROLL
      for (unsigned u = 0; u < U; u++)
        io.add_into(out + u * W, addend(u));
    } else {
      Vec v[U];
      load_block<U, U / 2>(io, out, v);
      EC_SKELETON_UNROLL
      for (unsigned u = 0; u < U; u++)
        v[u] = T::add(v[u], addend(u));
      store_block<U, 0>(io, out, v);
    }
  }
};

} // namespace ec::simd::skeleton

#endif
