// SPDX-License-Identifier: LGPL-2.1-or-later
// The Tentacle generation's half of the probe library (see ../CMakeLists.txt): InterfaceProbe overrides
// every virtual of our ceph::ErasureCodeInterface, deprecated overloads included, and adds none, so its
// exported vtable lists our declaration slot by slot, with the full signature of each function in its
// mangled name. The bodies are never called.
#include "erasure-code/ErasureCodeInterface.h"

namespace ec_abi_probe {

using ceph::bufferlist;
using ceph::bufferptr;

class InterfaceProbe final : public ceph::ErasureCodeInterface {
public:
  ~InterfaceProbe() override;
  int init(ceph::ErasureCodeProfile &, std::ostream *) override { return 0; }
  const ceph::ErasureCodeProfile &get_profile() const override { return profile_; }
  int create_rule(const std::string &, CrushWrapper &, std::ostream *) const override { return 0; }
  unsigned int get_chunk_count() const override { return 0; }
  unsigned int get_data_chunk_count() const override { return 0; }
  unsigned int get_coding_chunk_count() const override { return 0; }
  int get_sub_chunk_count() override { return 1; }
  unsigned int get_chunk_size(unsigned int) const override { return 0; }
  int minimum_to_decode(const shard_id_set &, const shard_id_set &, shard_id_set &,
                        shard_id_map<std::vector<std::pair<int, int>>> *) override {
    return 0;
  }
  int minimum_to_decode(const std::set<int> &, const std::set<int> &,
                        std::map<int, std::vector<std::pair<int, int>>> *) override {
    return 0;
  }
  int minimum_to_decode_with_cost(const shard_id_set &, const shard_id_map<int> &, shard_id_set *) override {
    return 0;
  }
  int minimum_to_decode_with_cost(const std::set<int> &, const std::map<int, int> &, std::set<int> *) override {
    return 0;
  }
  size_t get_minimum_granularity() override { return 1; }
  int encode(const shard_id_set &, const bufferlist &, shard_id_map<bufferlist> *) override { return 0; }
  int encode(const std::set<int> &, const bufferlist &, std::map<int, bufferlist> *) override { return 0; }
  int encode_chunks(const std::set<int> &, std::map<int, bufferlist> *) override { return 0; }
  int encode_chunks(const shard_id_map<bufferptr> &, shard_id_map<bufferptr> &) override { return 0; }
  void encode_delta(const bufferptr &, const bufferptr &, bufferptr *) override {}
  void apply_delta(const shard_id_map<bufferptr> &, shard_id_map<bufferptr> &) override {}
  int decode(const shard_id_set &, const shard_id_map<bufferlist> &, shard_id_map<bufferlist> *, int) override {
    return 0;
  }
  int decode(const std::set<int> &, const std::map<int, bufferlist> &, std::map<int, bufferlist> *, int) override {
    return 0;
  }
  int decode_chunks(const shard_id_set &, shard_id_map<bufferptr> &, shard_id_map<bufferptr> &) override { return 0; }
  int decode_chunks(const std::set<int> &, const std::map<int, bufferlist> &, std::map<int, bufferlist> *) override {
    return 0;
  }
  const std::vector<shard_id_t> &get_chunk_mapping() const override { return mapping_; }
  int decode_concat(const std::set<int> &, const std::map<int, bufferlist> &, bufferlist *) override { return 0; }
  int decode_concat(const std::map<int, bufferlist> &, bufferlist *) override { return 0; }
  plugin_flags get_supported_optimizations() const override { return 0; }
  std::string get_optimizations_flags_string() const override { return {}; }

private:
  ceph::ErasureCodeProfile profile_;
  std::vector<shard_id_t> mapping_;
};

// Out of line: the key function, so the vtable is emitted (and exported) here.
InterfaceProbe::~InterfaceProbe() = default;

} // namespace ec_abi_probe
