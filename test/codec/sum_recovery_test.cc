// SPDX-License-Identifier: LGPL-2.1-or-later
// plan_sum_recovery: which decode patterns rebuild their last lost data chunk from the all-ones parity's sum,
// and through which chunks. That the route's bytes are the decode's is decode_test's (every variant whose
// table says decodes_through_sum takes it there).
#include <gtest/gtest.h>

#include "codec/sum_recovery_coder.h"
#include "gf/matrix.h"

namespace ec::codec::test {
namespace {

std::optional<SumRecovery> route(unsigned k, unsigned m, const gf::Matrix &coding, std::vector<unsigned> survivors,
                                 std::vector<unsigned> wanted) {
  EXPECT_EQ(survivors.size(), k);
  return plan_sum_recovery(k, m, coding, survivors.data(), wanted.data(), static_cast<unsigned>(wanted.size()));
}

TEST(SumRecovery, two_lost_data_chunks_of_4_2_go_through_the_sum) {
  // Survivors d2 d3 p0 p1: d1 = p0 + d0 + d2 + d3 = (d2 + d3 + p0 + p1) + p1 + d0.
  const auto r = route(4, 2, gf::reed_sol_van_matrix(4, 2), {2, 3, 4, 5}, {0, 1});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->sum_output, 1u);
  EXPECT_EQ(r->added_inputs, std::vector<unsigned>{3});
  EXPECT_EQ(r->added_outputs, std::vector<unsigned>{0});
}

TEST(SumRecovery, m_lost_data_chunks_of_10_4_add_the_other_parities_and_rebuilt_chunks) {
  const auto r = route(10, 4, gf::reed_sol_van_matrix(10, 4), {4, 5, 6, 7, 8, 9, 10, 11, 12, 13}, {0, 1, 2, 3});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->sum_output, 3u);
  EXPECT_EQ(r->added_inputs, (std::vector<unsigned>{7, 8, 9}));
  EXPECT_EQ(r->added_outputs, (std::vector<unsigned>{0, 1, 2}));
}

TEST(SumRecovery, a_wanted_parity_keeps_its_own_row) {
  // d0, d1 and p1 lost (4+3): the data through the sum, p1 by its decode row.
  const auto r = route(4, 3, gf::reed_sol_van_matrix(4, 3), {2, 3, 4, 6}, {0, 1, 5});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->sum_output, 1u);
  EXPECT_EQ(r->added_inputs, std::vector<unsigned>{3});
  EXPECT_EQ(r->added_outputs, std::vector<unsigned>{0});
}

TEST(SumRecovery, patterns_the_sum_cannot_serve_or_would_not_speed_up) {
  const gf::Matrix rs42 = gf::reed_sol_van_matrix(4, 2), rs64 = gf::reed_sol_van_matrix(6, 4);
  EXPECT_FALSE(route(4, 2, rs42, {1, 2, 3, 4}, {0})) << "one lost chunk: the all-ones row is the decode row";
  EXPECT_FALSE(route(6, 4, rs64, {2, 3, 4, 5, 7, 8}, {0, 1})) << "the all-ones parity (6) is not read";
  EXPECT_FALSE(route(6, 4, rs64, {3, 4, 5, 6, 7, 8}, {0, 1})) << "lost data chunk 2 is not wanted";
  EXPECT_FALSE(route(2, 2, gf::reed_sol_van_matrix(2, 2), {2, 3}, {0, 1})) << "k = 2: the pass costs more";
  EXPECT_FALSE(route(4, 4, gf::reed_sol_van_matrix(4, 4), {3, 4, 5, 6}, {0, 1, 2})) << "k = 4, 3 lost";
  gf::Matrix no_ones = gf::cauchy_orig_matrix(4, 2);
  ASSERT_NE(no_ones[0], 1u) << "cauchy_orig's first row is not all ones";
  EXPECT_FALSE(route(4, 2, no_ones, {2, 3, 4, 5}, {0, 1})) << "no all-ones parity";
}

} // namespace
} // namespace ec::codec::test
