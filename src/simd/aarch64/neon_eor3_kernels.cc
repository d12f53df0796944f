// SPDX-License-Identifier: LGPL-2.1-or-later
// The neon_eor3 variant: neon's kernels built with FEAT_SHA3 (Armv8.2 and later: Neoverse N2, V1, V2),
// whose EOR3 adds a product's two lookups into its accumulator in one instruction instead of two.
#include "simd/aarch64/neon_traits.h"
#include "simd/skeleton/make_kernels.h"

namespace ec::simd {

extern const Kernels kernels_neon_eor3;
const Kernels kernels_neon_eor3 = skeleton::make_kernels<NeonTraits>("neon_eor3");

} // namespace ec::simd
