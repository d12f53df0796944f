// SPDX-License-Identifier: LGPL-2.1-or-later
#include "stripe.h"

#include <cstring>
#include <new>

namespace isal_compare {

Stripe::Stripe(unsigned k, unsigned m, std::size_t chunk, std::mt19937_64 &rng) : k_(k), m_(m), chunk_(chunk) {
  // One block, each buffer a whole number of cache lines after the previous one.
  const std::size_t stride = (chunk + 63) / 64 * 64, buffers = k + 2 * std::size_t{m} + 1;
  memory_.reset(static_cast<std::uint8_t *>(std::aligned_alloc(64, stride * buffers)));
  if (!memory_)
    throw std::bad_alloc();
  std::uint8_t *next = memory_.get();
  std::memset(next, 0, stride * buffers);
  for (unsigned id = 0; id < k + m; id++, next += stride)
    chunks_.push_back(next);
  for (unsigned r = 0; r < m; r++, next += stride)
    rebuilt_.push_back(next);
  delta_ = next;
  for (unsigned j = 0; j < k; j++)
    for (std::size_t i = 0; i < chunk; i++)
      chunks_[j][i] = static_cast<std::uint8_t>(rng());
  for (std::size_t i = 0; i < chunk; i++)
    delta_[i] = static_cast<std::uint8_t>(rng());
}

std::vector<std::vector<std::uint8_t>> Stripe::save_parity() const {
  std::vector<std::vector<std::uint8_t>> saved;
  for (unsigned r = 0; r < m_; r++)
    saved.emplace_back(parity()[r], parity()[r] + chunk_);
  return saved;
}

void Stripe::restore_parity(const std::vector<std::vector<std::uint8_t>> &saved) const {
  for (unsigned r = 0; r < m_; r++)
    std::memcpy(parity()[r], saved[r].data(), chunk_);
}

int Stripe::differing_parity(const std::vector<std::vector<std::uint8_t>> &saved) const {
  for (unsigned r = 0; r < m_; r++)
    if (std::memcmp(parity()[r], saved[r].data(), chunk_) != 0)
      return static_cast<int>(r);
  return -1;
}

} // namespace isal_compare
