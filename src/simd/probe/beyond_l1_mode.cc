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

BeyondL1 beyond_l1_mode_from_environment(std::string *complaint) {
  return beyond_l1_mode(std::getenv(kBeyondL1Variable), complaint);
}

} // namespace ec::simd
