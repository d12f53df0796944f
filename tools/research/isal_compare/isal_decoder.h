// SPDX-License-Identifier: LGPL-2.1-or-later
// ISA-L's decode the way Ceph's isa plugin drives it: invert the survivors' rows of the generator
// (gf_invert_matrix), derive each lost chunk's row, table them (ec_init_tables) and apply them with
// ec_encode_data; the tables are cached per erasure pattern, so repeated patterns only pay the lookup.
#ifndef ISAL_COMPARE_ISAL_DECODER_H
#define ISAL_COMPARE_ISAL_DECODER_H

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace isal_compare {

class IsalDecoder {
public:
  // generator: (k+m) x k, row-major, identity on top (gf_gen_rs_matrix's output).
  IsalDecoder(unsigned k, unsigned m, std::vector<std::uint8_t> generator);

  // chunks: k+m pointers by id, nullptr = lost (at most m). rebuilt: one buffer per lost id, in increasing
  // id order. Reads the first k surviving ids. false if the survivors' matrix is singular.
  bool decode(std::size_t len, std::uint8_t *const *chunks, std::uint8_t *const *rebuilt);

private:
  struct Plan {
    std::vector<std::uint8_t> tables;
    std::vector<unsigned> survivors;
    unsigned lost = 0;
  };
  bool make_plan(std::uint64_t lost_mask, Plan *plan) const;

  unsigned k_, m_;
  std::vector<std::uint8_t> generator_;
  std::unordered_map<std::uint64_t, Plan> plans_; // by the bit mask of lost ids
};

} // namespace isal_compare

#endif
