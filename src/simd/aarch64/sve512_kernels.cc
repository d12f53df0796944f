// SPDX-License-Identifier: LGPL-2.1-or-later
// The sve512 variant: SVE at a vector length of 64 bytes exactly (built with -msve-vector-bits=512).
#include "simd/aarch64/sve_traits.h"
#include "simd/skeleton/make_kernels.h"

static_assert(__ARM_FEATURE_SVE_BITS == 512, "sve512 is built for 512-bit vectors");

namespace ec::simd {

extern const Kernels kernels_sve512;
const Kernels kernels_sve512 = skeleton::make_kernels<SveTraits>("sve512");

} // namespace ec::simd
