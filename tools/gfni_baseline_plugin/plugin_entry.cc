// SPDX-License-Identifier: LGPL-2.1-or-later
// Entry points of libec_gfni_baseline.so, registered as plugin=gfni_baseline.
#include <algorithm>
#include <cerrno>
#include <memory>
#include <ostream>
#include <string>

#include "erasure-code/ErasureCodePlugin.h"
#include "erasure-code/power8/common/ceph_release.h"
#include "gfni_baseline_codec.h"
#include "simd/probe/cpu_probe.h"
#include "simd/variants.h"

namespace gfni_baseline {
namespace {

class GfniBaselinePlugin : public ceph::ErasureCodePlugin {
public:
  int factory(const std::string & /*directory*/, ceph::ErasureCodeProfile &profile,
              ceph::ErasureCodeInterfaceRef *erasure_code, std::ostream *ss) override {
    const ec::simd::Kernels *kernels = ec::simd::find_built_variant("avx512_gfni");
    const auto runnable = ec::simd::runnable_variants();
    if (!kernels || std::find(runnable.begin(), runnable.end(), "avx512_gfni") == runnable.end()) {
      *ss << "plugin=gfni_baseline cannot run on this CPU: it needs AVX-512 (F, BW, VL) and GFNI" << std::endl;
      return -ENOTSUP;
    }
    auto codec = std::make_shared<GfniBaselineCodec>(*kernels);
    if (int r = codec->init(profile, ss))
      return r;
    *erasure_code = codec;
    return 0;
  }
};

} // namespace
} // namespace gfni_baseline

extern "C" __attribute__((visibility("default"))) const char *__erasure_code_version() {
  return EC_POWER8_CEPH_VERSION;
}

extern "C" __attribute__((visibility("default"))) int __erasure_code_init(char *plugin_name, char * /*directory*/) {
  return ceph::ErasureCodePluginRegistry::instance().add(plugin_name, new gfni_baseline::GfniBaselinePlugin());
}
