// SPDX-License-Identifier: LGPL-2.1-or-later
// Which of Ceph's conformance profiles (the parameters of TestErasureCodePlugins.cc) run as plugin=power8,
// and as what. A profile there is a string of space-separated key=value pairs, which the suite's fixture
// splits into an ErasureCodeProfile.
#ifndef EC_CONFORMANCE_PROFILE_MAP_H
#define EC_CONFORMANCE_PROFILE_MAP_H

#include <string>
#include <vector>

namespace ec_conformance {

// One of the suite's profiles and what power8 runs in its place.
struct Row {
  std::string ceph;   // the suite's profile, as written in Ceph's file
  std::string power8; // the same keys with plugin=power8 (and power8-code=isa for isa's); "" if not run
  std::string why;    // why it is not run as power8 ("" if it is)
};

// The table for every profile of the suite, in the suite's order. With `isa_rows` false, isa's profiles
// are listed as not run (power8-code=isa not enabled in this build).
std::vector<Row> map_profiles(const std::vector<std::string> &ceph_profiles, bool isa_rows);

// The power8 profiles of `rows`, as the suite's parameter type: pointers into `rows`, which must outlive
// the tests.
std::vector<const char *> power8_params(const std::vector<Row> &rows);

// The table for the suite's own parameter list, built once (ceph_suite.cc, next to the suite).
const std::vector<Row> &suite_rows();

} // namespace ec_conformance

#endif
