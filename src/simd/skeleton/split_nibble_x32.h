// SPDX-License-Identifier: LGPL-2.1-or-later
// What the split-nibble variants with 32 registers share (aarch64's neon and sve*, of 16 bytes and more,
// s390x's z13): a coefficient's two 16-entry tables in registers, a source register's two nibbles, the
// register budget. Each derives from it and from its own Tuning (tuning.h), and adds its loads, stores and
// multiply.
#ifndef EC_SIMD_SKELETON_SPLIT_NIBBLE_X32_H
#define EC_SIMD_SKELETON_SPLIT_NIBBLE_X32_H

#include <cstddef>
#include <cstdint>

#include "gf/expand.h"

namespace ec::simd::skeleton {
namespace {

template <class V, std::size_t Width = 16> struct SplitNibbleX32 {
  using Vec = V;
  struct Table {
    Vec lo, hi;
  };
  // The nibbles of a source register, split once per source and pass and looked up by every row.
  struct Src {
    Vec lo, hi;
  };

  static constexpr std::size_t kWidth = Width;
  static constexpr std::size_t kTableBytes = 32;
  // Rows x unroll accumulators, two registers per unrolled source, a table pair, the two lookups of a
  // product and a nibble mask fit the 32 registers at each step (8 + 16 + 5, 8 + 8 + 5, 10 + 4 + 5, 8 + 2 + 5).
  static constexpr unsigned kMaxRows = 8;
  static constexpr unsigned unroll(unsigned rows) { return rows <= 1 ? 8 : rows <= 2 ? 4 : rows <= 5 ? 2 : 1; }
  // A two-parity encode's tables held in registers (Tuning's kHeldTableSources, which each variant sets to
  // this): 3 multiplied sources' tables, 2 x 4 accumulators, a block's 4 sources with their nibbles and
  // the mask fit (6 + 8 + 12 + 1, and the two lookups of a product).
  static constexpr unsigned kHeldTableSourcesX32 = 4;

  // lo[16] then hi[16], in memory order: these machines' byte lookups number a register's bytes so.
  static void expand(std::uint8_t coef, std::uint8_t *table) { gf::write_nibble_tables_lo_hi(coef, table); }
};

} // namespace
} // namespace ec::simd::skeleton

#endif
