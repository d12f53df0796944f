// SPDX-License-Identifier: LGPL-2.1-or-later
// The ssse3 variant: split-nibble tables and pshufb, 16-byte registers.
#include "simd/skeleton/make_kernels.h"
#include "simd/x86/sse_ops.h"
#include "simd/x86/nibble_traits.h"

namespace ec::simd {

extern const Kernels kernels_ssse3;
const Kernels kernels_ssse3 = skeleton::make_kernels<NibbleTraits<SseOps>>("ssse3");

} // namespace ec::simd
