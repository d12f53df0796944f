// SPDX-License-Identifier: LGPL-2.1-or-later
// Opening the variant libraries of the loader (libec_power8.so): which of the variants this CPU can run
// are installed, which of those load, and why the others do not.
#ifndef EC_POWER8_VARIANT_LOADER_H
#define EC_POWER8_VARIANT_LOADER_H

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "erasure-code/ErasureCodePlugin.h"

namespace ec::power8 {

struct LoadedVariant {
  std::string name;
  std::unique_ptr<ceph::ErasureCodePlugin> plugin; // from the library's variant entry point
};

struct FailedVariant {
  std::string name;
  int error; // negative errno
  std::string cause;
};

struct VariantLoads {
  std::vector<LoadedVariant> loaded;      // in the order asked for (best first)
  std::vector<FailedVariant> failed;      // installed (or not checkable) but unusable
  std::vector<std::string> not_installed; // no library file
};

// Loads <directory>/libec_<plugin_name>_<variant>.so for each of variants; unload_variants() lets go of
// them again.
// Errors: -EIO (dlopen failed: missing file it needs, undefined symbol, not a library), -EXDEV (built for
// another Ceph version), -ELIBBAD (no variant entry point: from another release of this plugin), or the
// errno of access() when the file cannot even be looked at.
VariantLoads load_variants(const std::string &plugin_name, const std::string &directory,
                           const std::vector<std::string> &variants, std::size_t decode_cache_bytes);

// Deletes the loaded variants' plugins and closes their libraries, unless the host's registry keeps
// plugin libraries mapped (disable_dlclose: codecs may outlive their plugin), as it does its own.
void unload_variants(VariantLoads *loads);

} // namespace ec::power8

#endif
