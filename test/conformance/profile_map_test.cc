// SPDX-License-Identifier: LGPL-2.1-or-later
// The table that turns the conformance suite's profiles into power8's (profile_map.cc), on profiles written
// as Ceph's suite writes them. Needs no Ceph: built wherever the unit tests are.
#include "profile_map.h"

#include <gtest/gtest.h>

using ec_conformance::map_profiles;
using ec_conformance::power8_params;
using ec_conformance::Row;

namespace {

Row one(const std::string &profile, bool isa_rows = false) {
  auto rows = map_profiles({profile}, isa_rows);
  EXPECT_EQ(1u, rows.size());
  EXPECT_EQ(profile, rows.at(0).ceph);
  EXPECT_NE(rows.at(0).power8.empty(), rows.at(0).why.empty()) << "a row is either run or says why not";
  return rows.at(0);
}

} // namespace

TEST(ConformanceProfileMap, JerasureTechniquesPower8ImplementsRunWithTheSameKeys) {
  EXPECT_EQ("plugin=power8 technique=reed_sol_van k=2 m=1", one("plugin=jerasure technique=reed_sol_van k=2 m=1").power8);
  EXPECT_EQ("plugin=power8 technique=reed_sol_r6_op k=6 m=2",
            one("plugin=jerasure technique=reed_sol_r6_op k=6 m=2").power8);
  EXPECT_EQ("plugin=power8 technique=cauchy_orig k=3 m=3 packetsize=32",
            one("plugin=jerasure technique=cauchy_orig k=3 m=3 packetsize=32").power8);
  EXPECT_EQ("plugin=power8 technique=cauchy_good k=4 m=2 packetsize=32",
            one("plugin=jerasure technique=cauchy_good k=4 m=2 packetsize=32").power8);
  // Key order and any other key are kept as written; w=8 is power8's own.
  EXPECT_EQ("k=4 plugin=power8 technique=reed_sol_van m=2 w=8 jerasure-per-chunk-alignment=true",
            one("k=4 plugin=jerasure technique=reed_sol_van m=2 w=8 jerasure-per-chunk-alignment=true").power8);
}

TEST(ConformanceProfileMap, WhatPower8RefusesIsListedWithTheReason) {
  for (const char *technique : {"liberation", "blaum_roth", "liber8tion"}) {
    Row row = one(std::string("plugin=jerasure technique=") + technique + " k=2 m=2 packetsize=32");
    EXPECT_EQ("", row.power8);
    EXPECT_NE(std::string::npos, row.why.find(technique)) << row.why;
  }
  for (const char *w : {"16", "32", "7"}) {
    Row row = one(std::string("plugin=jerasure technique=reed_sol_van k=6 m=3 w=") + w);
    EXPECT_EQ("", row.power8);
    EXPECT_NE(std::string::npos, row.why.find(std::string("w=") + w)) << row.why;
  }
  for (const char *other : {"plugin=shec technique=single k=2 m=1 c=1", "plugin=clay k=2 m=1",
                            "plugin=lrc mapping=_DD layers=[[\"cDD\",\"\"]]"}) {
    Row row = one(other);
    EXPECT_EQ("", row.power8);
    EXPECT_NE(std::string::npos, row.why.find("not a code power8 implements")) << row.why;
  }
}

TEST(ConformanceProfileMap, IsaRowsOnlyBehindTheSwitch) {
  Row off = one("plugin=isa technique=cauchy k=5 m=3");
  EXPECT_EQ("", off.power8);
  EXPECT_NE(std::string::npos, off.why.find("EC_CONFORMANCE_POWER8_ISA")) << off.why;
  EXPECT_EQ("plugin=power8 power8-code=isa technique=cauchy k=5 m=3",
            one("plugin=isa technique=cauchy k=5 m=3", true).power8);
  EXPECT_EQ("plugin=power8 power8-code=isa technique=reed_sol_van k=2 m=1",
            one("plugin=isa technique=reed_sol_van k=2 m=1", true).power8);
}

TEST(ConformanceProfileMap, ParamsAreTheRunRowsInOrderAndPointIntoThem) {
  auto rows = map_profiles({"plugin=jerasure technique=reed_sol_van k=2 m=1", "plugin=shec technique=single k=2 m=1 c=1",
                            "plugin=isa technique=reed_sol_van k=2 m=2",
                            "plugin=jerasure technique=cauchy_good k=2 m=1 packetsize=32"},
                           false);
  auto params = power8_params(rows);
  ASSERT_EQ(2u, params.size());
  EXPECT_EQ(rows[0].power8.c_str(), params[0]);
  EXPECT_EQ(rows[3].power8.c_str(), params[1]);
  EXPECT_TRUE(power8_params(map_profiles({}, true)).empty());
}
