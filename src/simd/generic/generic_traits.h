// SPDX-License-Identifier: LGPL-2.1-or-later
// Portable primitives for the loop skeleton: 64-bit words as 8-lane byte vectors (SWAR), no ISA flags.
//
// Multiplying by c is linear over GF(2): c * x = xor over bits j of x of (bit j of x) * (c * 2^j). So the
// table holds c * 2^j for j < 8, each broadcast to all 8 lanes of a word (64 bytes, within the 128-byte
// limit where a 256-byte product table is not), and preparing a source word turns each of its bits j into
// a lane mask. The masks depend only on the source, so a multi-row dot product builds them once per word
// and then spends 8 and + 8 xor per output row per 8 bytes, with no table lookups or shuffles at all.
// Every operation is lane-wise, so byte order (ppc64le, x86, big endian) does not matter.
#ifndef EC_SIMD_GENERIC_GENERIC_TRAITS_H
#define EC_SIMD_GENERIC_GENERIC_TRAITS_H

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "gf/expand.h"
#include "simd/skeleton/region_loops.h"
#if defined(__s390x__)
#include "simd/s390x/storage_xor.h"
#endif

namespace ec::simd {
namespace {

struct GenericTraits : skeleton::Tuning<GenericTraits> {
  using Vec = std::uint64_t;
  // c * 2^j in every lane, for j < 8, read straight from the expanded table: copying it to the stack
  // first would cost more than the multiply.
  using Table = const std::uint8_t *;
  struct Src {
    Vec bit[8]; // 0xff in the lanes whose byte has bit j set
  };

  static constexpr std::size_t kWidth = 8;
  static constexpr std::size_t kTableBytes = 64;
  // More rows than the 16 general registers hold: the accumulators then live in L1, but the eight masks
  // of a source word are built once for all of them, which measured faster than 2 or 4 rows (and 16).
  static constexpr unsigned kMaxRows = 8;
  static constexpr bool kMaskedTail = false;
  // Accumulators start at zero: initialising them from the first products (a prepared source is eight
  // words) counted 0.7% more instructions with gcc 12 on x86-64, from two products more still.
  static constexpr unsigned kFirstSources = 0;
  static constexpr unsigned unroll(unsigned rows) { return rows == 1 ? 2 : 1; }

  static constexpr Vec kLaneOnes = 0x0101010101010101ull;

  static Vec load(const std::uint8_t *p) {
    Vec v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  static void store(std::uint8_t *p, Vec v) { std::memcpy(p, &v, sizeof v); }
  static Vec zero() { return 0; }
  static Vec add(Vec a, Vec b) { return a ^ b; }

#if defined(__s390x__)
  // IBM Z before z13 (no vector facility) XORs whole regions with XC as z13 does.
  static void xor_region(std::size_t len, unsigned n, const std::uint8_t *const *src, std::uint8_t *dst) {
    s390x::storage_xor(len, n, src, dst);
  }
#endif

  static Table load_table(const std::uint8_t *p) { return p; }
  static Src prepare(Vec x) {
    Src s;
    EC_SKELETON_UNROLL
    for (unsigned j = 0; j < 8; j++)
      s.bit[j] = ((x >> j) & kLaneOnes) * 0xff; // lane values 0 or 1 times 0xff: no carries across lanes
    return s;
  }
  static Vec mul(const Table &t, const Src &s) {
    Vec r = 0;
    EC_SKELETON_UNROLL
    for (unsigned j = 0; j < 8; j++)
      r ^= s.bit[j] & load(t + 8 * j);
    return r;
  }

  static void expand(std::uint8_t coef, std::uint8_t *table) {
    std::uint8_t column[8];
    gf::doublings(coef, column);
    for (unsigned j = 0; j < 8; j++) {
      const Vec w = kLaneOnes * column[j];
      std::memcpy(table + 8 * j, &w, sizeof w);
    }
  }
};

} // namespace
} // namespace ec::simd

#endif
