// SPDX-License-Identifier: LGPL-2.1-or-later
// The one CrushWrapper member an erasure-code plugin calls, declared as Ceph 16.2 exports it.
//
// The five strings are taken by value: that is part of the mangled name the host exports
// (_ZN12CrushWrapper15add_simple_ruleENSt7__cxx1112basic_string...S5_S5_S5_S5_iPSo). Declaring them as
// const references would name a symbol no host has, and dlopen(RTLD_NOW) would fail.
// The class is only ever used by reference; its size and other members are Ceph's business.
#ifndef CEPH_EC_POWER8_CRUSH_WRAPPER_H
#define CEPH_EC_POWER8_CRUSH_WRAPPER_H

#include <ostream>
#include <string>

class CrushWrapper {
public:
  CrushWrapper() = delete;
  int add_simple_rule(std::string name, std::string root_name, std::string failure_domain_name,
                      std::string device_class, std::string mode, int rule_type, std::ostream *err);
};

// pg_pool_t::TYPE_ERASURE, the rule type the stock plugins pass.
constexpr int CEPH_EC_RULE_TYPE_ERASURE = 3;

#endif
