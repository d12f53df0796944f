// SPDX-License-Identifier: LGPL-2.1-or-later
// The plugin's few log lines (which variant was picked, a forced variant that cannot run here).
// They go to stderr, which ceph-osd and ceph-mon keep in their log when run in the foreground and
// ceph-erasure-code-tool prints; Ceph's own logger is reachable only through its private headers.
#ifndef EC_POWER8_PLUGIN_LOG_H
#define EC_POWER8_PLUGIN_LOG_H

#include <string>

namespace ec::power8 {

void log_line(const std::string &message);

} // namespace ec::power8

#endif
