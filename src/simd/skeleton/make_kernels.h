// SPDX-License-Identifier: LGPL-2.1-or-later
// A variant's dispatch table from its traits: the skeleton's region loops, and the calibration of the
// choices whose faster side depends on the core (or its vendor).
#ifndef EC_SIMD_SKELETON_MAKE_KERNELS_H
#define EC_SIMD_SKELETON_MAKE_KERNELS_H

#include "simd/kernels.h"
#include "simd/skeleton/calibrate.h"
#include "simd/skeleton/moves_beyond_l1.h"
#include "simd/skeleton/region_loops.h"

namespace ec::simd::skeleton {

// The dispatch table of the variant T, constant-initialised (usable before any static constructor runs).
template <class T> constexpr Kernels make_kernels(const char *name) {
  return Kernels{name,
                 T::kTableBytes,
                 &T::expand,
                 &RegionLoops<T>::mul,
                 &RegionLoops<T>::mad,
                 &RegionLoops<T>::xor_mad,
                 &RegionLoops<T>::dot_prod,
                 &RegionLoops<T>::xor_dot_prod,
                 &RegionLoops<T>::xor_many,
                 RegionLoops<T>::has_beyond_l1_choice() ? &tune_beyond_l1<T> : nullptr,
                 moves_beyond_l1_setter<T>()};
}

} // namespace ec::simd::skeleton

#endif
