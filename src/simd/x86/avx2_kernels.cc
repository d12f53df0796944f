// SPDX-License-Identifier: LGPL-2.1-or-later
// The avx2 variant: split-nibble tables and pshufb, 32-byte registers.
#include "simd/skeleton/make_kernels.h"
#include "simd/x86/avx2_ops.h"
#include "simd/x86/nibble_traits.h"

namespace ec::simd {

extern const Kernels kernels_avx2;
const Kernels kernels_avx2 = skeleton::make_kernels<NibbleTraits<Avx2Ops>>("avx2");

} // namespace ec::simd
