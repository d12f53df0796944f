// SPDX-License-Identifier: LGPL-2.1-or-later
// The plugins a variant library (libec_power8_<variant>.so) provides.
//
// ErasureCodePluginPower8 makes the ErasureCodePower8 codecs that compute with the library's kernels; the
// loader (libec_power8.so) obtains one through the library's variant entry point (variant_entry.h) and
// hands it every profile. All the codecs it makes share its decode cache.
//
// ErasureCodePluginVariantNamed is what the library registers when Ceph loads it by name, i.e. a profile
// says plugin=power8_<variant>: the monitor would accept such a profile wherever its own host has the
// library, and every OSD without it (another CPU architecture, a package without that variant) would
// assert on the pool's PGs. So it refuses every profile, naming the spelling that works everywhere.
#ifndef EC_POWER8_ERASURE_CODE_PLUGIN_POWER8_H
#define EC_POWER8_ERASURE_CODE_PLUGIN_POWER8_H

#include <cstddef>
#include <memory>
#include <string>

#include "erasure-code/ErasureCodePlugin.h"
#include "codec/decode_cache.h"
#include "simd/kernels.h"

namespace ec::power8 {

class ErasureCodePluginPower8 : public ceph::ErasureCodePlugin {
public:
  // decode_cache_bytes: the bound of the decode cache shared by the codecs this plugin makes.
  ErasureCodePluginPower8(const simd::Kernels &kernels, std::size_t decode_cache_bytes)
      : kernels_(kernels), decode_cache_(std::make_shared<codec::DecodeCache>(decode_cache_bytes)) {}

  int factory(const std::string &directory, ceph::ErasureCodeProfile &profile,
              ceph::ErasureCodeInterfaceRef *erasure_code, std::ostream *ss) override;

  const codec::DecodeCache &decode_cache() const { return *decode_cache_; }

private:
  const simd::Kernels &kernels_;
  std::shared_ptr<codec::DecodeCache> decode_cache_;
};

class ErasureCodePluginVariantNamed : public ceph::ErasureCodePlugin {
public:
  // plugin_name: the name Ceph loaded the library under (power8_<variant>); variant: the library's own.
  ErasureCodePluginVariantNamed(std::string plugin_name, std::string variant)
      : plugin_name_(std::move(plugin_name)), variant_(std::move(variant)) {}

  // -EINVAL, with a message naming plugin=<loader> power8-variant=<variant>.
  int factory(const std::string &directory, ceph::ErasureCodeProfile &profile,
              ceph::ErasureCodeInterfaceRef *erasure_code, std::ostream *ss) override;

  // The loader's plugin name: plugin_name without its "_<variant>" suffix (power8_avx512_gfni ->
  // power8), or "power8" if the library was loaded under a name that does not end in its variant.
  std::string loader_name() const;

private:
  std::string plugin_name_;
  std::string variant_;
};

} // namespace ec::power8

#endif
