// SPDX-License-Identifier: LGPL-2.1-or-later
// The tests of Ceph's TestErasureCodeJerasure.cc that a plugin cannot pass, each with its reason and a check
// that the reason still holds, run before the tests: if it no longer does, the run fails (the test must
// then be run, and the rule removed). Most reasons are "the plugin refuses this profile", checked by making
// a codec from the test's profile; one is a difference in what power8's decode() hands back, checked by a
// decode.
#ifndef EC_JERASURE_SUITE_EXCLUSIONS_H
#define EC_JERASURE_SUITE_EXCLUSIONS_H

#include <functional>
#include <string>
#include <vector>

namespace ec_jerasure_suite {

struct Exclusion {
  std::string type;   // the file's class (googletest's type parameter)
  std::string test;   // the typed test, or "*" for all of the class's tests
  std::string reason; // why the plugin cannot pass it
  // Checks the reason with the configured plugin (plugin_codec.h): true if it holds; `observed` gets what
  // the plugin said or did.
  std::function<bool(std::string *observed)> holds;
};

// The rules for `plugin` ("power8" or "jerasure"); fails (empty, `error` set) for another plugin.
std::vector<Exclusion> exclusions_for(const std::string &plugin, std::string *error);

// googletest's full names of the registered tests `rule` covers.
std::vector<std::string> covered_tests(const Exclusion &rule);

} // namespace ec_jerasure_suite

#endif
