// SPDX-License-Identifier: LGPL-2.1-or-later
// Compiled by ctest, not built (test/simd/CMakeLists.txt): a traits struct that derives from another and
// so inherits its skeleton::Tuning<> must not compile, since the defaults it inherits call the other
// struct's unroll() and would silently ignore the one it redefines. Compiled as it is, the
// skeleton's static_assert must reject it (simd.tuning_inherited_is_refused); with EC_TUNES_ITSELF, the
// same struct tuned as itself must compile (simd.tuning_of_its_own_compiles), so that the refusal comes
// from the rule and from nothing else in this file.
#include "all_hooks_traits.h"
#include "simd/skeleton/make_kernels.h"

namespace ec::simd::test {
namespace {

#ifdef EC_TUNES_ITSELF
struct FewerRegisters : AllHooksBase<16, FewerRegisters> {
#else
struct FewerRegisters : AllHooksTraitsOf<16> { // inherits Tuning<AllHooksTraitsOf<16>>
#endif
  static constexpr unsigned unroll(unsigned) { return 1; }
};

} // namespace

extern const Kernels kernels_fewer_registers;
const Kernels kernels_fewer_registers = skeleton::make_kernels<FewerRegisters>("fewer_registers");

} // namespace ec::simd::test
