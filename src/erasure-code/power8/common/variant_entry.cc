// SPDX-License-Identifier: LGPL-2.1-or-later
// Entry points of libec_power8_<variant>.so. Compiled once and linked into every variant library; each
// library's one generated line (library_kernels.h) names its kernel table.
#include "erasure-code/power8/common/variant_entry.h"

#include <cerrno>
#include <new>
#include <string>
#include <vector>

#include "erasure-code/power8/common/ErasureCodePluginPower8.h"
#include "erasure-code/power8/common/ceph_release.h"
#include "erasure-code/power8/common/library_kernels.h"
#include "erasure-code/power8/common/plugin_log.h"
#include "simd/kernels.h"
#include "simd/probe/beyond_l1_mode.h"

namespace {
// The library's table with its choices made (simd::Kernels::settle), once, on the first call: the loader
// calls the entry only for a variant this CPU runs, so the kernels may be timed here. Immutable after.
const ec::simd::Kernels &settled_kernels() {
  static const ec::simd::Kernels settled = [] {
    std::vector<std::string> lines;
    const ec::simd::Kernels kernels = ec::simd::settle_from_environment(ec::power8::kLibraryKernels, &lines);
    for (const std::string &line : lines)
      ec::power8::log_line(line);
    return kernels;
  }();
  return settled;
}
} // namespace

extern "C" __attribute__((visibility("default"))) ceph::ErasureCodePlugin *
ec_power8_variant_plugin_v1(std::size_t decode_cache_bytes) {
  return new (std::nothrow) ec::power8::ErasureCodePluginPower8(settled_kernels(), decode_cache_bytes);
}

// Ceph's registry needs these two to load the library at all; it loads it only when a profile or the
// preload list names it directly, and then gets a plugin that refuses every profile.
extern "C" __attribute__((visibility("default"))) const char *__erasure_code_version() {
  return EC_POWER8_CEPH_VERSION;
}

extern "C" __attribute__((visibility("default"))) int __erasure_code_init(char *plugin_name, char * /*directory*/) {
  auto *plugin = new (std::nothrow) ec::power8::ErasureCodePluginVariantNamed(plugin_name, ec::power8::kLibraryKernels.name);
  if (!plugin)
    return -ENOMEM;
  const int r = ceph::ErasureCodePluginRegistry::instance().add(plugin_name, plugin);
  if (r)
    delete plugin; // not registered (already there): the registry does not own it
  return r;
}
