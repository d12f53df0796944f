// SPDX-License-Identifier: LGPL-2.1-or-later
// The neon variant (every AArch64 CPU: Advanced SIMD is part of the base architecture).
#include "simd/aarch64/neon_traits.h"
#include "simd/skeleton/make_kernels.h"

namespace ec::simd {

extern const Kernels kernels_neon;
const Kernels kernels_neon = skeleton::make_kernels<NeonTraits>("neon");

} // namespace ec::simd
