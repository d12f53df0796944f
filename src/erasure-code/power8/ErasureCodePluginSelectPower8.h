// The loader, libec_power8.so (plugin=power8). When Ceph loads it, it probes the CPU and loads every
// variant library this CPU can run from the same directory (power8_<variant>, best first); its factory
// hands each profile to the best one, or to the one a `power8-variant=<name>` key asks for.
//
// Every variant computes the same chunks, so a forced variant that cannot be used here (unknown name,
// CPU without the instructions, library missing) falls back to the best one with a log line, never an
// error: the monitor and an OSD on another CPU must reach the same verdict on every profile.
#ifndef EC_POWER8_ERASURE_CODE_PLUGIN_SELECT_POWER8_H
#define EC_POWER8_ERASURE_CODE_PLUGIN_SELECT_POWER8_H

#include <string>
#include <vector>

#include "erasure-code/ErasureCodePlugin.h"

namespace ec::power8 {

// The profile key that forces a variant on the hosts that can run it.
constexpr const char *kVariantKey = "power8-variant";

class ErasureCodePluginSelectPower8 : public ceph::ErasureCodePlugin {
public:
  // loaded: the variants whose libraries loaded, best first (never empty).
  ErasureCodePluginSelectPower8(std::string plugin_name, std::vector<std::string> loaded)
      : plugin_name_(std::move(plugin_name)), loaded_(std::move(loaded)) {}

  int factory(const std::string &directory, ceph::ErasureCodeProfile &profile,
              ceph::ErasureCodeInterfaceRef *erasure_code, std::ostream *ss) override;

  // The variant a profile is coded with here.
  std::string variant_for(const ceph::ErasureCodeProfile &profile) const;

private:
  std::string plugin_name_;
  std::vector<std::string> loaded_;
};

} // namespace ec::power8

#endif
