#include "erasure-code/power8/ErasureCodePluginSelectPower8.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <sstream>

#include "erasure-code/power8/ceph_release.h"
#include "erasure-code/power8/plugin_log.h"
#include "simd/probe/cpu_probe.h"

namespace ec::power8 {
namespace {

std::string join(const std::vector<std::string> &names) {
  std::string out;
  for (const auto &n : names)
    out += (out.empty() ? "" : ", ") + n;
  return out;
}

} // namespace

std::string ErasureCodePluginSelectPower8::variant_for(const ceph::ErasureCodeProfile &profile) const {
  auto forced = profile.find(kVariantKey);
  if (forced == profile.end() || forced->second.empty())
    return loaded_.front();
  if (std::find(loaded_.begin(), loaded_.end(), forced->second) != loaded_.end())
    return forced->second;
  log_line(std::string(kVariantKey) + "=" + forced->second + " cannot be used on this host (variants here: " +
           join(loaded_) + "); coding with " + loaded_.front() + " instead, which gives the same chunks");
  return loaded_.front();
}

int ErasureCodePluginSelectPower8::factory(const std::string &directory, ceph::ErasureCodeProfile &profile,
                                           ceph::ErasureCodeInterfaceRef *erasure_code, std::ostream *ss) {
  return ceph::ErasureCodePluginRegistry::instance().factory(plugin_name_ + "_" + variant_for(profile), directory,
                                                             profile, erasure_code, ss);
}

} // namespace ec::power8

extern "C" __attribute__((visibility("default"))) const char *__erasure_code_version() {
  return EC_POWER8_CEPH_VERSION;
}

// Called by the registry with its lock held; loading the variant libraries from here is part of its
// contract (Ceph's own jerasure selector did the same).
extern "C" __attribute__((visibility("default"))) int __erasure_code_init(char *plugin_name, char *directory) {
  auto &registry = ceph::ErasureCodePluginRegistry::instance();
  const std::vector<std::string> runnable = ec::simd::runnable_variants();
  std::vector<std::string> loaded, not_installed;
  for (const auto &variant : runnable) {
    const std::string name = std::string(plugin_name) + "_" + variant;
    // A variant may legitimately be absent (not built for this architecture, or not packaged): skip it
    // quietly. One that is present but does not load is worth a line.
    if (access((std::string(directory) + "/lib" + "ec_" + name + ".so").c_str(), F_OK) != 0) {
      not_installed.push_back(variant);
      continue;
    }
    std::ostringstream errors;
    ceph::ErasureCodePlugin *plugin = nullptr;
    if (registry.load(name, directory, &plugin, &errors) == 0)
      loaded.push_back(variant);
    else
      ec::power8::log_line("variant " + variant + " did not load: " + errors.str());
  }
  if (loaded.empty()) {
    ec::power8::log_line(std::string("no variant library of ") + plugin_name + " could be loaded from " + directory);
    return -ENOENT;
  }
  ec::power8::log_line("selected variant " + loaded.front() + " (this CPU can run " + ec::power8::join(runnable) +
                       (not_installed.empty() ? "" : "; not installed: " + ec::power8::join(not_installed)) + ")");
  auto *selector = new ec::power8::ErasureCodePluginSelectPower8(plugin_name, loaded);
  int r = registry.add(plugin_name, selector);
  if (r)
    delete selector;
  return r;
}
