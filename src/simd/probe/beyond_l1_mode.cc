// SPDX-License-Identifier: LGPL-2.1-or-later
#include "simd/probe/beyond_l1_mode.h"

#include <cstdlib>
#include <cstring>

namespace ec::simd {

BeyondL1 beyond_l1_mode(const char *value, std::string *complaint) {
  if (!value || !*value || std::strcmp(value, "measure") == 0)
    return BeyondL1::measure;
  if (std::strcmp(value, "narrow") == 0)
    return BeyondL1::narrow;
  if (std::strcmp(value, "wide") == 0)
    return BeyondL1::wide;
  *complaint = std::string(kBeyondL1Variable) + "=" + value + " is not one of measure, narrow, wide; measuring";
  return BeyondL1::measure;
}

std::vector<std::string> tune_beyond_l1_from_environment(const Kernels &kernels) {
  std::vector<std::string> lines;
  if (!kernels.tune_beyond_l1)
    return lines;
  std::string complaint;
  const BeyondL1 mode = beyond_l1_mode(std::getenv(kBeyondL1Variable), &complaint);
  if (!complaint.empty())
    lines.push_back(complaint);
  char report[256] = "";
  kernels.tune_beyond_l1(mode, report, sizeof report);
  lines.push_back(std::string("variant ") + kernels.name + ": " + report);
  return lines;
}

} // namespace ec::simd
