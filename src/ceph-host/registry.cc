// SPDX-License-Identifier: LGPL-2.1-or-later
// The host side of Ceph 16.2's plugin registry, defined here because no Debian library but librgw exports
// it. Plugins leave ceph::ErasureCodePluginRegistry::singleton/add/load/factory undefined and bind to these
// definitions at dlopen time, which only works because the executable exports its symbols (ENABLE_EXPORTS).
// The behaviour (and the error texts) follow the contract in the project notes, so a plugin that works
// here works in ceph-osd / ceph-mon and vice versa.
#include "erasure-code/ErasureCodePlugin.h"

#include <dlfcn.h>

#include <cerrno>
#include <cstring>
#include <sstream>

#ifndef EC_CEPH_VERSION
#error "EC_CEPH_VERSION must be the Ceph version string plugins must claim (set by CMake)"
#endif

namespace ceph {

ErasureCodePluginRegistry ErasureCodePluginRegistry::singleton;

namespace {

// Callers may pass a null stream; messages then go nowhere instead of crashing.
std::ostream &stream_or_sink(std::ostream *ss, std::ostringstream &sink) { return ss ? *ss : sink; }

// What the host reports for a plugin without __erasure_code_version (Ceph's wording).
const char *missing_version() { return "an older version"; }

} // namespace

ErasureCodePluginRegistry::ErasureCodePluginRegistry() = default;

ErasureCodePluginRegistry::~ErasureCodePluginRegistry() {
  // Plugins are deleted but their code stays mapped when disable_dlclose is set: codec objects the
  // plugin created may still be referenced by static destructors that run after this one.
  for (auto &entry : plugins) {
    void *library = entry.second->library;
    delete entry.second;
    if (!disable_dlclose && library)
      dlclose(library);
  }
  plugins.clear();
}

int ErasureCodePluginRegistry::add(const std::string &name, ErasureCodePlugin *plugin) {
  // Called by __erasure_code_init while load() holds the lock: it must not lock again.
  if (plugins.count(name))
    return -EEXIST;
  plugins[name] = plugin;
  return 0;
}

ErasureCodePlugin *ErasureCodePluginRegistry::get(const std::string &name) {
  auto it = plugins.find(name);
  return it == plugins.end() ? nullptr : it->second;
}

int ErasureCodePluginRegistry::remove(const std::string &name) {
  auto it = plugins.find(name);
  if (it == plugins.end())
    return -ENOENT;
  void *library = it->second->library;
  delete it->second;
  plugins.erase(it);
  if (!disable_dlclose && library)
    dlclose(library);
  return 0;
}

// The caller holds `lock` (factory and preload do; a selector plugin calls this from inside its
// __erasure_code_init, i.e. still under the lock taken by the outer load), so no locking here.
int ErasureCodePluginRegistry::load(const std::string &plugin_name, const std::string &directory,
                                    ErasureCodePlugin **plugin, std::ostream *ss) {
  std::ostringstream sink;
  std::ostream &out = stream_or_sink(ss, sink);
  const std::string fname = directory + "/libec_" + plugin_name + ".so";

  // RTLD_NOW: an unresolved Ceph symbol must fail here, as it does in ceph-osd, not at first call.
  void *library = dlopen(fname.c_str(), RTLD_NOW);
  if (!library) {
    out << "load dlopen(" << fname << "): " << dlerror();
    return -EIO;
  }

  using version_fn = const char *(*)();
  auto version = reinterpret_cast<version_fn>(dlsym(library, "__erasure_code_version"));
  if (!version)
    version = missing_version;
  if (std::strcmp(version(), EC_CEPH_VERSION) != 0) {
    out << "expected plugin " << fname << " version " << EC_CEPH_VERSION << " but it claims to be "
        << version() << " instead";
    dlclose(library);
    return -EXDEV;
  }

  using init_fn = int (*)(char *, char *);
  auto init = reinterpret_cast<init_fn>(dlsym(library, "__erasure_code_init"));
  if (!init) {
    out << "load dlsym(" << fname << ", __erasure_code_init): " << dlerror();
    dlclose(library);
    return -ENOENT;
  }
  // The plugin's C signature takes non-const char*; it only reads them.
  std::string name_arg = plugin_name, dir_arg = directory;
  int r = init(&name_arg[0], &dir_arg[0]);
  if (r != 0) {
    out << "erasure_code_init(" << plugin_name << "," << directory << "): (" << -r << ") " << std::strerror(-r);
    dlclose(library);
    return r;
  }

  *plugin = get(plugin_name);
  if (!*plugin) {
    out << "load __erasure_code_init()did not register " << plugin_name;
    dlclose(library);
    return -EBADF;
  }
  (*plugin)->library = library;
  out << "load: " << plugin_name << " ";
  return 0;
}

int ErasureCodePluginRegistry::factory(const std::string &plugin_name, const std::string &directory,
                                       ErasureCodeProfile &profile, ErasureCodeInterfaceRef *erasure_code,
                                       std::ostream *ss) {
  std::ostringstream sink;
  std::ostream &out = stream_or_sink(ss, sink);
  ErasureCodePlugin *plugin = nullptr;
  {
    std::lock_guard<std::mutex> guard(lock);
    plugin = get(plugin_name);
    if (!plugin) {
      loading = true;
      int r = load(plugin_name, directory, &plugin, &out);
      loading = false;
      if (r != 0)
        return r;
    }
  }
  // Lock released: selector plugins (lrc, clay, ours) call factory() again from inside their factory.
  int r = plugin->factory(directory, profile, erasure_code, &out);
  if (r != 0)
    return r;
  // init() must write every default back into the profile it was given and keep that same map; the
  // OSD and mon rely on it, so a plugin that does not is refused here as Ceph refuses it.
  if (profile != (*erasure_code)->get_profile()) {
    out << "factory profile " << profile << " != get_profile() " << (*erasure_code)->get_profile();
    return -EINVAL;
  }
  return 0;
}

int ErasureCodePluginRegistry::preload(const std::string &plugin_list, const std::string &directory,
                                       std::ostream *ss) {
  // plugin_list is Ceph's osd_erasure_code_plugins format: names separated by spaces, commas or ';'.
  std::lock_guard<std::mutex> guard(lock);
  std::string name;
  auto flush = [&]() -> int {
    std::string current;
    current.swap(name);
    if (current.empty() || get(current)) // already loaded: loading again would fail with EEXIST
      return 0;
    ErasureCodePlugin *plugin = nullptr;
    return load(current, directory, &plugin, ss);
  };
  for (char c : plugin_list) {
    if (c == ' ' || c == ',' || c == ';' || c == '\t' || c == '\n') {
      if (int r = flush())
        return r;
    } else {
      name += c;
    }
  }
  return flush();
}

} // namespace ceph
