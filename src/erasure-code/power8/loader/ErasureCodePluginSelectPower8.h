// SPDX-License-Identifier: LGPL-2.1-or-later
// The loader, libec_power8.so (plugin=power8). When Ceph loads it, it probes the CPU and opens every
// variant library this CPU can run from the same directory (libec_power8_<variant>.so, best first,
// through their variant entry point: variant_entry.h); its factory hands each profile to the best one,
// or to the one a `power8-variant=<name>` key asks for.
//
// Every variant computes the same chunks, so a forced variant that cannot be used here (unknown name,
// CPU without the instructions, library missing or broken) falls back to the best one with a log line,
// never an error: the monitor and an OSD on another CPU must reach the same verdict on every profile.
//
// When no variant library loads, what Ceph is told depends on how it loaded the loader (see
// __erasure_code_init): preloaded at a daemon's start, the load fails with the first library's errno and
// the daemon refuses to start; loaded for a profile, the loader registers anyway so that its factory can
// return that errno with the cause in the message Ceph prints (the registry gives a plugin's init no
// stream), and it tries the libraries again on each later call.
#ifndef EC_POWER8_ERASURE_CODE_PLUGIN_SELECT_POWER8_H
#define EC_POWER8_ERASURE_CODE_PLUGIN_SELECT_POWER8_H

#include <cstddef>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "erasure-code/ErasureCodePlugin.h"
#include "erasure-code/power8/common/variant_entry.h"
#include "erasure-code/power8/loader/variant_loader.h"

namespace ec::power8 {

class ErasureCodePluginSelectPower8 : public ceph::ErasureCodePlugin {
public:
  // runnable: what this CPU can run, best first. loads: the libraries as load_variants() found them.
  ErasureCodePluginSelectPower8(std::string plugin_name, std::vector<std::string> runnable,
                                std::size_t decode_cache_bytes, VariantLoads loads)
      : plugin_name_(std::move(plugin_name)), runnable_(std::move(runnable)),
        decode_cache_bytes_(decode_cache_bytes), loads_(std::move(loads)) {}

  ~ErasureCodePluginSelectPower8() override { unload_variants(&loads_); }
  ErasureCodePluginSelectPower8(const ErasureCodePluginSelectPower8 &) = delete;
  ErasureCodePluginSelectPower8 &operator=(const ErasureCodePluginSelectPower8 &) = delete;

  int factory(const std::string &directory, ceph::ErasureCodeProfile &profile,
              ceph::ErasureCodeInterfaceRef *erasure_code, std::ostream *ss) override;

  // Why no variant is usable: the first failing library's errno (-ENOENT if none is installed) and a
  // message saying what happened to each.
  static int describe_no_variant(const std::string &plugin_name, const std::string &directory,
                               const std::vector<std::string> &runnable, const VariantLoads &loads,
                               std::string *cause);

private:
  // The variant a profile is coded with here, or null if no library loads (error and *ss set). Says why
  // on stderr when a forced one cannot be used, once per profile: the OSD builds a codec per PG.
  const LoadedVariant *variant_for(const std::string &directory, const ceph::ErasureCodeProfile &profile,
                                   int *error, std::ostream *ss);
  // Why variant is not among the loaded ones.
  std::string why_unusable(const std::string &variant) const;

  const std::string plugin_name_;
  const std::vector<std::string> runnable_;
  const std::size_t decode_cache_bytes_;
  std::mutex lock_; // guards loads_ (filled once, when empty) and reported_
  VariantLoads loads_;
  bool tried_at_init_ = true; // the first factory call does not open the libraries init just failed to
  std::set<std::string> reported_; // profiles whose unusable power8-variant was logged
};

// "a, b, c"
std::string join(const std::vector<std::string> &names);

} // namespace ec::power8

#endif
