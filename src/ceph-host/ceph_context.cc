// SPDX-License-Identifier: LGPL-2.1-or-later
#include "ceph_context.h"

#include <rados/librados.h>

#include <cstring>

// libceph-common.so.2 exports the pointer as _ZN4ceph6global14g_ceph_contextE. Its pointee type is not
// part of the mangled name, so an opaque class is enough and Ceph's headers are not needed.
class CephContext;
namespace ceph::global {
extern CephContext *g_ceph_context;
}

namespace ec_bench {

CephContextHolder::~CephContextHolder() {
  if (!cluster_)
    return;
  ceph::global::g_ceph_context = nullptr;
  rados_shutdown(static_cast<rados_t>(cluster_));
}

int CephContextHolder::init(const std::vector<std::string> &ceph_args, std::string *error) {
  rados_t cluster = nullptr;
  // NULL id: client.admin, as any tool. Nothing is read from disk until rados_conf_read_file.
  int r = rados_create(&cluster, nullptr);
  if (r < 0) {
    *error = std::string("rados_create: ") + std::strerror(-r);
    return r;
  }
  cluster_ = cluster;

  if (!ceph_args.empty()) {
    // argv[0] is skipped by the parser, as for a main().
    std::vector<const char *> argv{"ceph-ec-power8-benchmark"};
    for (const auto &a : ceph_args)
      argv.push_back(a.c_str());
    std::vector<const char *> remainder(argv.size() + 1, nullptr);
    r = rados_conf_parse_argv_remainder(cluster, static_cast<int>(argv.size()), argv.data(),
                                        remainder.data());
    if (r < 0) {
      *error = std::string("invalid Ceph option: ") + std::strerror(-r);
      return r;
    }
    std::string unknown;
    for (size_t i = 1; i < remainder.size(); ++i)
      if (remainder[i])
        unknown += std::string(unknown.empty() ? "" : " ") + remainder[i];
    if (!unknown.empty()) {
      *error = "unrecognised option(s): " + unknown;
      return -EINVAL;
    }
  }

  ceph::global::g_ceph_context = static_cast<CephContext *>(rados_cct(cluster));
  return 0;
}

std::string CephContextHolder::get(const std::string &option) const {
  if (!cluster_)
    return {};
  char buf[4096];
  if (rados_conf_get(static_cast<rados_t>(cluster_), option.c_str(), buf, sizeof buf) < 0)
    return {};
  return buf;
}

} // namespace ec_bench
