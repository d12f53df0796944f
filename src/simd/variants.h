// SPDX-License-Identifier: LGPL-2.1-or-later
// The kernel variants compiled into this build, for tests and tools that want all of them in one binary
// (the plugin instead ships one variant per shared object). Link ec_simd_all to get them.
#ifndef EC_SIMD_VARIANTS_H
#define EC_SIMD_VARIANTS_H

#include <cstddef>
#include <string_view>
#include <vector>

#include "simd/kernels.h"

namespace ec::simd {

// The oracle every variant is tested against (not a plugin variant).
extern const Kernels kernels_reference;

// Every variant registered with ec_add_simd_variant for this architecture, "generic" first; whether the
// running CPU can execute one is the probe's business (runnable_variants()).
struct BuiltVariants {
  const Kernels *const *begin() const { return list; }
  const Kernels *const *end() const { return list + count; }
  const Kernels *const *list;
  std::size_t count;
};
BuiltVariants built_variants();

// The built variant called name, or nullptr.
const Kernels *find_built_variant(std::string_view name);

// The built variants the running CPU can execute, best first (the probe's order).
std::vector<const Kernels *> runnable_built_variants();

} // namespace ec::simd

#endif
