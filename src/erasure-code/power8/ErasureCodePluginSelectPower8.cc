// SPDX-License-Identifier: LGPL-2.1-or-later
#include "erasure-code/power8/ErasureCodePluginSelectPower8.h"

#include <algorithm>
#include <cerrno>

#include "erasure-code/power8/ceph_version.h"
#include "erasure-code/power8/decode_cache.h"
#include "erasure-code/power8/plugin_log.h"
#include "simd/probe/cpu_probe.h"

namespace ec::power8 {

std::string join(const std::vector<std::string> &names) {
  std::string out;
  for (const auto &n : names)
    out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::string ErasureCodePluginSelectPower8::why_unusable(const std::string &variant) const {
  for (const auto &f : loads_.failed)
    if (f.name == variant)
      return "its library did not load: " + f.cause;
  if (std::find(loads_.not_installed.begin(), loads_.not_installed.end(), variant) != loads_.not_installed.end())
    return "its library is not installed";
  return "this CPU does not run it (it runs " + join(runnable_) + ")";
}

const LoadedVariant &ErasureCodePluginSelectPower8::variant_for(const ceph::ErasureCodeProfile &profile) {
  auto forced = profile.find(kVariantKey);
  if (forced == profile.end() || forced->second.empty())
    return loads_.loaded.front();
  for (const auto &v : loads_.loaded)
    if (v.name == forced->second)
      return v;
  std::string key;
  for (const auto &kv : profile)
    key += kv.first + '=' + kv.second + '\n';
  bool first_time;
  {
    std::lock_guard<std::mutex> guard(reported_lock_);
    first_time = reported_.insert(key).second;
  }
  if (first_time)
    log_line(std::string(kVariantKey) + "=" + forced->second + " cannot be used on this host (" +
             why_unusable(forced->second) + "); coding with " + loads_.loaded.front().name +
             " instead, which gives the same chunks");
  return loads_.loaded.front();
}

int ErasureCodePluginSelectPower8::factory(const std::string &directory, ceph::ErasureCodeProfile &profile,
                                           ceph::ErasureCodeInterfaceRef *erasure_code, std::ostream *ss) {
  return variant_for(profile).plugin->factory(directory, profile, erasure_code, ss);
}

} // namespace ec::power8

extern "C" __attribute__((visibility("default"))) const char *__erasure_code_version() {
  return EC_POWER8_CEPH_VERSION;
}

// Called by the registry with its lock held. It has no stream for a message: a failure is its errno for
// Ceph, and its cause on stderr (the daemon's log).
extern "C" __attribute__((visibility("default"))) int __erasure_code_init(char *plugin_name, char *directory) {
  using ec::power8::join;
  using ec::power8::log_line;
  std::string complaint;
  const std::size_t cache_bytes = ec::power8::DecodeCache::max_bytes_from_environment(&complaint);
  if (!complaint.empty())
    log_line(complaint);
  std::vector<std::string> runnable = ec::simd::runnable_variants();
  ec::power8::VariantLoads loads = ec::power8::load_variants(plugin_name, directory, runnable, cache_bytes);
  for (const auto &f : loads.failed)
    log_line("variant " + f.name + " did not load: " + f.cause);
  if (loads.loaded.empty()) {
    if (!loads.failed.empty()) {
      log_line(std::string("no variant library of ") + plugin_name + " in " + directory +
               " could be loaded; failing with the first one's error");
      return loads.failed.front().error;
    }
    log_line(std::string("no variant library of ") + plugin_name + " is installed in " + directory +
             " (looked for " + join(runnable) + ")");
    return -ENOENT;
  }
  log_line("selected variant " + loads.loaded.front().name + " (this CPU can run " + join(runnable) +
           (loads.not_installed.empty() ? "" : "; not installed: " + join(loads.not_installed)) + ")");
  auto *selector = new ec::power8::ErasureCodePluginSelectPower8(std::move(loads), std::move(runnable));
  int r = ceph::ErasureCodePluginRegistry::instance().add(plugin_name, selector);
  if (r)
    delete selector;
  return r;
}
