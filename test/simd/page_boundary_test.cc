// SPDX-License-Identifier: LGPL-2.1-or-later
// Every kernel on buffers that end exactly where an inaccessible page begins (and that begin exactly where
// one ends): an over-read or over-write of even one byte is a segfault, not a silent pass.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "simd/variants.h"
#include "test_buffers.h"
#include "variant_params.h"

namespace ec::simd::test {
namespace {

constexpr unsigned kSources = 3;
constexpr unsigned kRows = 2;
constexpr std::size_t kMaxLen = 2 * 4096 + 300; // past every register width, unroll block and tail
// Long enough for xor_many to stream where a variant can (x86: (kSources + 1) * len >= 1 MiB).
constexpr std::size_t kStreamedLen = 256 * 1024 + 300;

class PageBoundary : public VariantTest {
protected:
  using Bytes = std::vector<std::uint8_t>;

  void SetUp() override {
    VariantTest::SetUp();
    if (IsSkipped())
      return;
    for (unsigned i = 0; i < kSources + kRows; i++)
      pages_.push_back(std::make_unique<GuardedPages>(kStreamedLen));
  }

  // Places every buffer of length len flush against a guard page and fills the sources.
  void place(std::size_t len, bool at_end) {
    src_.clear();
    dst_.clear();
    for (unsigned i = 0; i < kSources + kRows; i++) {
      std::uint8_t *p = at_end ? pages_[i]->ending_at_guard(len) : pages_[i]->starting_after_guard();
      rng_.fill(p, len);
      if (i < kSources)
        src_.push_back(p);
      else
        dst_.push_back(p);
    }
  }

  void expect_equal(const Bytes &want, const std::uint8_t *got, const char *what, std::size_t len) {
    ASSERT_EQ(want, Bytes(got, got + len)) << kernels().name << " " << what << " len=" << len;
  }

  void check_every_kernel(std::size_t len, bool at_end) {
    std::vector<std::uint8_t> coefs(kRows * kSources);
    for (auto &c : coefs)
      c = rng_.coefficient();
    const TableArray ref_tables(kernels_reference, coefs), tables(kernels(), coefs);
    std::vector<Bytes> want(kRows, Bytes(len));
    std::vector<std::uint8_t *> want_ptr = {want[0].data(), want[1].data()};

    place(len, at_end);
    kernels_reference.mul(len, ref_tables.data(), src_[0], want[0].data());
    kernels().mul(len, tables.data(), src_[0], dst_[0]);
    expect_equal(want[0], dst_[0], "mul", len);

    place(len, at_end);
    for (unsigned r = 0; r < kRows; r++)
      want[r].assign(dst_[r], dst_[r] + len);
    kernels_reference.mad(len, kRows, ref_tables.data(), src_[0], want_ptr.data());
    kernels().mad(len, kRows, tables.data(), src_[0], dst_.data());
    for (unsigned r = 0; r < kRows; r++)
      expect_equal(want[r], dst_[r], "mad", len);

    place(len, at_end);
    kernels_reference.dot_prod(len, kSources, kRows, ref_tables.data(), src_.data(), want_ptr.data());
    kernels().dot_prod(len, kSources, kRows, tables.data(), src_.data(), dst_.data());
    for (unsigned r = 0; r < kRows; r++)
      expect_equal(want[r], dst_[r], "dot_prod", len);

    place(len, at_end);
    kernels_reference.xor_many(len, kSources, src_.data(), want[0].data());
    kernels().xor_many(len, kSources, src_.data(), dst_[0]);
    expect_equal(want[0], dst_[0], "xor_many", len);
    kernels().xor_many(len, kSources, src_.data(), const_cast<std::uint8_t *>(src_[1]));
    expect_equal(want[0], src_[1], "xor_many in place", len);
  }

  std::vector<std::unique_ptr<GuardedPages>> pages_;
  std::vector<const std::uint8_t *> src_;
  std::vector<std::uint8_t *> dst_;
  Rng rng_{6};
};

TEST_P(PageBoundary, BuffersEndingAtAGuardPage) {
  for (std::size_t len = 0; len <= 300; len++)
    ASSERT_NO_FATAL_FAILURE(check_every_kernel(len, true));
  for (std::size_t len : {std::size_t{4096} - 1, std::size_t{4096} + 1, kMaxLen, kStreamedLen})
    ASSERT_NO_FATAL_FAILURE(check_every_kernel(len, true));
}

TEST_P(PageBoundary, BuffersStartingAfterAGuardPage) {
  for (std::size_t len = 0; len <= 300; len++)
    ASSERT_NO_FATAL_FAILURE(check_every_kernel(len, false));
  ASSERT_NO_FATAL_FAILURE(check_every_kernel(kStreamedLen, false));
}

EC_INSTANTIATE_FOR_ALL_VARIANTS(PageBoundary);

} // namespace
} // namespace ec::simd::test
