// SPDX-License-Identifier: LGPL-2.1-or-later
#include "erasure-code/power8/loader/variant_loader.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "erasure-code/power8/common/ceph_release.h"
#include "erasure-code/power8/common/variant_entry.h"

namespace ec::power8 {
namespace {

std::string dl_error() {
  const char *e = dlerror();
  return e ? e : "unknown error";
}

// 0 and the plugin, or a negative errno and the cause.
int open_variant(const std::string &path, std::size_t decode_cache_bytes, std::unique_ptr<ceph::ErasureCodePlugin> *plugin,
                 std::string *cause) {
  // RTLD_LOCAL: every variant holds the same C++ symbols, which must not bind across libraries.
  void *library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    *cause = "dlopen(" + path + "): " + dl_error();
    return -EIO;
  }
  using version_fn = const char *(*)();
  auto version = reinterpret_cast<version_fn>(dlsym(library, "__erasure_code_version"));
  if (!version || std::strcmp(version(), EC_POWER8_CEPH_VERSION) != 0) {
    *cause = path + " was built for Ceph " + (version ? version() : "(unknown)") + " but libec_power8.so for " +
             EC_POWER8_CEPH_VERSION + " (a partial upgrade?)";
    dlclose(library);
    return -EXDEV;
  }
  auto entry = reinterpret_cast<ec_power8_variant_plugin_fn>(dlsym(library, EC_POWER8_VARIANT_ENTRY));
  if (!entry) {
    *cause = path + " has no " EC_POWER8_VARIANT_ENTRY ": it is not a variant library of this release of the " +
             "power8 plugin (a partial upgrade?)";
    dlclose(library);
    return -ELIBBAD;
  }
  plugin->reset(entry(decode_cache_bytes));
  if (!*plugin) {
    *cause = "out of memory creating the plugin of " + path;
    dlclose(library);
    return -ENOMEM;
  }
  (*plugin)->library = library;
  return 0;
}

} // namespace

VariantLoads load_variants(const std::string &plugin_name, const std::string &directory,
                           const std::vector<std::string> &variants, std::size_t decode_cache_bytes) {
  VariantLoads out;
  for (const auto &variant : variants) {
    const std::string path = directory + "/libec_" + plugin_name + "_" + variant + ".so";
    // A variant may legitimately be absent (not built for this architecture, or not packaged); any other
    // reason not to see the file (permissions, a symlink loop...) is a failure to report.
    if (access(path.c_str(), F_OK) != 0) {
      const int error = errno;
      if (error == ENOENT)
        out.not_installed.push_back(variant);
      else
        out.failed.push_back({variant, -error, "cannot access " + path + ": " + std::strerror(error)});
      continue;
    }
    std::unique_ptr<ceph::ErasureCodePlugin> plugin;
    std::string cause;
    const int r = open_variant(path, decode_cache_bytes, &plugin, &cause);
    if (r == 0)
      out.loaded.push_back({variant, std::move(plugin)});
    else
      out.failed.push_back({variant, r, cause});
  }
  return out;
}

void unload_variants(VariantLoads *loads) {
  const bool keep_mapped = ceph::ErasureCodePluginRegistry::instance().disable_dlclose;
  for (auto &v : loads->loaded) {
    void *library = v.plugin ? v.plugin->library : nullptr;
    v.plugin.reset();
    if (library && !keep_mapped)
      dlclose(library);
  }
  loads->loaded.clear();
}

} // namespace ec::power8
