// SPDX-License-Identifier: LGPL-2.1-or-later
// The profile's CRUSH keys (crush-root, crush-failure-domain, crush-device-class) and the rule Ceph's
// ErasureCode base class would make from them, for a pool of a given number of chunks: what both
// adapters' create_rule() does.
#ifndef EC_POWER8_CRUSH_RULE_H
#define EC_POWER8_CRUSH_RULE_H

#include <ostream>
#include <string>

#include "codec/profile_keys.h"

class CrushWrapper;

namespace ec::power8 {

class CrushRuleKeys {
public:
  // CRUSH rules made by add_simple_rule accept pools of at most this many chunks (see create()).
  static constexpr unsigned kSimpleRuleMaxSize = 20;

  // Reads the keys, writing their defaults (default, host, empty) back into profile. Never fails.
  void read(codec::Profile &profile);
  // Adds the rule `name` for pools of chunk_count chunks; its id, or a negative errno with *ss set.
  int create(const std::string &name, unsigned chunk_count, CrushWrapper &crush, std::ostream *ss) const;
  // 0 if a rule made by add_simple_rule can place chunk_count chunks, else -EINVAL with *ss set.
  static int check_size(unsigned chunk_count, std::ostream *ss);

  const std::string &root() const { return root_; }
  const std::string &failure_domain() const { return failure_domain_; }
  const std::string &device_class() const { return device_class_; }

private:
  std::string root_;
  std::string failure_domain_;
  std::string device_class_;
};

} // namespace ec::power8

#endif
