// SPDX-License-Identifier: LGPL-2.1-or-later
// The two timed workloads. Both print Ceph's result line, "<seconds>\t<KB>", where KB is
// iterations * (size / 1024) as Ceph's tool computes it (also for exhaustive decodes, which run many
// decodes per iteration: the figure is only comparable between runs of the same mode).
#ifndef EC_BENCH_BENCH_H
#define EC_BENCH_BENCH_H

#include <chrono>
#include <ostream>

#include "erasure-code/ErasureCodeInterface.h"
#include "options.h"

namespace ec_bench {

// `size` bytes of pseudo-random input (fixed seed), 32-byte aligned: every workload codes the same bytes.
ceph::bufferlist make_input(int size);
// Ceph's result line for opts.iterations calls of bytes_per_call bytes each (KB = iterations * (bytes /
// 1024)): the object size for encode and decode, one chunk for the delta workloads.
void print_result(std::ostream &out, std::chrono::steady_clock::duration elapsed, const Options &opts,
                  long long bytes_per_call);
// The codec has the k data chunks and (at least) the m coding chunks of the profile (Ceph's check and
// message); fills *k and *m from the profile. 0 or -EINVAL.
int check_geometry(const Options &opts, const ceph::ErasureCodeInterfaceRef &codec, int *k, int *m);

// Each returns 0, or a negative errno / -1 after printing the reason to stderr.
int run_encode(const Options &opts, ceph::ErasureCodeInterfaceRef codec, std::ostream &out);
int run_decode(const Options &opts, ceph::ErasureCodeInterfaceRef codec, std::ostream &out);

} // namespace ec_bench

#endif
