// SPDX-License-Identifier: LGPL-2.1-or-later
// A variant's dispatch tables from its traits: the skeleton's region loops for each choice whose faster
// side depends on the core (or its vendor), and the settling that picks one table when the library loads.
#ifndef EC_SIMD_SKELETON_MAKE_KERNELS_H
#define EC_SIMD_SKELETON_MAKE_KERNELS_H

#include "simd/kernels.h"
#include "simd/skeleton/calibrate.h"
#include "simd/skeleton/moves_beyond_l1.h"
#include "simd/skeleton/region_loops.h"

namespace ec::simd::skeleton {

template <class T> Kernels settle(const Kernels &self, BeyondL1 beyond_l1, MovesBeyondL1 moves, SettleReport *report);

// The table of T with dot products reading sources beyond twice L1D narrow or not, and moves there in
// T's Narrower's registers or not; constant-initialised (usable before any static constructor runs).
template <class T, bool Narrow, bool Narrower> constexpr Kernels kernels_as(const char *name) {
  using Loops = RegionLoops<T>;
  constexpr bool chooses_beyond_l1 = Loops::has_beyond_l1_choice();
  constexpr bool chooses_moves = HasNarrower<T>::value;
  static_assert((Narrow || chooses_beyond_l1) && (!Narrower || chooses_moves), "a choice T does not have");
  return Kernels{name,
                 T::kTableBytes,
                 &T::expand,
                 &Loops::mul,
                 &Loops::template mad<Narrower>,
                 &Loops::template xor_mad<Narrower>,
                 &Loops::template dot_prod<Narrow>,
                 &Loops::template xor_dot_prod<Narrow, Narrower>,
                 &Loops::template xor_dot_prod_ones<Narrow, Narrower>,
                 &Loops::template xor_many<Narrower>,
                 T::kDecodesThroughSum,
                 chooses_beyond_l1,
                 chooses_moves,
                 chooses_beyond_l1 || chooses_moves ? &settle<T> : nullptr};
}

// The dispatch table of the variant T as its unit defines it (kernels_<name>): narrow dot products beyond
// L1D, moves in T's own width; Kernels::settle gives the others.
template <class T> constexpr Kernels make_kernels(const char *name) { return kernels_as<T, true, false>(name); }

template <class T> Kernels settle(const Kernels &self, BeyondL1 beyond_l1, MovesBeyondL1 moves, SettleReport *report) {
  report->beyond_l1[0] = report->moves_beyond_l1[0] = '\0';
  bool narrow = true, narrower = false;
  if constexpr (RegionLoops<T>::has_beyond_l1_choice())
    narrow = choose_narrow_beyond_l1<T>(beyond_l1, report->beyond_l1, sizeof report->beyond_l1);
  if constexpr (HasNarrower<T>::value)
    narrower = choose_narrower_moves<T>(moves, report->moves_beyond_l1, sizeof report->moves_beyond_l1);
  // Only the tables of choices T has: the others would not compile (kernels_as).
  constexpr bool kWide = RegionLoops<T>::has_beyond_l1_choice(), kNarrower = HasNarrower<T>::value;
  if (narrow && !narrower)
    return kernels_as<T, true, false>(self.name);
  if (!narrow && !narrower)
    return kernels_as<T, !kWide, false>(self.name);
  if (narrow)
    return kernels_as<T, true, kNarrower>(self.name);
  return kernels_as<T, !kWide, kNarrower>(self.name);
}

} // namespace ec::simd::skeleton

#endif
