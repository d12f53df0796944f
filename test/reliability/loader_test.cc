// SPDX-License-Identifier: LGPL-2.1-or-later
// The loader (libec_power8.so) and the variant libraries, loaded through a registry that follows Ceph's
// (src/ceph-host/registry.cc) exactly as ceph-osd and ceph-mon load them:
//  - a profile naming a variant library (plugin=power8_<variant>) is refused with EINVAL and a message
//    naming plugin=power8 power8-variant=<variant>, for every variant (gfni ones included) and whatever
//    name the library was loaded under;
//  - variant libraries that exist but do not load give their own errno, not ENOENT, and their cause in
//    the message (or, preloaded at a daemon's start, fail the load); a library installed later is found;
//  - a variant library already loaded by name (preloaded) is reused, not reported as failed;
//  - the line about an unusable power8-variant comes once per profile, not once per codec.
// Each test works on copies of the libraries in a directory of its own, under a plugin name of its own:
// the registry keeps what it loaded for the life of the process.
#include <gtest/gtest.h>

#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>

#include "erasure-code/ErasureCodePlugin.h"
#include "simd/variants.h"

namespace ec::test {
namespace {

namespace fs = std::filesystem;
using Profile = ceph::ErasureCodeProfile;

// One value of a tuning variable, the text the variant's line must then hold, and the complaint it logs.
struct TuningCase {
  const char *value, *expect, *complaint;
};

class LoaderTest : public ::testing::Test {
protected:
  void expect_tuning_logged(const char *variable, const std::string &prefix, const std::string &line,
                            bool has_choice, std::initializer_list<TuningCase> cases);
  void SetUp() override {
    char pattern[] = "/tmp/ec-loader-test-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The build's library libec_<from>.so, copied as libec_<to>.so.
  void install(const std::string &from, const std::string &to) {
    fs::copy_file(fs::path(EC_PLUGIN_DIR) / ("libec_" + from + ".so"), dir_ / ("libec_" + to + ".so"));
  }
  int factory(const std::string &plugin, Profile profile, std::string *message,
              ceph::ErasureCodeInterfaceRef *codec = nullptr) {
    ceph::ErasureCodeInterfaceRef made;
    std::ostringstream ss;
    const int r = ceph::ErasureCodePluginRegistry::instance().factory(plugin, dir_.string(), profile, &made, &ss);
    *message = ss.str();
    if (codec)
      *codec = made;
    return r;
  }
  // factory(), with what the plugin logged on stderr meanwhile.
  int factory_logging(const std::string &plugin, Profile profile, std::string *message, std::string *log,
                      ceph::ErasureCodeInterfaceRef *codec = nullptr) {
    testing::internal::CaptureStderr();
    const int r = factory(plugin, std::move(profile), message, codec);
    *log = testing::internal::GetCapturedStderr();
    return r;
  }

  fs::path dir_;
};

std::string best() { return simd::runnable_built_variants().front()->name; }

// Loads the picked variant once per case (as plugin <prefix>N) with `variable` set to the case's value (or
// unset) and checks the log: the line starting with `line` holds the case's text, and its complaint, where
// the variant has the choice; no such line where it has not.
void LoaderTest::expect_tuning_logged(const char *variable, const std::string &prefix, const std::string &line,
                                      bool has_choice, std::initializer_list<TuningCase> cases) {
  unsigned n = 0;
  for (const TuningCase &c : cases) {
    const std::string plugin = prefix + std::to_string(n++);
    install("power8", plugin);
    install("power8_" + best(), plugin + "_" + best());
    if (c.value)
      setenv(variable, c.value, 1);
    else
      unsetenv(variable);
    std::string message, log;
    EXPECT_EQ(factory_logging(plugin, {{"k", "4"}, {"m", "2"}}, &message, &log), 0) << message;
    unsetenv(variable);
    if (!has_choice) {
      EXPECT_EQ(log.find(line), std::string::npos) << log;
      continue;
    }
    EXPECT_NE(log.find(line), std::string::npos) << log;
    EXPECT_NE(log.find(c.expect), std::string::npos) << (c.value ? c.value : "(unset)") << ": " << log;
    if (c.complaint) {
      EXPECT_NE(log.find(c.complaint), std::string::npos) << log;
    }
  }
}

// Where the picked variant has a choice the core decides (simd::BeyondL1), its library logs it when it
// loads: measured, or as CEPH_EC_POWER8_BEYOND_L1 sets it; a value it does not know is named, and measured
// instead. Where it has none, no such line.
TEST_F(LoaderTest, the_variant_logs_how_it_reads_sources_beyond_l1) {
  expect_tuning_logged(
      "CEPH_EC_POWER8_BEYOND_L1", "p8tune", "variant " + best() + ": dot products beyond L1D: ",
      simd::find_built_variant(best())->chooses_beyond_l1,
      {{nullptr, ", measured: narrow ", nullptr},
       {"wide", "wide (as many registers per step as in cache), as set", nullptr},
       {"narrow", "narrow (one register of each source per step), as set", nullptr},
       {"fast", ", measured: narrow ",
        "CEPH_EC_POWER8_BEYOND_L1=fast is not one of measure, narrow, wide; measuring"}});
}

// Where the picked variant moves data beyond L1D in two widths (simd::MovesBeyondL1), its library logs the
// one it uses: by the CPU's vendor, or as CEPH_EC_POWER8_MOVES_BEYOND_L1 sets it; a value it does not know
// is named, and the vendor followed. Where it has one width, no such line.
TEST_F(LoaderTest, the_variant_logs_its_register_width_for_moves_beyond_l1) {
  expect_tuning_logged(
      "CEPH_EC_POWER8_MOVES_BEYOND_L1", "p8moves",
      "variant " + best() + ": updates and xors beyond twice L1D: ",
      simd::find_built_variant(best())->chooses_moves_beyond_l1,
      {{nullptr, ", this CPU's vendor's", nullptr},
       {"full", "-byte registers, as set", nullptr},
       {"half", "-byte registers, as set", nullptr},
       {"wide", ", this CPU's vendor's",
        "CEPH_EC_POWER8_MOVES_BEYOND_L1=wide is not one of vendor, full, half; by vendor"}});
}

TEST_F(LoaderTest, a_variant_named_in_a_profile_is_refused_with_the_spelling_that_works) {
  for (const simd::Kernels *k : simd::built_variants())
    install(std::string("power8_") + k->name, std::string("power8_") + k->name);
  for (const simd::Kernels *k : simd::built_variants()) {
    std::string message;
    EXPECT_EQ(factory(std::string("power8_") + k->name, {{"k", "4"}, {"m", "2"}}, &message), -EINVAL) << message;
    EXPECT_NE(message.find(std::string("Use plugin=power8 power8-variant=") + k->name + " "), std::string::npos)
        << message;
  }
}

TEST_F(LoaderTest, a_variant_library_under_another_name_still_names_power8_and_its_variant) {
  // An earlier version derived the selector by cutting the name at its last '_' (avx512_gfni gave
  // power8_avx512) and recursed on a name without one.
  const std::string variant = simd::built_variants().end()[-1]->name;
  install("power8_" + variant, "nounderscore");
  std::string message;
  EXPECT_EQ(factory("nounderscore", {}, &message), -EINVAL) << message;
  EXPECT_NE(message.find("Use plugin=power8 power8-variant=" + variant + " "), std::string::npos) << message;
}

// Loaded for a profile (the registry's factory), the loader gives Ceph the errno of the library that did
// not load and the cause in the message Ceph prints.
TEST_F(LoaderTest, a_variant_that_does_not_load_gives_its_own_errno_and_cause) {
  install("power8", "p8broken");
  std::ofstream(dir_ / "libec_p8broken_generic.so") << "not a shared object\n";
  std::string message, log;
  const int r = factory_logging("p8broken", {}, &message, &log);
  EXPECT_EQ(r, -EIO) << message;
  const std::string cause = "generic: dlopen(" + (dir_ / "libec_p8broken_generic.so").string() + ")";
  EXPECT_NE(message.find(cause), std::string::npos) << message;
  EXPECT_NE(log.find("variant generic did not load: dlopen("), std::string::npos) << log;
}

TEST_F(LoaderTest, a_variant_from_another_release_is_named_as_such) {
  install("power8", "p8old");
  install("power8", "p8old_generic"); // a library with Ceph's entry points but no variant entry point
  std::string message, log;
  const int r = factory_logging("p8old", {}, &message, &log);
  EXPECT_EQ(r, -ELIBBAD) << message;
  EXPECT_NE(message.find("has no ec_power8_variant_plugin_v1"), std::string::npos) << message;
}

TEST_F(LoaderTest, a_variant_that_cannot_be_looked_at_is_not_reported_as_missing) {
  install("power8", "p8loop");
  fs::create_symlink("libec_p8loop_generic.so", dir_ / "libec_p8loop_generic.so"); // ELOOP
  std::string message, log;
  const int r = factory_logging("p8loop", {}, &message, &log);
  EXPECT_EQ(r, -ELOOP) << message;
  EXPECT_NE(message.find("cannot access"), std::string::npos) << message;
}

TEST_F(LoaderTest, no_variant_installed_is_enoent) {
  install("power8", "p8alone");
  std::string message, log;
  const int r = factory_logging("p8alone", {}, &message, &log);
  EXPECT_EQ(r, -ENOENT) << message;
  EXPECT_NE(message.find("no variant library of plugin=p8alone is installed in"), std::string::npos) << message;
}

TEST_F(LoaderTest, a_variant_installed_later_is_found_without_a_restart) {
  install("power8", "p8late");
  std::string message, log;
  EXPECT_EQ(factory_logging("p8late", {}, &message, &log), -ENOENT) << message;
  install("power8_" + best(), "p8late_" + best()); // the upgrade completes
  EXPECT_EQ(factory_logging("p8late", {{"k", "4"}, {"m", "2"}}, &message, &log), 0) << message;
  EXPECT_NE(log.find("selected variant " + best() + " "), std::string::npos) << log;
}

// Preloaded at a daemon's start (osd_erasure_code_plugins), a loader without a usable variant fails the
// load, so the daemon refuses to start instead of asserting later on every PG of a power8 pool.
TEST_F(LoaderTest, preloaded_without_a_usable_variant_fails_the_load) {
  install("power8", "p8start");
  std::ofstream(dir_ / "libec_p8start_generic.so") << "not a shared object\n";
  std::ostringstream ss;
  testing::internal::CaptureStderr();
  const int r = ceph::ErasureCodePluginRegistry::instance().preload("p8start", dir_.string(), &ss);
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_EQ(r, -EIO) << ss.str();
  EXPECT_EQ(ceph::ErasureCodePluginRegistry::instance().get("p8start"), nullptr);
  EXPECT_NE(log.find("generic: dlopen("), std::string::npos) << log;
}

TEST_F(LoaderTest, a_preloaded_variant_library_is_reused) {
  install("power8", "p8pre");
  install("power8_" + best(), "p8pre_" + best());
  std::ostringstream ss;
  ASSERT_EQ(ceph::ErasureCodePluginRegistry::instance().preload("p8pre_" + best(), dir_.string(), &ss), 0) << ss.str();
  std::string message, log;
  ceph::ErasureCodeInterfaceRef codec;
  const int r = factory_logging("p8pre", {{"k", "4"}, {"m", "2"}}, &message, &log, &codec);
  ASSERT_EQ(r, 0) << message;
  // And it codes: its parity of all-zero data is zero.
  ceph::bufferlist object;
  object.append_zero(4 * 4096);
  std::map<int, ceph::bufferlist> encoded;
  ASSERT_EQ(codec->encode({0, 1, 2, 3, 4, 5}, object, &encoded), 0);
  EXPECT_EQ(encoded[5].length(), 4096u);
  EXPECT_TRUE(encoded[5].is_zero());
  EXPECT_NE(log.find("selected variant " + best() + " "), std::string::npos) << log;
  EXPECT_EQ(log.find("did not load"), std::string::npos) << log;
}

TEST_F(LoaderTest, an_unusable_forced_variant_is_logged_once_per_profile) {
  install("power8", "p8once");
  install("power8_" + best(), "p8once_" + best());
  std::string message;
  ASSERT_EQ(factory("p8once", {}, &message), 0) << message; // loads; its log is not counted
  const Profile first{{"k", "4"}, {"m", "2"}, {"power8-variant", "no_such_cpu"}};
  const Profile second{{"k", "5"}, {"m", "2"}, {"power8-variant", "no_such_cpu"}};
  testing::internal::CaptureStderr();
  for (int pg = 0; pg < 8; pg++) {
    EXPECT_EQ(factory("p8once", first, &message), 0) << message;
    EXPECT_EQ(factory("p8once", second, &message), 0) << message;
  }
  const std::string log = testing::internal::GetCapturedStderr();
  std::size_t lines = 0;
  for (std::size_t at = log.find("power8-variant=no_such_cpu cannot be used"); at != std::string::npos;
       at = log.find("power8-variant=no_such_cpu cannot be used", at + 1))
    lines++;
  EXPECT_EQ(lines, 2u) << log;
}

} // namespace
} // namespace ec::test
