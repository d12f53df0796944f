// SPDX-License-Identifier: LGPL-2.1-or-later
// How far the x86 traits unroll: few rows leave registers free to process several source registers per
// step (independent chains hide the multiply latency); many rows take them all.
#ifndef EC_SIMD_X86_REGISTER_BUDGET_H
#define EC_SIMD_X86_REGISTER_BUDGET_H

namespace ec::simd {
namespace {

constexpr unsigned unroll_for_registers(unsigned registers, unsigned rows) {
  return rows <= registers / 16 ? 4 : rows <= registers / 8 ? 2 : 1;
}

// The largest of 4, 2 and 1 registers per row for which per_unroll * U + fixed registers fit the file.
constexpr unsigned largest_unroll(unsigned registers, unsigned per_unroll, unsigned fixed) {
  for (unsigned u : {4u, 2u})
    if (per_unroll * u + fixed <= registers)
      return u;
  return 1;
}

} // namespace
} // namespace ec::simd

#endif
