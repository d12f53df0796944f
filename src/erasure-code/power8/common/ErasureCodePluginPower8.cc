// SPDX-License-Identifier: LGPL-2.1-or-later
#include "erasure-code/power8/common/ErasureCodePluginPower8.h"

#include <cerrno>
#include <exception>

#include "erasure-code/power8/common/make_power8_codec.h"
#include "erasure-code/power8/common/variant_entry.h"

namespace ec::power8 {

int ErasureCodePluginPower8::factory(const std::string & /*directory*/, ceph::ErasureCodeProfile &profile,
                                     ceph::ErasureCodeInterfaceRef *erasure_code, std::ostream *ss) {
  try {
    ceph::ErasureCodeInterfaceRef codec = make_power8_codec(kernels_, decode_cache_);
    int r = codec->init(profile, ss);
    if (r)
      return r;
    *erasure_code = codec;
    return 0;
  } catch (const std::bad_alloc &) {
    *ss << "out of memory while building the power8 codec" << std::endl;
    return -ENOMEM;
  }
}

std::string ErasureCodePluginVariantNamed::loader_name() const {
  const std::string suffix = "_" + variant_;
  if (plugin_name_.size() > suffix.size() &&
      plugin_name_.compare(plugin_name_.size() - suffix.size(), suffix.size(), suffix) == 0)
    return plugin_name_.substr(0, plugin_name_.size() - suffix.size());
  return "power8";
}

int ErasureCodePluginVariantNamed::factory(const std::string & /*directory*/, ceph::ErasureCodeProfile & /*profile*/,
                                           ceph::ErasureCodeInterfaceRef * /*erasure_code*/, std::ostream *ss) {
  *ss << "plugin=" << plugin_name_ << " names one of the variant libraries of plugin=" << loader_name()
      << ", which a profile cannot use: an OSD without that library or without a CPU that runs it could "
      << "not build the codec. Use plugin=" << loader_name() << " " << kVariantKey << "=" << variant_
      << " (the same chunks; hosts that cannot run " << variant_ << " use their best variant)" << std::endl;
  return -EINVAL;
}

} // namespace ec::power8
