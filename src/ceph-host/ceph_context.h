// SPDX-License-Identifier: LGPL-2.1-or-later
// A real CephContext for the stock plugins, without a cluster or a ceph.conf.
//
// jerasure, isa, lrc... log through ceph::global::g_ceph_context inside factory(); a null context crashes
// them. librados's C API builds a context (defaults, CEPH_ARGS, command-line config options) without
// connecting anywhere, and we publish it as g_ceph_context.
#ifndef EC_BENCH_CEPH_CONTEXT_H
#define EC_BENCH_CEPH_CONTEXT_H

#include <string>
#include <vector>

namespace ec_bench {

class CephContextHolder {
public:
  CephContextHolder() = default;
  ~CephContextHolder(); // clears g_ceph_context, then shuts the handle down
  CephContextHolder(const CephContextHolder &) = delete;
  CephContextHolder &operator=(const CephContextHolder &) = delete;

  // Creates the context and applies `ceph_args` (Ceph config options such as --debug-osd 20 or
  // --erasure-code-dir X). Returns 0 or a negative errno; `error` says what went wrong, including
  // arguments that are not Ceph options.
  int init(const std::vector<std::string> &ceph_args, std::string *error);

  // Value of a Ceph config option ("" if unknown).
  std::string get(const std::string &option) const;

private:
  void *cluster_ = nullptr; // rados_t
};

} // namespace ec_bench

#endif
