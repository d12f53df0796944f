// SPDX-License-Identifier: LGPL-2.1-or-later
// The power8 codec: jerasure's w=8 techniques (reed_sol_van, reed_sol_r6_op, cauchy_orig, cauchy_good)
// with jerasure's profile keys, defaults and chunk sizes, computed with one variant's SIMD kernels.
// Chunks are byte-identical to plugin=jerasure's for every profile both accept, whatever the variant.
#ifndef EC_POWER8_ERASURE_CODE_POWER8_H
#define EC_POWER8_ERASURE_CODE_POWER8_H

#include <memory>

#include "erasure-code/power8/ErasureCodeBase.h"
#include "erasure-code/power8/chunk_coder.h"
#include "erasure-code/power8/decode_cache.h"
#include "erasure-code/power8/technique.h"
#include "simd/kernels.h"

namespace ec::power8 {

// Not final: tools/gfni_baseline_plugin replaces encode_prepared to time another encode loop behind the
// same interface.
class ErasureCodePower8 : public ErasureCodeBase {
public:
  // decode_cache: where decode plans are kept, shared with the plugin's other codecs (the plugin passes
  // its own); a codec built outside a plugin (tests, tools) gets one of its own by default, and null
  // builds every decode plan afresh.
  explicit ErasureCodePower8(const simd::Kernels &kernels,
                             std::shared_ptr<DecodeCache> decode_cache =
                                 std::make_shared<DecodeCache>(DecodeCache::kDefaultMaxBytes))
      : kernels_(kernels), decode_cache_(std::move(decode_cache)) {}

  unsigned int get_chunk_count() const override { return params_.k + params_.m; }
  unsigned int get_data_chunk_count() const override { return params_.k; }
  unsigned int get_coding_chunk_count() const override { return params_.m; }
  unsigned int get_chunk_size(unsigned int stripe_width) const override;
  int encode_chunks(const std::set<int> &want_to_encode, std::map<int, ceph::bufferlist> *encoded) override;
  int decode_chunks(const std::set<int> &want_to_read, const std::map<int, ceph::bufferlist> &chunks,
                    std::map<int, ceph::bufferlist> *decoded) override;

  const CodeParameters &parameters() const { return params_; }
  const DecodeCache *decode_cache() const { return decode_cache_.get(); }

protected:
  int parse_code(ceph::ErasureCodeProfile &profile, std::ostream *ss) override;
  int prepare_code(std::ostream *ss) override;
  int encode_prepared(unsigned len, const std::uint8_t *const *data, std::uint8_t *const *parity) override;

private:
  // The plan reading survivors[0..k) and rebuilding wanted[0..nwanted): from the cache, or built and cached.
  std::shared_ptr<const DecodePlan> decode_plan(const unsigned *survivors, const unsigned *wanted, unsigned nwanted);
  unsigned coder_packetsize() const { return is_bitmatrix(params_.technique) ? params_.packetsize : 0; }

  const simd::Kernels &kernels_;
  CodeParameters params_;
  gf::Matrix coding_;
  ChunkCoderPtr encoder_;
  std::shared_ptr<DecodeCache> decode_cache_;
  std::uint32_t code_id_ = 0; // this codec's code in decode_cache_
};

} // namespace ec::power8

#endif
