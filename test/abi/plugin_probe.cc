// SPDX-License-Identifier: LGPL-2.1-or-later
// The generation-independent half of the probe library (see CMakeLists.txt): PluginProbe overrides every
// virtual of our ceph::ErasureCodePlugin and adds none, so its exported vtable lists our declaration slot
// by slot. The bodies are never called.
#include "erasure-code/ErasureCodePlugin.h"

namespace ec_abi_probe {

class PluginProbe final : public ceph::ErasureCodePlugin {
public:
  ~PluginProbe() override;
  int factory(const std::string &, ceph::ErasureCodeProfile &, ceph::ErasureCodeInterfaceRef *,
              std::ostream *) override {
    return 0;
  }
};

PluginProbe::~PluginProbe() = default;

} // namespace ec_abi_probe
