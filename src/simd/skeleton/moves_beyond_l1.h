// SPDX-License-Identifier: LGPL-2.1-or-later
// The width of a variant's moves beyond L1D (MovesBeyondL1): its own registers, or its Narrower's. Chosen
// by a rule, not by timing: the cost of the wide registers on Intel is a lower clock that sets in only
// after milliseconds of such loops, longer than a timing when the library loads may take.
#ifndef EC_SIMD_SKELETON_MOVES_BEYOND_L1_H
#define EC_SIMD_SKELETON_MOVES_BEYOND_L1_H

#include <cstdio>

#include "simd/skeleton/region_loops.h"

namespace ec::simd::skeleton {

// Whether T (which has a Narrower) moves data beyond twice L1D in its Narrower's registers, as moves
// says; writes what it chose and why into report. Reads the L1D size the narrower entry points compare
// with (RegionLoops::narrower), so that they find it kept.
template <class T> bool choose_narrower_moves(MovesBeyondL1 moves, char *report, size_t report_bytes) {
  const bool narrower = moves == MovesBeyondL1::half || (moves == MovesBeyondL1::by_vendor && T::narrower_by_vendor());
  RegionLoops<T>::beyond_l1_bytes();
  std::snprintf(report, report_bytes, "updates and xors beyond twice L1D: %zu-byte registers, %s",
                narrower ? T::Narrower::kWidth : T::kWidth,
                moves != MovesBeyondL1::by_vendor ? "as set"
                : narrower                        ? "this CPU's vendor's (Intel holds a lower clock with wider ones)"
                                                  : "this CPU's vendor's");
  return narrower;
}

} // namespace ec::simd::skeleton

#endif
