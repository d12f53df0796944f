// SPDX-License-Identifier: LGPL-2.1-or-later
// What every POWER variant shares: the coefficient table and the one-instruction multiply.
//
// vpermxor VT,VA,VB,VC gives, for each byte i, VA[VC[i] >> 4] ^ VB[VC[i] & 15], which is a whole GF(2^8)
// multiply when VA and VB are the split-nibble tables of the coefficient (hi[x] = c * (x << 4),
// lo[x] = c * x). The index is taken per byte position, so the data's byte order never matters; only the
// tables' does: vpermxor numbers VA and VB big-endian, so on little-endian the register element j must
// hold tab[15 - j]. expand() therefore writes each table reversed, and load_table() loads it in element
// order (vec_ld: lvx, or lxv on POWER9) with no permute at run time. The tables are 16-byte aligned (the
// Kernels contract), which lvx requires.
#ifndef EC_SIMD_PPC64LE_VPERMXOR_COMMON_H
#define EC_SIMD_PPC64LE_VPERMXOR_COMMON_H

#include <altivec.h>
#include <cstddef>
#include <cstdint>

#include "gf/expand.h"

// altivec.h defines these as macros, which breaks std headers included after it.
#undef vector
#undef pixel
#undef bool

namespace ec::simd {
namespace {

struct VpermxorCommon {
  using Vec = __vector unsigned char;
  struct Table {
    Vec hi, lo;
  };
  using Src = Vec; // vpermxor splits the nibbles itself: nothing to prepare

  static constexpr std::size_t kWidth = 16;
  static constexpr std::size_t kTableBytes = 32;

  static Vec zero() { return Vec{}; }
  static Vec add(Vec a, Vec b) { return vec_xor(a, b); }
  static Src prepare(Vec x) { return x; }
  static Vec mul(const Table &t, Src x) { return __builtin_crypto_vpermxor(t.hi, t.lo, x); }

  static Table load_table(const std::uint8_t *p) {
    return Table{vec_ld(0, reinterpret_cast<const unsigned char *>(p)),
                 vec_ld(16, reinterpret_cast<const unsigned char *>(p))};
  }
  static void expand(std::uint8_t coef, std::uint8_t *table) {
    const gf::NibbleTables t = gf::nibble_tables(coef);
    for (unsigned i = 0; i < 16; i++) {
      table[i] = t.hi[15 - i];
      table[16 + i] = t.lo[15 - i];
    }
  }
};

} // namespace
} // namespace ec::simd

#endif
