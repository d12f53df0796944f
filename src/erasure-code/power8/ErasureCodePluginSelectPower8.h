// SPDX-License-Identifier: LGPL-2.1-or-later
// The loader, libec_power8.so (plugin=power8). When Ceph loads it, it probes the CPU and opens every
// variant library this CPU can run from the same directory (libec_power8_<variant>.so, best first,
// through their variant entry point: variant_entry.h); its factory hands each profile to the best one,
// or to the one a `power8-variant=<name>` key asks for.
//
// Every variant computes the same chunks, so a forced variant that cannot be used here (unknown name,
// CPU without the instructions, library missing or broken) falls back to the best one with a log line,
// never an error: the monitor and an OSD on another CPU must reach the same verdict on every profile.
#ifndef EC_POWER8_ERASURE_CODE_PLUGIN_SELECT_POWER8_H
#define EC_POWER8_ERASURE_CODE_PLUGIN_SELECT_POWER8_H

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "erasure-code/ErasureCodePlugin.h"
#include "erasure-code/power8/variant_loader.h"

namespace ec::power8 {

// The profile key that forces a variant on the hosts that can run it.
constexpr const char *kVariantKey = "power8-variant";

class ErasureCodePluginSelectPower8 : public ceph::ErasureCodePlugin {
public:
  // loads.loaded must not be empty. runnable: what this CPU can run, best first (for the log).
  ErasureCodePluginSelectPower8(VariantLoads loads, std::vector<std::string> runnable)
      : loads_(std::move(loads)), runnable_(std::move(runnable)) {}

  int factory(const std::string &directory, ceph::ErasureCodeProfile &profile,
              ceph::ErasureCodeInterfaceRef *erasure_code, std::ostream *ss) override;

  // The variant a profile is coded with here. Says why on stderr when a forced one cannot be used, once
  // per profile: the OSD builds a codec for each of a pool's PGs.
  const LoadedVariant &variant_for(const ceph::ErasureCodeProfile &profile);

private:
  // Why variant is not among the loaded ones.
  std::string why_unusable(const std::string &variant) const;

  VariantLoads loads_;
  std::vector<std::string> runnable_;
  std::mutex reported_lock_;
  std::set<std::string> reported_; // profiles whose unusable power8-variant was logged
};

// "a, b, c"
std::string join(const std::vector<std::string> &names);

} // namespace ec::power8

#endif
