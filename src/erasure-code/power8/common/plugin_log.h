// SPDX-License-Identifier: LGPL-2.1-or-later
// The plugin's few log lines (which variant was picked, a forced variant that cannot run here, a call
// it must abort).
// They go to stderr, which ceph-osd and ceph-mon keep in their log when run in the foreground and
// ceph-erasure-code-tool prints; Ceph's own logger is reachable only through its private headers.
#ifndef EC_POWER8_PLUGIN_LOG_H
#define EC_POWER8_PLUGIN_LOG_H

#include <string>

namespace ec::power8 {

void log_line(const std::string &message);

// What Ceph's ceph_assert does, for a call whose interface has no error return and whose input it cannot
// code: the message logged, then abort(). The daemon stops (its signal handler logs the backtrace) instead
// of going on with chunks that no longer match their data.
[[noreturn]] void abort_with(const std::string &message);

} // namespace ec::power8

#endif
