// SPDX-License-Identifier: LGPL-2.1-or-later
// A traits struct for the tests only, with every optional hook of the skeleton (simd/skeleton/
// optional_hooks.h) on and every tuning (tuning.h) off its default, in plain scalar C++: the branches that
// only the POWER variants (under qemu) or one x86 variant take run in any build's simd suite.
//
// A register is 16 bytes (8 in its Narrower, for the moves beyond L1D: MovesBeyondL1); a coefficient's
// table is its products with the 16 low and the 16 high nibbles.
// The unrolls mix 1, odd and even counts so that each block is taken with and without paired loads, and
// mad_loads_first holds for some row counts only. The hooks whose contract the skeleton must keep check
// it and abort: streamed stores at aligned addresses only, partial loads and stores of n < kWidth bytes.
#ifndef EC_TEST_SIMD_ALL_HOOKS_TRAITS_H
#define EC_TEST_SIMD_ALL_HOOKS_TRAITS_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "gf/gf8.h"
#include "simd/skeleton/region_loops.h"

namespace ec::simd::test {
namespace {

// The hooks and tunings of the traits Final, Width bytes a register (its tuning Final's own: tuning.h).
template <std::size_t Width, class Final> struct AllHooksBase : skeleton::Tuning<Final> {
  static constexpr std::size_t kWidth = Width;
  struct Vec {
    std::uint8_t b[kWidth];
  };
  struct Table {
    std::uint8_t low[16], high[16]; // coef * n and coef * (n << 4)
  };
  using Src = Vec;

  static constexpr std::size_t kTableBytes = sizeof(Table);
  static constexpr unsigned kMaxRows = 6;
  static constexpr bool kMaskedTail = true;
  static constexpr unsigned unroll(unsigned rows) { return rows <= 2 ? 4 : rows <= 4 ? 2 : 1; }

  // Every optional hook and tuning, each with a value the default would not give.
  static constexpr unsigned kFirstSources = 2; // add3 pairs sources after a two-source peel
  static constexpr unsigned mad_unroll(unsigned rows) { return rows == 1 ? 3 : rows == 2 ? 4 : 1; }
  static constexpr bool mad_loads_first(unsigned rows) { return rows % 2 == 0; }
  static constexpr unsigned dot_unroll_beyond_l1(unsigned rows, bool fills_l2) {
    return fills_l2 || rows > 2 ? 1 : 2;
  }
  static constexpr unsigned xor_unroll() { return 6; }
  static constexpr unsigned xor_unroll_beyond_l1() { return 2; }
  static constexpr unsigned xor_unroll_in_place() { return 3; }
  static constexpr std::size_t kPrefetchBytes = 512;

  static Vec load(const std::uint8_t *p) {
    Vec v;
    std::memcpy(v.b, p, kWidth);
    return v;
  }
  static void store(std::uint8_t *p, Vec v) { std::memcpy(p, v.b, kWidth); }
  static Vec load_partial(const std::uint8_t *p, std::size_t n) {
    if (n >= kWidth)
      std::abort();
    Vec v = zero();
    std::memcpy(v.b, p, n);
    return v;
  }
  static void store_partial(std::uint8_t *p, std::size_t n, Vec v) {
    if (n >= kWidth)
      std::abort();
    std::memcpy(p, v.b, n);
  }
  template <unsigned Slot> static void load_pair(const std::uint8_t *p, Vec &first, Vec &second) {
    first = load(p);
    second = load(p + kWidth);
  }
  template <unsigned Slot> static void store_pair(std::uint8_t *p, Vec first, Vec second) {
    store(p, first);
    store(p + kWidth, second);
  }
  static void store_stream(std::uint8_t *p, Vec v) {
    if (reinterpret_cast<std::uintptr_t>(p) % kWidth != 0)
      std::abort();
    store(p, v);
  }
  static void stream_fence() { std::atomic_thread_fence(std::memory_order_release); }
  static void add_into(std::uint8_t *p, Vec v) { store(p, add(load(p), v)); }
  static const std::uint8_t *source_base(const std::uint8_t *p) { return p; }

  static Vec zero() { return Vec{}; }
  static Vec add(Vec a, Vec b) {
    for (std::size_t i = 0; i < kWidth; i++)
      a.b[i] ^= b.b[i];
    return a;
  }
  static Vec add3(Vec a, Vec b, Vec c) { return add(add(a, b), c); }

  static Table load_table(const std::uint8_t *p) {
    Table t;
    std::memcpy(&t, p, sizeof t);
    return t;
  }
  static Src prepare(Vec x) { return x; }
  static Vec mul(const Table &t, const Src &s) {
    Vec r;
    for (std::size_t i = 0; i < kWidth; i++)
      r.b[i] = t.low[s.b[i] & 15] ^ t.high[s.b[i] >> 4];
    return r;
  }
  static void expand(std::uint8_t coef, std::uint8_t *table) {
    Table t;
    for (unsigned n = 0; n < 16; n++) {
      t.low[n] = gf::mul(coef, static_cast<std::uint8_t>(n));
      t.high[n] = gf::mul(coef, static_cast<std::uint8_t>(n << 4));
    }
    std::memcpy(table, &t, sizeof t);
  }
};

template <std::size_t Width> struct AllHooksTraitsOf : AllHooksBase<Width, AllHooksTraitsOf<Width>> {};

struct AllHooksTraits : AllHooksBase<16, AllHooksTraits> {
  using Narrower = AllHooksTraitsOf<8>;
  static bool narrower_by_vendor() { return true; } // no vendor here: the path the tests want covered
};

} // namespace
} // namespace ec::simd::test

#endif
