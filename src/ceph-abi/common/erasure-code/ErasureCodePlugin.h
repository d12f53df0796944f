// SPDX-License-Identifier: LGPL-2.1-or-later
// Declaration of Ceph 16.2's plugin base class and of the registry that loads plugins.
//
// The registry is never defined by a plugin: ErasureCodePluginRegistry::singleton and its member functions
// stay undefined here so they bind, at dlopen time, to the one inside the host (ceph-osd, ceph-mon,
// ceph-erasure-code-tool, or our benchmark). A private copy would make registration land in the wrong
// registry, which Ceph reports as EBADF ("did not register").
#ifndef CEPH_EC_POWER8_ERASURE_CODE_PLUGIN_H
#define CEPH_EC_POWER8_ERASURE_CODE_PLUGIN_H

#include <map>
#include <mutex>
#include <ostream>
#include <string>

#include "erasure-code/ErasureCodeInterface.h"

extern "C" {
const char *__erasure_code_version();
int __erasure_code_init(char *plugin_name, char *directory);
}

namespace ceph {

class ErasureCodePlugin {
public:
  void *library = nullptr; // set by the registry after dlopen

  ErasureCodePlugin() {}
  virtual ~ErasureCodePlugin() {}

  virtual int factory(const std::string &directory, ErasureCodeProfile &profile,
                      ErasureCodeInterfaceRef *erasure_code, std::ostream *ss) = 0;
};

class ErasureCodePluginRegistry {
public:
  // Layout as the host's own code uses it (only a host that defines the registry reads these).
  std::mutex lock;
  bool loading = false;
  bool disable_dlclose = false;
  std::map<std::string, ErasureCodePlugin *> plugins;

  static ErasureCodePluginRegistry singleton;

  ErasureCodePluginRegistry();
  ~ErasureCodePluginRegistry();

  static ErasureCodePluginRegistry &instance() { return singleton; }

  int factory(const std::string &plugin, const std::string &directory, ErasureCodeProfile &profile,
              ErasureCodeInterfaceRef *erasure_code, std::ostream *ss);
  int add(const std::string &name, ErasureCodePlugin *plugin);
  int remove(const std::string &name);
  ErasureCodePlugin *get(const std::string &name);
  int load(const std::string &plugin_name, const std::string &directory, ErasureCodePlugin **plugin,
           std::ostream *ss);
  int preload(const std::string &plugins, const std::string &directory, std::ostream *ss);
};

} // namespace ceph

#endif
