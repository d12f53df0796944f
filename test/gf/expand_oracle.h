// SPDX-License-Identifier: LGPL-2.1-or-later
// The coefficient expansions of src/gf/expand.h built the slow, obvious way (one field multiplication per
// entry or bit), as the oracle the fast ones are checked against.
#ifndef EC_TEST_GF_EXPAND_ORACLE_H
#define EC_TEST_GF_EXPAND_ORACLE_H

#include <cstdint>

#include "gf/expand.h"
#include "gf/gf8.h"

namespace ec::gf::oracle {

inline NibbleTables nibble_tables(std::uint8_t c) {
  NibbleTables t;
  for (unsigned i = 0; i < 16; i++) {
    t.lo[i] = mul(c, static_cast<std::uint8_t>(i));
    t.hi[i] = mul(c, static_cast<std::uint8_t>(i << 4));
  }
  return t;
}

// Column j of the matrix of multiplication by c is c * 2^j; byte 7 - i of the operand collects bit i of
// every column.
inline std::uint64_t affine_matrix(std::uint8_t c) {
  std::uint64_t a = 0;
  for (unsigned i = 0; i < 8; i++) {
    std::uint8_t row = 0;
    for (unsigned j = 0; j < 8; j++)
      if ((mul(c, static_cast<std::uint8_t>(1u << j)) >> i) & 1)
        row = static_cast<std::uint8_t>(row | (1u << j));
    a |= static_cast<std::uint64_t>(row) << (8 * (7 - i));
  }
  return a;
}

} // namespace ec::gf::oracle

#endif
