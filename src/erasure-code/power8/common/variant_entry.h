// SPDX-License-Identifier: LGPL-2.1-or-later
// The entry point through which the loader (libec_power8.so) reaches a variant library
// (libec_power8_<variant>.so): the loader dlopen()s the library and calls this function, instead of
// having Ceph's registry load it by name (which a profile could then name too; see
// ErasureCodePluginVariantNamed). The version in the name changes whenever its contract does, so a
// variant library left over from another release of this plugin fails to load with a clear message.
#ifndef EC_POWER8_VARIANT_ENTRY_H
#define EC_POWER8_VARIANT_ENTRY_H

#include <cstddef>

#include "erasure-code/ErasureCodePlugin.h"

#define EC_POWER8_VARIANT_ENTRY "ec_power8_variant_plugin_v1"

namespace ec::power8 {
// The profile key that forces a variant on the hosts that can run it (read by the loader, named by the
// variant libraries' refusal of plugin=power8_<variant>).
constexpr const char *kVariantKey = "power8-variant";
} // namespace ec::power8

extern "C" {
// A new plugin that makes codecs with the library's kernels, whose codecs share one decode cache bounded
// by decode_cache_bytes; the caller owns it. Null if out of memory.
using ec_power8_variant_plugin_fn = ceph::ErasureCodePlugin *(*)(std::size_t decode_cache_bytes);
ceph::ErasureCodePlugin *ec_power8_variant_plugin_v1(std::size_t decode_cache_bytes);
}

#endif
