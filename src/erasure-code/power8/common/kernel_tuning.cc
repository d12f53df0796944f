// SPDX-License-Identifier: LGPL-2.1-or-later
#include "erasure-code/power8/common/kernel_tuning.h"

#include <string>

#include "erasure-code/power8/common/plugin_log.h"
#include "simd/probe/beyond_l1_mode.h"

namespace ec::power8 {

void tune_kernels(const simd::Kernels &kernels) {
  if (!kernels.tune_beyond_l1)
    return;
  std::string complaint;
  const simd::BeyondL1 mode = simd::beyond_l1_mode_from_environment(&complaint);
  if (!complaint.empty())
    log_line(complaint);
  char report[256] = "";
  kernels.tune_beyond_l1(mode, report, sizeof report);
  log_line(std::string("variant ") + kernels.name + ": " + report);
}

} // namespace ec::power8
