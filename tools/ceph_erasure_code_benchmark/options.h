// SPDX-License-Identifier: LGPL-2.1-or-later
// Command line of ceph_erasure_code_benchmark, option for option as Ceph's tool of the same name
// (src/test/erasure-code/ceph_erasure_code_benchmark.cc), so qa/workunits/erasure-code/bench.sh can drive
// it unchanged. Options it does not know are Ceph config options (e.g. --erasure-code-dir, --debug-osd),
// handed to the CephContext as Ceph's global_init would.
#ifndef EC_BENCH_OPTIONS_H
#define EC_BENCH_OPTIONS_H

#include <ostream>
#include <string>
#include <vector>

#include "erasure-code/ErasureCodeInterface.h"

namespace ec_bench {

struct Options {
  int size = 1024 * 1024;           // --size/-s: bytes given to each encode()
  int iterations = 1;               // --iterations/-i
  std::string plugin = "jerasure";  // --plugin/-p
  std::string workload = "encode";  // --workload/-w: encode | decode | Tentacle's (tentacle_workloads.h)
  int erasures = 1;                 // --erasures/-e: chunks lost per decode
  std::vector<int> erased;          // --erased (repeatable): a fixed set of lost chunks
  bool exhaustive = false;          // --erasures-generation/-E exhaustive (else random)
  ceph::ErasureCodeProfile profile; // --parameter/-P k=v (repeatable)
  std::string directory;            // --erasure-code-dir/-d ("" = Ceph's erasure_code_dir default)
  bool verbose = false;             // --verbose/-v
  bool help = false;                // --help/-h
  std::vector<std::string> ceph_args; // anything else: Ceph config options
};

// Fills `opts` from argv. Returns false (with `error`) on a malformed value or unknown workload.
bool parse_options(int argc, char **argv, Options *opts, std::string *error);

void print_usage(std::ostream &out);

} // namespace ec_bench

#endif
