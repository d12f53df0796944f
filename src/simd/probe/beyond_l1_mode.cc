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

MovesBeyondL1 moves_beyond_l1_mode(const char *value, std::string *complaint) {
  if (!value || !*value || std::strcmp(value, "vendor") == 0)
    return MovesBeyondL1::by_vendor;
  if (std::strcmp(value, "full") == 0)
    return MovesBeyondL1::full;
  if (std::strcmp(value, "half") == 0)
    return MovesBeyondL1::half;
  *complaint = std::string(kMovesBeyondL1Variable) + "=" + value + " is not one of vendor, full, half; by vendor";
  return MovesBeyondL1::by_vendor;
}

std::vector<std::string> tune_beyond_l1_from_environment(const Kernels &kernels) {
  std::vector<std::string> lines;
  char report[256] = "";
  std::string complaint;
  if (kernels.tune_beyond_l1) {
    const BeyondL1 mode = beyond_l1_mode(std::getenv(kBeyondL1Variable), &complaint);
    if (!complaint.empty())
      lines.push_back(complaint);
    kernels.tune_beyond_l1(mode, report, sizeof report);
    lines.push_back(std::string("variant ") + kernels.name + ": " + report);
  }
  if (kernels.set_moves_beyond_l1) {
    complaint.clear();
    const MovesBeyondL1 moves = moves_beyond_l1_mode(std::getenv(kMovesBeyondL1Variable), &complaint);
    if (!complaint.empty())
      lines.push_back(complaint);
    kernels.set_moves_beyond_l1(moves, report, sizeof report);
    lines.push_back(std::string("variant ") + kernels.name + ": " + report);
  }
  return lines;
}

} // namespace ec::simd
