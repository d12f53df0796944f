// SPDX-License-Identifier: LGPL-2.1-or-later
// The codec of plugin=gfni_baseline: plugin=power8 in everything (profile keys, chunk sizes, Ceph's
// interface, buffers, decoding) except that encode computes the parity with tools/gfni_baseline's plain
// single-purpose AVX-512 GFNI loop. Timing it with ceph-ec-power8-benchmark next to plugin=power8
// compares the encode kernels through the same tool and the same per-call work: the yardstick of what a
// hand-written loop reaches (power8's goal: at least 0.8x of it). A benchmark aid: built in the build tree, never
// installed or packaged.
#ifndef GFNI_BASELINE_CODEC_H
#define GFNI_BASELINE_CODEC_H

#include <cstdint>
#include <vector>

#include "adapter_codec.h" // the adapter built: power8::AdapterCodec
#include "erasure-code/power8/common/ErasureCodePower8.h"

namespace gfni_baseline {

class GfniBaselineCodec final : public ec::power8::AdapterCodec {
public:
  // kernels: what decoding runs with (the benchmark's encode workload decodes once to check the parity).
  explicit GfniBaselineCodec(const ec::simd::Kernels &kernels) : ec::power8::AdapterCodec(kernels) {}

protected:
  int init_code(ceph::ErasureCodeProfile &profile, std::ostream *ss) override;
  int encode_prepared(unsigned len, const std::uint8_t *const *data, std::uint8_t *const *parity) override;

private:
  std::vector<std::uint64_t> matrices_; // the coding matrix's coefficients as GF2P8AFFINEQB operands
};

} // namespace gfni_baseline

#endif
