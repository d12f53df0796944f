// SPDX-License-Identifier: LGPL-2.1-or-later
// plugin=power8 behind Tentacle's interface (Ceph 20.2): the shard_id_set / shard_id_map calls of the
// OSD's FastEC path on top of the std::set / std::map ones every generation has (ErasureCodePower8, which
// Tentacle keeps as deprecated overloads).
//
// encode_chunks, decode_chunks and apply_delta hand the caller's buffers straight to the engine: no
// allocation, no copy. The shard_id_map<bufferlist> calls (encode, decode, minimum_to_decode), which the
// OSD does not use per stripe, go through the std::map ones. Advertised optimizations and the minimum
// granularity are jerasure's of the same release, technique by technique, so the monitor and every OSD
// reach the same verdict on a pool whichever of the two plugins they compare.
#ifndef EC_POWER8_ERASURE_CODE_TENTACLE_H
#define EC_POWER8_ERASURE_CODE_TENTACLE_H

#include <cstdint>
#include <memory>
#include <vector>

#include "erasure-code/power8/common/ErasureCodePower8.h"

namespace ec::power8 {

class ErasureCodeTentacle final : public ErasureCodePower8 {
public:
  // A shard_id_t is one signed byte: Ceph 20.2 refuses k+m above this.
  static constexpr unsigned kMaxChunks = 127;
  // Tentacle's base class reads these rule keys too (0: not set), so jerasure's profiles have them.
  static constexpr const char *kNumFailureDomainsKey = "crush-num-failure-domains";
  static constexpr const char *kOsdsPerFailureDomainKey = "crush-osds-per-failure-domain";
  static ceph::ErasureCodeProfile added_rule_keys() {
    return {{kNumFailureDomainsKey, "0"}, {kOsdsPerFailureDomainKey, "0"}};
  }

  using ErasureCodePower8::ErasureCodePower8;
  // The std::set / std::map overloads stay visible next to the shard ones declared here.
  using ErasureCodePower8::decode;
  using ErasureCodePower8::decode_chunks;
  using ErasureCodePower8::decode_concat;
  using ErasureCodePower8::encode;
  using ErasureCodePower8::encode_chunks;
  using ErasureCodePower8::minimum_to_decode;
  using ErasureCodePower8::minimum_to_decode_with_cost;

  int init(ceph::ErasureCodeProfile &profile, std::ostream *ss) override;
  int create_rule(const std::string &name, CrushWrapper &crush, std::ostream *ss) const override;
  plugin_flags get_supported_optimizations() const override;
  size_t get_minimum_granularity() override { return codec().minimum_granularity(); }

  int minimum_to_decode(const shard_id_set &want_to_read, const shard_id_set &available, shard_id_set &minimum_set,
                        shard_id_map<std::vector<std::pair<int, int>>> *minimum_sub_chunks) override;
  int minimum_to_decode_with_cost(const shard_id_set &want_to_read, const shard_id_map<int> &available,
                                  shard_id_set *minimum) override;
  int encode(const shard_id_set &want_to_encode, const ceph::bufferlist &in,
             shard_id_map<ceph::bufferlist> *encoded) override;
  int encode_chunks(const shard_id_map<ceph::bufferptr> &in, shard_id_map<ceph::bufferptr> &out) override;
  void encode_delta(const ceph::bufferptr &old_data, const ceph::bufferptr &new_data, ceph::bufferptr *delta) override;
  void apply_delta(const shard_id_map<ceph::bufferptr> &in, shard_id_map<ceph::bufferptr> &out) override;
  int decode(const shard_id_set &want_to_read, const shard_id_map<ceph::bufferlist> &chunks,
             shard_id_map<ceph::bufferlist> *decoded, int chunk_size) override;
  int decode_chunks(const shard_id_set &want_to_read, shard_id_map<ceph::bufferptr> &in,
                    shard_id_map<ceph::bufferptr> &out) override;
  int decode_concat(const std::set<int> &want_to_read, const std::map<int, ceph::bufferlist> &chunks,
                    ceph::bufferlist *decoded) override;

private:
  // Tentacle's rule keys crush-num-failure-domains and crush-osds-per-failure-domain (0: not set).
  int num_failure_domains_ = 0;
  int osds_per_failure_domain_ = 0;
};

} // namespace ec::power8

#endif
