// SPDX-License-Identifier: LGPL-2.1-or-later
// The avx512 variant: split-nibble tables and pshufb, 64-byte registers.
#include "simd/skeleton/make_kernels.h"
#include "simd/x86/avx512_ops.h"
#include "simd/x86/nibble_traits.h"

namespace ec::simd {

extern const Kernels kernels_avx512;
const Kernels kernels_avx512 = skeleton::make_kernels<NibbleTraits<Avx512Ops>>("avx512");

} // namespace ec::simd
