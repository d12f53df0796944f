// Entry points of libec_power8_<variant>.so. Built once per variant, with EC_POWER8_KERNELS naming that
// variant's kernel table (kernels_<variant>); everything else in the library is the same code.
#include "erasure-code/ErasureCodePlugin.h"
#include "erasure-code/power8/ErasureCodePluginPower8.h"
#include "erasure-code/power8/ceph_release.h"
#include "simd/kernels.h"

namespace ec::simd {
extern const Kernels EC_POWER8_KERNELS;
}

extern "C" __attribute__((visibility("default"))) const char *__erasure_code_version() {
  return EC_POWER8_CEPH_VERSION;
}

extern "C" __attribute__((visibility("default"))) int __erasure_code_init(char *plugin_name, char * /*directory*/) {
  return ceph::ErasureCodePluginRegistry::instance().add(
      plugin_name, new ec::power8::ErasureCodePluginPower8(ec::simd::EC_POWER8_KERNELS, plugin_name));
}
