// SPDX-License-Identifier: LGPL-2.1-or-later
// The kernels' choices that depend on the core (simd::BeyondL1), made once when a variant library loads:
// measured by default, or as the daemon's environment sets them (simd/probe/beyond_l1_mode.h). Every
// choice gives the same bytes.
#ifndef EC_POWER8_KERNEL_TUNING_H
#define EC_POWER8_KERNEL_TUNING_H

#include "simd/kernels.h"

namespace ec::power8 {

// Tunes kernels (nothing where the variant has no choice) as the environment says, and logs the outcome
// as "variant <name>: ...".
void tune_kernels(const simd::Kernels &kernels);

} // namespace ec::power8

#endif
