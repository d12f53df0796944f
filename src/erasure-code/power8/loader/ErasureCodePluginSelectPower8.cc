// SPDX-License-Identifier: LGPL-2.1-or-later
#include "erasure-code/power8/loader/ErasureCodePluginSelectPower8.h"

#include <algorithm>
#include <cerrno>

#include "erasure-code/power8/common/ceph_release.h"
#include "codec/decode_cache.h"
#include "erasure-code/power8/common/plugin_log.h"
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

int ErasureCodePluginSelectPower8::describe_no_variant(const std::string &plugin_name, const std::string &directory,
                                                    const std::vector<std::string> &runnable,
                                                    const VariantLoads &loads, std::string *cause) {
  if (loads.failed.empty()) {
    *cause = "no variant library of plugin=" + plugin_name + " is installed in " + directory + " (looked for " +
             join(runnable) + ")";
    return -ENOENT;
  }
  *cause = "no variant library of plugin=" + plugin_name + " in " + directory + " loads:";
  for (const auto &f : loads.failed)
    *cause += " " + f.name + ": " + f.cause + ";";
  cause->pop_back();
  return loads.failed.front().error;
}

const LoadedVariant *ErasureCodePluginSelectPower8::variant_for(const std::string &directory,
                                                                const ceph::ErasureCodeProfile &profile,
                                                                int *error, std::ostream *ss) {
  std::lock_guard<std::mutex> guard(lock_);
  if (loads_.loaded.empty()) {
    // Installed since (a partial upgrade completed)? Try again, except right after init tried.
    const bool retry = !tried_at_init_;
    tried_at_init_ = false;
    if (retry) {
      loads_ = load_variants(plugin_name_, directory, runnable_, decode_cache_bytes_);
      if (!loads_.loaded.empty())
        log_line("selected variant " + loads_.loaded.front().name + " (this CPU can run " + join(runnable_) + ")");
    }
    if (loads_.loaded.empty()) {
      std::string cause;
      *error = describe_no_variant(plugin_name_, directory, runnable_, loads_, &cause);
      if (retry)
        log_line(cause);
      *ss << cause << std::endl;
      return nullptr;
    }
  }
  tried_at_init_ = false;
  auto forced = profile.find(kVariantKey);
  if (forced == profile.end() || forced->second.empty())
    return &loads_.loaded.front();
  for (const auto &v : loads_.loaded)
    if (v.name == forced->second)
      return &v;
  std::string key;
  for (const auto &kv : profile)
    key += kv.first + '=' + kv.second + '\n';
  if (reported_.insert(key).second)
    log_line(std::string(kVariantKey) + "=" + forced->second + " cannot be used on this host (" +
             why_unusable(forced->second) + "); coding with " + loads_.loaded.front().name +
             " instead, which gives the same chunks");
  return &loads_.loaded.front();
}

int ErasureCodePluginSelectPower8::factory(const std::string &directory, ceph::ErasureCodeProfile &profile,
                                           ceph::ErasureCodeInterfaceRef *erasure_code, std::ostream *ss) {
  int error = 0;
  // Loaded variants are never removed or moved once there, so the pointer outlives the lock.
  const LoadedVariant *variant = variant_for(directory, profile, &error, ss);
  if (!variant)
    return error;
  return variant->plugin->factory(directory, profile, erasure_code, ss);
}

} // namespace ec::power8

extern "C" __attribute__((visibility("default"))) const char *__erasure_code_version() {
  return EC_POWER8_CEPH_VERSION;
}

// Called by the registry with its lock held.
extern "C" __attribute__((visibility("default"))) int __erasure_code_init(char *plugin_name, char *directory) {
  using ec::power8::join;
  using ec::power8::log_line;
  auto &registry = ceph::ErasureCodePluginRegistry::instance();
  std::string complaint;
  const std::size_t cache_bytes = ec::codec::DecodeCache::max_bytes_from_environment(&complaint);
  if (!complaint.empty())
    log_line(complaint);
  std::vector<std::string> runnable = ec::simd::runnable_variants();
  ec::power8::VariantLoads loads = ec::power8::load_variants(plugin_name, directory, runnable, cache_bytes);
  for (const auto &f : loads.failed)
    log_line("variant " + f.name + " did not load: " + f.cause);
  if (loads.loaded.empty()) {
    std::string cause;
    const int error =
        ec::power8::ErasureCodePluginSelectPower8::describe_no_variant(plugin_name, directory, runnable, loads, &cause);
    log_line(cause);
    // Ceph's registry sets `loading` when a profile asks for the plugin (factory), not when a daemon
    // preloads it at start (preload): refuse to start then; otherwise register, so that the factory
    // gives Ceph the error with its cause.
    if (!registry.loading)
      return error;
  } else {
    log_line("selected variant " + loads.loaded.front().name + " (this CPU can run " + join(runnable) +
             (loads.not_installed.empty() ? "" : "; not installed: " + join(loads.not_installed)) + ")");
  }
  auto *selector = new ec::power8::ErasureCodePluginSelectPower8(plugin_name, std::move(runnable), cache_bytes,
                                                                 std::move(loads));
  int r = registry.add(plugin_name, selector);
  if (r)
    delete selector;
  return r;
}
