// SPDX-License-Identifier: LGPL-2.1-or-later
// Cross-CPU verdict: the monitor validates a profile on its CPU, every OSD builds the codec on its own,
// and an OSD asserts when it cannot. So each profile of the table (valid and invalid) must get the same
// return code, the same written-back profile and the same chunk sizes
//  - from every built variant this CPU runs, twice on a fresh codec and twice on one codec (the monitor
//    calls init() twice), and
//  - through Ceph's plugin path (registry -> libec_power8.so -> libec_power8_<variant>.so) with
//    power8-variant forced to every name, including variants this CPU cannot run, other architectures'
//    variants and nonsense; and plugin=power8_<variant> named directly is refused for every profile.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "../plugin/codec_fixture.h"
#include "erasure-code/ErasureCodePlugin.h"
#include "simd/probe/cpu_probe.h"
#include "simd/variants.h"

namespace ec::test {
namespace {

using Profile = ceph::ErasureCodeProfile;

const Profile kProfiles[] = {
    {},
    {{"k", "4"}, {"m", "2"}},
    {{"technique", "reed_sol_van"}, {"k", "2"}, {"m", "1"}, {"jerasure-per-chunk-alignment", "true"}},
    {{"technique", "reed_sol_van"}, {"k", "60"}, {"m", "4"}}, // k=254 (test/plugin) is slow under qemu
    {{"technique", "reed_sol_van"}, {"k", "4"}, {"m", "2"}, {"mapping", "_DD_DD"}},
    {{"technique", "reed_sol_r6_op"}, {"k", "10"}},
    {{"technique", "reed_sol_r6_op"}, {"k", "4"}, {"jerasure-per-chunk-alignment", "true"}},
    {{"technique", "cauchy_orig"}, {"k", "3"}, {"m", "3"}, {"packetsize", "1"}},
    {{"technique", "cauchy_good"}, {"k", "6"}, {"m", "2"}},
    {{"technique", "cauchy_good"}, {"k", "6"}, {"m", "2"}, {"packetsize", "32"}, {"jerasure-per-chunk-alignment", "yes"}},
    {{"technique", "cauchy_good"}, {"k", "2"}, {"m", "2"}, {"packetsize", "1048576"}}, // alignment 2^30: the limit
    {{"k", " 4"}, {"m", "2 "}},
    {{"crush-failure-domain", "osd"}, {"crush-root", "r"}},
    // Refused:
    {{"k", "1"}},
    {{"k", "4"}, {"m", "0"}},
    {{"k", "200"}, {"m", "57"}},
    {{"k", "abc"}},
    {{"m", "99999999999999999999"}},
    {{"w", "16"}},
    {{"technique", "bogus"}},
    {{"technique", "liberation"}},
    {{"technique", "reed_sol_r6_op"}, {"m", "3"}},
    {{"technique", "cauchy_good"}, {"packetsize", "0"}},
    {{"technique", "cauchy_good"}, {"k", "3"}, {"packetsize", "1048576"}}, // alignment over 2^30
    {{"technique", "cauchy_good"}, {"packetsize", "5"}, {"jerasure-per-chunk-alignment", "true"}},
    {{"k", "4"}, {"m", "2"}, {"mapping", "DDDD_"}},
    {{"k", "4"}, {"m", "2"}, {"mapping", "DDD___"}},
};

const unsigned kWidths[] = {0, 1, 4095, 4096, 65536, 1 << 22, 0xfffff000u};

struct Verdict {
  int r = 0;
  Profile profile; // as init() left it
  std::vector<unsigned> chunk_sizes;
  bool operator==(const Verdict &o) const { return r == o.r && profile == o.profile && chunk_sizes == o.chunk_sizes; }
};

std::ostream &operator<<(std::ostream &os, const Verdict &v) {
  os << "r=" << v.r << " profile {";
  for (const auto &kv : v.profile)
    os << kv.first << "=" << kv.second << ",";
  os << "} chunks";
  for (unsigned c : v.chunk_sizes)
    os << " " << c;
  return os;
}

std::string text(const Profile &p) {
  std::string s;
  for (const auto &kv : p)
    s += kv.first + "=" + kv.second + " ";
  return s;
}

Verdict verdict_of(int r, Profile profile, ceph::ErasureCodeInterface *codec) {
  Verdict v;
  v.r = r;
  profile.erase("power8-variant"); // the forcing key itself is not part of the comparison
  v.profile = profile;
  if (r == 0 && codec)
    for (unsigned w : kWidths)
      v.chunk_sizes.push_back(codec->get_chunk_size(w));
  return v;
}

Verdict direct(const Profile &input, power8::ErasureCodePower8 &codec) {
  Profile p = input;
  std::ostringstream ss;
  const int r = codec.init(p, &ss);
  return verdict_of(r, p, &codec);
}

Verdict through_registry(const std::string &plugin, const Profile &input) {
  Profile p = input;
  ceph::ErasureCodeInterfaceRef codec;
  std::ostringstream ss;
  const int r = ceph::ErasureCodePluginRegistry::instance().factory(plugin, EC_PLUGIN_DIR, p, &codec, &ss);
  return verdict_of(r, p, codec.get());
}

TEST(verdict, every_runnable_variant_twice) {
  for (const Profile &profile : kProfiles) {
    power8::AdapterCodec reference_codec(*runnable_kernels().front());
    const Verdict reference = direct(profile, reference_codec);
    for (const simd::Kernels *kernels : runnable_kernels()) {
      power8::AdapterCodec reused(*kernels);
      for (int round = 0; round < 2; round++) {
        power8::AdapterCodec fresh(*kernels);
        EXPECT_EQ(direct(profile, fresh), reference) << text(profile) << kernels->name << " fresh, round " << round;
        EXPECT_EQ(direct(profile, reused), reference) << text(profile) << kernels->name << " reused, round " << round;
      }
    }
  }
}

TEST(verdict, plugin_factory_with_every_forced_variant) {
  // Names the registry must cope with: every variant of every architecture (whether built here or not:
  // what each architecture's probe gives a CPU with every feature), an empty value and nonsense.
  simd::X86Features every_x86;
  every_x86.ssse3 = every_x86.avx2 = every_x86.avx512f = every_x86.avx512bw = every_x86.avx512vl = true;
  every_x86.gfni = every_x86.os_saves_ymm = every_x86.os_saves_zmm = true;
  simd::Ppc64Features every_ppc64;
  every_ppc64.hwcap2 = ~0ul;
  simd::S390xFeatures every_s390x;
  every_s390x.hwcap = ~0ul;
  simd::Aarch64Features every_aarch64;
  every_aarch64.hwcap = ~0ul;
  std::vector<std::string> names = {"", "bogus", "../etc"};
  for (const std::vector<std::string> &list :
       {simd::x86_variants(every_x86), simd::ppc64le_variants(every_ppc64), simd::s390x_variants(every_s390x),
        simd::aarch64_variants(every_aarch64)})
    for (const std::string &name : list)
      if (std::find(names.begin(), names.end(), name) == names.end())
        names.push_back(name);
  for (const simd::Kernels *k : simd::built_variants())
    ASSERT_NE(std::find(names.begin(), names.end(), k->name), names.end()) << k->name << " is no probe's";
  for (const Profile &profile : kProfiles) {
    power8::AdapterCodec reference_codec(*runnable_kernels().front());
    const Verdict reference = direct(profile, reference_codec);
    for (const std::string &name : names) {
      Profile forced = profile;
      if (!name.empty())
        forced["power8-variant"] = name;
      for (int round = 0; round < 2; round++)
        EXPECT_EQ(through_registry("power8", forced), reference) << text(profile) << "power8-variant=" << name;
    }
    // plugin=power8_<variant> names a variant library directly: refused everywhere alike, whatever this
    // CPU runs (test/reliability/loader_test.cc checks the message).
    for (const simd::Kernels *k : simd::built_variants())
      for (int round = 0; round < 2; round++)
        EXPECT_EQ(through_registry(std::string("power8_") + k->name, profile).r, -EINVAL)
            << text(profile) << "plugin=power8_" << k->name;
  }
}

} // namespace
} // namespace ec::test
