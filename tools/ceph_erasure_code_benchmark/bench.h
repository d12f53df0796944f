// SPDX-License-Identifier: LGPL-2.1-or-later
// The two timed workloads. Both print Ceph's result line, "<seconds>\t<KB>", where KB is
// iterations * (size / 1024) as Ceph's tool computes it (also for exhaustive decodes, which run many
// decodes per iteration: the figure is only comparable between runs of the same mode).
#ifndef EC_BENCH_BENCH_H
#define EC_BENCH_BENCH_H

#include <ostream>

#include "erasure-code/ErasureCodeInterface.h"
#include "options.h"

namespace ec_bench {

// Each returns 0, or a negative errno / -1 after printing the reason to stderr.
int run_encode(const Options &opts, ceph::ErasureCodeInterfaceRef codec, std::ostream &out);
int run_decode(const Options &opts, ceph::ErasureCodeInterfaceRef codec, std::ostream &out);

} // namespace ec_bench

#endif
