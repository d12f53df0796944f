// SPDX-License-Identifier: LGPL-2.1-or-later
// How the operator sets simd::BeyondL1 and simd::MovesBeyondL1 for a process: the environment variables
// below, read once, where a variant library loads and settles its table (and by the tools that time the
// kernels, so that they time what the plugin runs).
#ifndef EC_SIMD_PROBE_BEYOND_L1_MODE_H
#define EC_SIMD_PROBE_BEYOND_L1_MODE_H

#include <string>
#include <vector>

#include "simd/kernels.h"

namespace ec::simd {

// measure (the default), narrow or wide.
constexpr const char *kBeyondL1Variable = "CEPH_EC_POWER8_BEYOND_L1";

// vendor (the default), full or half.
constexpr const char *kMovesBeyondL1Variable = "CEPH_EC_POWER8_MOVES_BEYOND_L1";

// The mode a value of kBeyondL1Variable asks for (null or empty: measure); for any other value, measure,
// with *complaint naming the variable and what it accepts.
BeyondL1 beyond_l1_mode(const char *value, std::string *complaint);
// The same for kMovesBeyondL1Variable (null, empty or anything else: by_vendor).
MovesBeyondL1 moves_beyond_l1_mode(const char *value, std::string *complaint);
// The table of kernels' variant with its choices made as the environment says (kernels itself where the
// variant has none), and into *lines what to log: for each choice the variant has, a complaint about its
// variable, if any, then "variant <name>: <what it chose and why>".
Kernels settle_from_environment(const Kernels &kernels, std::vector<std::string> *lines);

} // namespace ec::simd

#endif
