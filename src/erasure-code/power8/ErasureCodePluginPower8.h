// The plugin of one kernel variant (libec_power8_<variant>.so, registered as power8_<variant>): its
// factory makes ErasureCodePower8 codecs that compute with that variant's kernels.
#ifndef EC_POWER8_ERASURE_CODE_PLUGIN_POWER8_H
#define EC_POWER8_ERASURE_CODE_PLUGIN_POWER8_H

#include <string>

#include "erasure-code/ErasureCodePlugin.h"
#include "simd/kernels.h"

namespace ec::power8 {

class ErasureCodePluginPower8 : public ceph::ErasureCodePlugin {
public:
  // plugin_name: the name the registry loaded us under (power8_<variant>).
  ErasureCodePluginPower8(const simd::Kernels &kernels, std::string plugin_name)
      : kernels_(kernels), plugin_name_(std::move(plugin_name)) {}

  int factory(const std::string &directory, ceph::ErasureCodeProfile &profile,
              ceph::ErasureCodeInterfaceRef *erasure_code, std::ostream *ss) override;

private:
  const simd::Kernels &kernels_;
  std::string plugin_name_;
};

} // namespace ec::power8

#endif
