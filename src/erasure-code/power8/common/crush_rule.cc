// SPDX-License-Identifier: LGPL-2.1-or-later
#include "erasure-code/power8/common/crush_rule.h"

#include <cerrno>

#include "crush/CrushWrapper.h"

namespace ec::power8 {

void CrushRuleKeys::read(codec::Profile &profile) {
  codec::read_string(profile, "crush-root", "default", &root_);
  codec::read_string(profile, "crush-failure-domain", "host", &failure_domain_);
  codec::read_string(profile, "crush-device-class", "", &device_class_);
}

int CrushRuleKeys::check_size(unsigned chunk_count, std::ostream *ss) {
  // add_simple_rule makes rules for pools of 3..20 chunks; Ceph's own base class then widens max_size
  // through an inline CrushWrapper accessor no plugin can reach without Ceph's headers, and the monitor
  // refuses a pool larger than its rule. Say so instead of making a rule the pool cannot use.
  if (chunk_count > kSimpleRuleMaxSize) {
    *ss << "k+m=" << chunk_count << " is more chunks than the " << kSimpleRuleMaxSize
        << " a rule made by the plugin can place; create an erasure rule with max_size >= " << chunk_count
        << " (crushtool) and name it when creating the pool" << std::endl;
    return -EINVAL;
  }
  return 0;
}

int CrushRuleKeys::create(const std::string &name, unsigned chunk_count, CrushWrapper &crush,
                          std::ostream *ss) const {
  if (int r = check_size(chunk_count, ss))
    return r;
  return crush.add_simple_rule(name, root_, failure_domain_, device_class_, "indep", CEPH_EC_RULE_TYPE_ERASURE, ss);
}

} // namespace ec::power8
