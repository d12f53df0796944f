// SPDX-License-Identifier: LGPL-2.1-or-later
// The CrushWrapper members an erasure-code plugin calls, declared as Ceph 20.2 exports them.
//
// Tentacle's profiles name how many failure domains a rule spans (crush-num-failure-domains) and how many
// OSDs it takes in each (crush-osds-per-failure-domain): add_simple_rule gained the first (-1 or 0: as
// many as the pool needs; the Pacific signature survives only as an inline wrapper, so the host exports
// just this one), and a rule with several OSDs per failure domain has a call of its own. The strings are
// taken by value: that is part of the mangled names the host exports. The class is only ever used by
// reference; its size and other members are Ceph's business.
#ifndef CEPH_EC_POWER8_CRUSH_WRAPPER_H
#define CEPH_EC_POWER8_CRUSH_WRAPPER_H

#include <ostream>
#include <string>
#include <utility>

class CrushWrapper {
public:
  CrushWrapper() = delete;
  int add_simple_rule(std::string name, std::string root_name, std::string failure_domain_name,
                      int num_failure_domains, std::string device_class, std::string mode, int rule_type,
                      std::ostream *err);
  int add_simple_rule(std::string name, std::string root_name, std::string failure_domain_name,
                      std::string device_class, std::string mode, int rule_type, std::ostream *err) {
    return add_simple_rule(std::move(name), std::move(root_name), std::move(failure_domain_name), -1,
                           std::move(device_class), std::move(mode), rule_type, err);
  }
  int add_indep_multi_osd_per_failure_domain_rule(std::string name, std::string root_name,
                                                  std::string failure_domain_type, int osds_per_failure_domain,
                                                  int num_failure_domains, std::string device_class,
                                                  std::ostream *err);
};

// pg_pool_t::TYPE_ERASURE, the rule type the stock plugins pass.
constexpr int CEPH_EC_RULE_TYPE_ERASURE = 3;

#endif
