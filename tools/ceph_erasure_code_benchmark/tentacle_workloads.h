// SPDX-License-Identifier: LGPL-2.1-or-later
// The workloads of Tentacle's shard interface (Ceph 20.2): the calls the OSD's FastEC path makes per
// stripe on its own buffers. Only a tool built against that interface (CEPH_INTERFACE=tentacle, which
// defines EC_BENCH_TENTACLE) runs them; every build knows their names, to refuse them clearly.
#ifndef EC_BENCH_TENTACLE_WORKLOADS_H
#define EC_BENCH_TENTACLE_WORKLOADS_H

#include <ostream>
#include <string>

#include "erasure-code/ErasureCodeInterface.h"
#include "options.h"

namespace ec_bench {

// encode_chunks: k data -> m parity bufferptrs; encode_chunks_bare: the same buffers through power8's
// engine directly (the yardstick of encode_chunks); encode_delta: old ^ new of one data shard;
// apply_delta: one data shard's delta into all m parities; apply_delta_bare: the same through power8's
// engine directly.
inline bool is_tentacle_workload(const std::string &workload) {
  return workload == "encode_chunks" || workload == "encode_chunks_bare" || workload == "encode_delta" ||
         workload == "apply_delta" || workload == "apply_delta_bare";
}

#ifdef EC_BENCH_TENTACLE
// Runs opts.workload (one of the above) and prints Ceph's result line; 0, or non-zero after printing the
// reason (wrong bytes included) to stderr.
int run_tentacle_workload(const Options &opts, ceph::ErasureCodeInterfaceRef codec, std::ostream &out);
#endif

} // namespace ec_bench

#endif
