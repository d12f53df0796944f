// SPDX-License-Identifier: LGPL-2.1-or-later
#include "erasure-code/power8/common/plugin_log.h"

#include <cstdio>
#include <cstdlib>

namespace ec::power8 {

void log_line(const std::string &message) {
  // One fputs per line so that lines from several threads do not interleave.
  const std::string line = "ceph-ec-power8: " + message + "\n";
  std::fputs(line.c_str(), stderr);
}

void abort_with(const std::string &message) {
  log_line(message + ": aborting");
  std::abort();
}

} // namespace ec::power8
