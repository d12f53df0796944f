// SPDX-License-Identifier: LGPL-2.1-or-later
#include "bare_codec.h"

#include "erasure-code/power8/common/ceph_release.h"
#include "erasure-code/power8/common/variant_entry.h" // kVariantKey
#include "simd/variants.h"

namespace ec_bench {

int BareCodec::init(const ceph::ErasureCodeProfile &profile, std::ostream *err) {
  const std::vector<const ec::simd::Kernels *> runnable = ec::simd::runnable_built_variants();
  const ec::simd::Kernels *kernels = runnable.empty() ? nullptr : runnable.front();
  auto forced = profile.find(ec::power8::kVariantKey);
  if (forced != profile.end() && !forced->second.empty()) {
    kernels = nullptr;
    for (const ec::simd::Kernels *v : runnable)
      if (forced->second == v->name)
        kernels = v;
    if (!kernels) {
      *err << "error: " << ec::power8::kVariantKey << "=" << forced->second
           << " is not a variant this build has and this CPU runs" << std::endl;
      return -EINVAL;
    }
  }
  if (!kernels) {
    *err << "error: no kernel variant of this build runs on this CPU" << std::endl;
    return -EINVAL;
  }
  // The same release defaults as the plugin's (ErasureCodePower8::init_code): same profile, same code.
  ec::codec::Profile copy(profile.begin(), profile.end());
  codec_ = std::make_unique<ec::codec::Codec>(*kernels, nullptr);
  return codec_->init(copy, ec::power8::release::kCodecDefaults, err);
}

} // namespace ec_bench
