// SPDX-License-Identifier: LGPL-2.1-or-later
#include "isal_decoder.h"

#include <isa-l/erasure_code.h>

#include <utility>

namespace isal_compare {

IsalDecoder::IsalDecoder(unsigned k, unsigned m, std::vector<std::uint8_t> generator)
    : k_(k), m_(m), generator_(std::move(generator)) {}

bool IsalDecoder::make_plan(std::uint64_t lost_mask, Plan *plan) const {
  const unsigned n = k_ + m_;
  std::vector<std::uint8_t> survivors_rows, inverse(std::size_t{k_} * k_);
  for (unsigned id = 0; id < n && plan->survivors.size() < k_; id++)
    if (!(lost_mask >> id & 1)) {
      plan->survivors.push_back(id);
      survivors_rows.insert(survivors_rows.end(), generator_.begin() + id * k_, generator_.begin() + (id + 1) * k_);
    }
  if (plan->survivors.size() < k_ || gf_invert_matrix(survivors_rows.data(), inverse.data(), static_cast<int>(k_)))
    return false;
  // A lost data chunk's row is the inverse's row; a lost parity's is its generator row times the inverse.
  std::vector<std::uint8_t> rows;
  for (unsigned id = 0; id < n; id++) {
    if (!(lost_mask >> id & 1))
      continue;
    plan->lost++;
    for (unsigned c = 0; c < k_; c++) {
      if (id < k_) {
        rows.push_back(inverse[std::size_t{id} * k_ + c]);
        continue;
      }
      std::uint8_t sum = 0;
      for (unsigned t = 0; t < k_; t++)
        sum ^= gf_mul(generator_[std::size_t{id} * k_ + t], inverse[std::size_t{t} * k_ + c]);
      rows.push_back(sum);
    }
  }
  plan->tables.resize(std::size_t{k_} * plan->lost * 32);
  ec_init_tables(static_cast<int>(k_), static_cast<int>(plan->lost), rows.data(), plan->tables.data());
  return true;
}

bool IsalDecoder::decode(std::size_t len, std::uint8_t *const *chunks, std::uint8_t *const *rebuilt) {
  std::uint64_t lost_mask = 0;
  for (unsigned id = 0; id < k_ + m_; id++)
    if (!chunks[id])
      lost_mask |= std::uint64_t{1} << id;
  auto found = plans_.find(lost_mask);
  if (found == plans_.end()) {
    Plan plan;
    if (!make_plan(lost_mask, &plan))
      return false;
    found = plans_.emplace(lost_mask, std::move(plan)).first;
  }
  const Plan &plan = found->second;
  unsigned char *sources[64];
  for (unsigned j = 0; j < k_; j++)
    sources[j] = chunks[plan.survivors[j]];
  ec_encode_data(static_cast<int>(len), static_cast<int>(k_), static_cast<int>(plan.lost),
                 const_cast<unsigned char *>(plan.tables.data()), sources, const_cast<unsigned char **>(rebuilt));
  return true;
}

} // namespace isal_compare
