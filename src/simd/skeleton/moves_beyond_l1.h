// SPDX-License-Identifier: LGPL-2.1-or-later
// The width of a variant's moves beyond L1D (MovesBeyondL1): its own registers, or its Narrower's. Chosen
// by a rule, not by timing: the cost of the wide registers on Intel is a lower clock that sets in only
// after milliseconds of such loops, longer than a timing when the library loads may take.
#ifndef EC_SIMD_SKELETON_MOVES_BEYOND_L1_H
#define EC_SIMD_SKELETON_MOVES_BEYOND_L1_H

#include <cstdint>
#include <cstdio>

#include "simd/skeleton/region_loops.h"

namespace ec::simd::skeleton {

template <class T> void set_moves_beyond_l1(MovesBeyondL1 moves, char *report, size_t report_bytes) {
  using Loops = RegionLoops<T>;
  const bool narrower = moves == MovesBeyondL1::half || (moves == MovesBeyondL1::by_vendor && T::narrower_by_vendor());
  Loops::narrower_from_.store(narrower ? 2 * Loops::beyond_l1_bytes() : SIZE_MAX, std::memory_order_relaxed);
  if (report_bytes)
    std::snprintf(report, report_bytes, "updates and xors beyond twice L1D: %zu-byte registers, %s",
                  narrower ? T::Narrower::kWidth : T::kWidth,
                  moves != MovesBeyondL1::by_vendor ? "as set"
                  : narrower                        ? "this CPU's vendor's (Intel holds a lower clock with wider ones)"
                                                    : "this CPU's vendor's");
}

// Kernels::set_moves_beyond_l1 of T: null where T has one width.
template <class T> constexpr auto moves_beyond_l1_setter() -> void (*)(MovesBeyondL1, char *, size_t) {
  if constexpr (HasNarrower<T>::value)
    return &set_moves_beyond_l1<T>;
  else
    return nullptr;
}

} // namespace ec::simd::skeleton

#endif
