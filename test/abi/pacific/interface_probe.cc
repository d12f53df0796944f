// SPDX-License-Identifier: LGPL-2.1-or-later
// The Pacific/Reef generation's half of the probe library (see ../CMakeLists.txt): InterfaceProbe
// overrides every virtual of our ceph::ErasureCodeInterface and adds none, so its exported vtable lists
// our declaration slot by slot, with the full signature of each function in its mangled name. The bodies
// are never called.
#include "erasure-code/ErasureCodeInterface.h"

namespace ec_abi_probe {

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
  int minimum_to_decode(const std::set<int> &, const std::set<int> &,
                        std::map<int, std::vector<std::pair<int, int>>> *) override {
    return 0;
  }
  int minimum_to_decode_with_cost(const std::set<int> &, const std::map<int, int> &, std::set<int> *) override {
    return 0;
  }
  int encode(const std::set<int> &, const ceph::bufferlist &, std::map<int, ceph::bufferlist> *) override {
    return 0;
  }
  int encode_chunks(const std::set<int> &, std::map<int, ceph::bufferlist> *) override { return 0; }
  int decode(const std::set<int> &, const std::map<int, ceph::bufferlist> &, std::map<int, ceph::bufferlist> *,
             int) override {
    return 0;
  }
  int decode_chunks(const std::set<int> &, const std::map<int, ceph::bufferlist> &,
                    std::map<int, ceph::bufferlist> *) override {
    return 0;
  }
  const std::vector<int> &get_chunk_mapping() const override { return mapping_; }
  int decode_concat(const std::map<int, ceph::bufferlist> &, ceph::bufferlist *) override { return 0; }

private:
  ceph::ErasureCodeProfile profile_;
  std::vector<int> mapping_;
};

// Out of line: the key function, so the vtable is emitted (and exported) here.
InterfaceProbe::~InterfaceProbe() = default;

} // namespace ec_abi_probe
