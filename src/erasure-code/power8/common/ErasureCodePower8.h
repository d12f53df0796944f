// SPDX-License-Identifier: LGPL-2.1-or-later
// plugin=power8 behind the std::set / std::map calls of Ceph's interface: the engine (codec::Codec) fed
// from Ceph's maps of bufferlists. Every interface generation has these calls: they are the whole of
// Pacific's and Reef's (pacific/ uses this class as it is) and Tentacle keeps them as deprecated overloads
// its legacy EC path still calls (tentacle/ adds the shard calls). Everything about codes -- keys,
// defaults, chunk sizes, coding, decode plans -- is the codec's; this class only finds the chunk buffers
// and allocates the missing ones.
#ifndef EC_POWER8_ERASURE_CODE_POWER8_H
#define EC_POWER8_ERASURE_CODE_POWER8_H

#include <memory>

#include "codec/codec.h"
#include "erasure-code/power8/common/ErasureCodeBase.h"
#include "simd/kernels.h"

namespace ec::power8 {

// Not final: tentacle/'s ErasureCodeTentacle adds Tentacle's shard calls to it.
class ErasureCodePower8 : public ErasureCodeBase {
public:
  // decode_cache: where decode plans are kept, shared with the plugin's other codecs (the plugin passes
  // its own); a codec built outside a plugin (tests, tools) gets one of its own by default, and null
  // builds every decode plan afresh.
  explicit ErasureCodePower8(const simd::Kernels &kernels,
                             std::shared_ptr<codec::DecodeCache> decode_cache =
                                 std::make_shared<codec::DecodeCache>(codec::DecodeCache::kDefaultMaxBytes))
      : codec_(kernels, std::move(decode_cache)) {}

  // final: the codec's answers, and calls inside the plugin (once per stripe) need no virtual dispatch.
  unsigned int get_chunk_count() const final { return codec_.k() + codec_.m(); }
  unsigned int get_data_chunk_count() const final { return codec_.k(); }
  unsigned int get_coding_chunk_count() const final { return codec_.m(); }
  unsigned int get_chunk_size(unsigned int stripe_width) const override;
  int encode_chunks(const std::set<int> &want_to_encode, std::map<int, ceph::bufferlist> *encoded) override;
  int decode_chunks(const std::set<int> &want_to_read, const std::map<int, ceph::bufferlist> &chunks,
                    std::map<int, ceph::bufferlist> *decoded) override;

  const codec::Codec &codec() const { return codec_; }
  const codec::CodeParameters &parameters() const { return codec_.parameters(); }
  const codec::DecodeCache *decode_cache() const { return codec_.decode_cache(); }

protected:
  int init_code(ceph::ErasureCodeProfile &profile, std::ostream *ss) override;
  int encode_prepared(unsigned len, const std::uint8_t *const *data, std::uint8_t *const *parity) final;

private:
  codec::Codec codec_;
};

} // namespace ec::power8

#endif
