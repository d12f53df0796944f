// SPDX-License-Identifier: LGPL-2.1-or-later
// The buffers every call of one k+m and chunk size works on, power8's and ISA-L's alike: k data chunks,
// m parities, a delta and m rebuild buffers, each 64-byte aligned, data and delta random.
#ifndef ISAL_COMPARE_STRIPE_H
#define ISAL_COMPARE_STRIPE_H

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <random>
#include <vector>

namespace isal_compare {

class Stripe {
public:
  Stripe(unsigned k, unsigned m, std::size_t chunk, std::mt19937_64 &rng);

  unsigned k() const { return k_; }
  unsigned m() const { return m_; }
  std::size_t chunk() const { return chunk_; }
  // Chunks by logical id: data 0..k-1, then parity.
  std::uint8_t *const *chunks() const { return chunks_.data(); }
  std::uint8_t *const *data() const { return chunks_.data(); }
  std::uint8_t *const *parity() const { return chunks_.data() + k_; }
  std::uint8_t *delta() const { return delta_; }
  std::uint8_t *const *rebuilt() const { return rebuilt_.data(); }

  // Copies of the parities, to compare with after another contestant wrote them.
  std::vector<std::vector<std::uint8_t>> save_parity() const;
  void restore_parity(const std::vector<std::vector<std::uint8_t>> &saved) const;
  // The first parity that differs from `saved`, or -1.
  int differing_parity(const std::vector<std::vector<std::uint8_t>> &saved) const;

private:
  struct Free {
    void operator()(std::uint8_t *p) const { std::free(p); }
  };
  unsigned k_, m_;
  std::size_t chunk_;
  std::unique_ptr<std::uint8_t, Free> memory_;
  std::vector<std::uint8_t *> chunks_, rebuilt_;
  std::uint8_t *delta_;
};

} // namespace isal_compare

#endif
