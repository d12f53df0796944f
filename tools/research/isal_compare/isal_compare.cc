// SPDX-License-Identifier: LGPL-2.1-or-later
// power8's engine (ec::codec::Codec with power8-code=isa technique=reed_sol_van, whose coding matrix is
// ISA-L's gf_gen_rs_matrix) against the libisal it is built with, on the same 64-byte-aligned buffers:
// encode (ec_encode_data), the update of one data chunk into every parity (ec_encode_data_update vs
// apply_delta) and decode (ISA-L's recipe with cached tables, isal_decoder.h). First power8's best
// variant against ISA-L's own dispatch, with the streaming yardstick; then each power8 variant against
// ISA-L's entry point for the same instruction set. Every output is compared byte for byte before it is
// timed, and any difference exits 1. Contestants alternate pass after pass, each from a clean vector
// register state; a pass's sample is its fastest batch of calls (measure.h); medians are reported, beside
// the range of the passes' own power8/ISA-L ratios.
//
// Usage: isal_compare [--passes N] [--seconds S] [--quick] [--verify] [--shape K+M]... [--chunk KIB]...
//                     [--workload encode|update|decode]...
//   --quick     4+2 and 8+3 with 4 and 64 KiB chunks, 3 passes
//   --verify    the checks only, every shape, nothing timed (the ctest)
//   --shape, --chunk, --workload  only these (repeatable; each replaces the default list): to look at one cell
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <isa-l/erasure_code.h>

#include "codec/codec.h"
#include "codec/decode_cache.h"
#include "isal_decoder.h"
#include "isal_library.h"
#include "measure.h"
#include "simd/probe/beyond_l1_mode.h"
#include "simd/variants.h"
#include "stripe.h"

namespace {

using namespace isal_compare;
using ec::codec::Codec;

// Only k and m are given, within isa's bounds; the defaults are unused but for isa's bound on m (Tentacle's).
constexpr ec::codec::ReleaseDefaults kDefaults{7, 3, 2, 2048, 32};

struct Options {
  int passes = 5;
  double seconds = 0.02;
  bool quick = false, verify = false;
  std::vector<std::string> workloads{"encode", "update", "decode"};
  std::vector<std::pair<unsigned, unsigned>> shapes{{2, 1}, {4, 2}, {6, 3}, {8, 3}, {10, 4}, {12, 4}};
  std::vector<std::size_t> chunks{4096, 16384, 65536, 262144};
};

// ISA-L's suffix of its entry points for the instruction set a power8 variant is named after: the same name
// but for ISA-L's SSSE3 kernels ("sse") and its portable C ("base").
std::string isal_suffix_of(const std::string &variant) {
  if (variant == "ssse3")
    return "sse";
  if (variant == "generic")
    return "base";
  return variant;
}

struct Contender {
  std::string name; // power8's variant / ISA-L's entry
  const ec::simd::Kernels *kernels;
  IsalEntry isal;
};

struct Row {
  std::string isa, workload;
  unsigned k, m;
  std::size_t chunk;
  double data_bytes;                         // counted per call for GB/s
  std::vector<std::vector<double>> seconds; // power8, ISA-L[, streaming]: seconds per call, one per pass
};

[[noreturn]] void fail(const std::string &what) {
  std::fprintf(stderr, "isal_compare: %s\n", what.c_str());
  std::exit(1);
}

std::string label(const Stripe &s, const std::string &isa, const std::string &workload) {
  return std::to_string(s.k()) + "+" + std::to_string(s.m()) + " " + std::to_string(s.chunk() / 1024) + " KiB " +
         workload + " (" + isa + ")";
}

std::unique_ptr<Codec> make_codec(const ec::simd::Kernels &kernels, unsigned k, unsigned m) {
  auto codec = std::make_unique<Codec>(kernels, std::make_shared<ec::codec::DecodeCache>(std::size_t{32} << 20));
  ec::codec::Profile profile{{"power8-code", "isa"}, {"technique", "reed_sol_van"}, {"k", std::to_string(k)},
                             {"m", std::to_string(m)}};
  std::ostringstream errors;
  if (codec->init(profile, kDefaults, &errors) != 0)
    fail("power8 refuses " + std::to_string(k) + "+" + std::to_string(m) + ": " + errors.str());
  return codec;
}

// The data chunk updated: the last, whose column has the all-ones row's 1 and a multiplier in every other row
// (the first column is all ones).
unsigned updated_chunk(const Stripe &s) { return s.k() - 1; }

void check_encode(const Codec &codec, const IsalEntry &isal, std::vector<std::uint8_t> &tables, const Stripe &s,
                  const std::string &isa) {
  codec.encode(s.chunk(), s.data(), s.parity());
  const auto ours = s.save_parity();
  std::memset(s.parity()[0], 0, s.chunk());
  isal.encode(static_cast<int>(s.chunk()), static_cast<int>(s.k()), static_cast<int>(s.m()), tables.data(),
              const_cast<unsigned char **>(s.data()), const_cast<unsigned char **>(s.parity()));
  if (int r = s.differing_parity(ours); r >= 0)
    fail(label(s, isa, "encode") + ": parity " + std::to_string(r) + " differs between power8 and ISA-L");
}

void check_update(const Codec &codec, const IsalEntry &isal, std::vector<std::uint8_t> &tables, const Stripe &s,
                  const std::string &isa) {
  const unsigned j = updated_chunk(s);
  codec.encode(s.chunk(), s.data(), s.parity());
  const auto before = s.save_parity();
  codec.apply_delta(s.chunk(), j, s.delta(), s.parity());
  const auto ours = s.save_parity();
  // Independently of ISA-L: the updated parity is the parity of the updated data.
  for (std::size_t i = 0; i < s.chunk(); i++)
    s.data()[j][i] ^= s.delta()[i];
  codec.encode(s.chunk(), s.data(), s.parity());
  for (std::size_t i = 0; i < s.chunk(); i++)
    s.data()[j][i] ^= s.delta()[i];
  if (int r = s.differing_parity(ours); r >= 0)
    fail(label(s, isa, "update") + ": power8's parity " + std::to_string(r) + " is not the updated data's");
  s.restore_parity(before);
  isal.update(static_cast<int>(s.chunk()), static_cast<int>(s.k()), static_cast<int>(s.m()), static_cast<int>(j),
              tables.data(), s.delta(), const_cast<unsigned char **>(s.parity()));
  if (int r = s.differing_parity(ours); r >= 0)
    fail(label(s, isa, "update") + ": parity " + std::to_string(r) + " differs between power8 and ISA-L");
}

// The first `lost` data chunks are lost: chunks and rebuild as Codec::decode takes them.
struct Erasure {
  std::vector<std::uint8_t *> chunks, rebuild;
};
Erasure erasure(const Stripe &s, unsigned lost) {
  Erasure e{{s.chunks(), s.chunks() + s.k() + s.m()}, std::vector<std::uint8_t *>(s.k() + s.m(), nullptr)};
  for (unsigned id = 0; id < lost; id++) {
    e.chunks[id] = nullptr;
    e.rebuild[id] = s.rebuilt()[id];
  }
  return e;
}

void check_decode(const Codec &codec, IsalDecoder &isal, const Stripe &s, unsigned lost) {
  const Erasure e = erasure(s, lost);
  const std::string what = label(s, "dispatch", "decode-" + std::to_string(lost));
  codec.encode(s.chunk(), s.data(), s.parity());
  for (int contestant = 0; contestant < 2; contestant++) {
    for (unsigned i = 0; i < lost; i++)
      std::memset(s.rebuilt()[i], 0, s.chunk());
    if (contestant == 0 ? codec.decode(s.chunk(), e.chunks.data(), e.rebuild.data()) != 0
                        : !isal.decode(s.chunk(), e.chunks.data(), s.rebuilt()))
      fail(what + ": " + (contestant ? "ISA-L" : "power8") + " could not decode");
    for (unsigned i = 0; i < lost; i++)
      if (std::memcmp(s.rebuilt()[i], s.data()[i], s.chunk()) != 0)
        fail(what + ": " + (contestant ? "ISA-L" : "power8") + " rebuilt chunk " + std::to_string(i) + " wrong");
  }
}

// 1, 2 and m erasures, each once. (Built by filtering, not by push_back after a one-element initializer
// list: GCC 16's -Warray-bounds takes that growth for a write past the first element.)
std::vector<unsigned> erasure_counts(unsigned m) {
  std::vector<unsigned> counts;
  for (unsigned lost : {1u, 2u, m})
    if (lost <= m && (counts.empty() || lost > counts.back()))
      counts.push_back(lost);
  return counts;
}

bool wanted(const Options &o, const std::string &workload) {
  return std::find(o.workloads.begin(), o.workloads.end(), workload) != o.workloads.end();
}

// Encode and update of one contender on one stripe: checked, then timed unless verifying.
void compare_encode_update(const Options &o, const Contender &c, const Stripe &s, bool yardstick,
                           std::vector<Row> *rows) {
  const unsigned k = s.k(), m = s.m();
  std::vector<std::uint8_t> generator(std::size_t{k + m} * k);
  gf_gen_rs_matrix(generator.data(), static_cast<int>(k + m), static_cast<int>(k));
  std::vector<std::uint8_t> tables = isal_tables(c.isal, k, m, generator.data() + std::size_t{k} * k);
  const auto codec = make_codec(*c.kernels, k, m);
  check_encode(*codec, c.isal, tables, s, c.name);
  check_update(*codec, c.isal, tables, s, c.name);
  if (o.verify)
    return;
  const int len = static_cast<int>(s.chunk());
  auto data = const_cast<unsigned char **>(s.data());
  auto parity = const_cast<unsigned char **>(s.parity());
  const std::vector<const std::uint8_t *> inputs(s.data(), s.data() + k);
  const std::vector<std::uint8_t *> outputs(s.parity(), s.parity() + m);
  std::vector<std::function<void()>> encode{[&] { codec->encode(s.chunk(), s.data(), s.parity()); },
                                            [&] { c.isal.encode(len, k, m, tables.data(), data, parity); }};
  if (yardstick)
    encode.push_back([&] { streaming_copy((k + m) * s.chunk(), s.chunk(), inputs, outputs); });
  if (wanted(o, "encode"))
    rows->push_back({c.name, "encode", k, m, s.chunk(), double(k) * s.chunk(),
                     time_interleaved(encode, o.passes, o.seconds)});

  const unsigned j = updated_chunk(s);
  std::vector<const std::uint8_t *> update_inputs{s.delta()};
  update_inputs.insert(update_inputs.end(), s.parity(), s.parity() + m);
  std::vector<std::function<void()>> update{
      [&] { codec->apply_delta(s.chunk(), j, s.delta(), s.parity()); },
      [&] { c.isal.update(len, k, m, j, tables.data(), s.delta(), parity); }};
  if (yardstick)
    update.push_back([&] { streaming_copy((2 * m + 1) * s.chunk(), s.chunk(), update_inputs, outputs); });
  if (wanted(o, "update"))
    rows->push_back({c.name, "update", k, m, s.chunk(), double(s.chunk()),
                     time_interleaved(update, o.passes, o.seconds)});
}

void compare_decode(const Options &o, const Contender &c, const Stripe &s, std::vector<Row> *rows) {
  const unsigned k = s.k(), m = s.m();
  std::vector<std::uint8_t> generator(std::size_t{k + m} * k);
  gf_gen_rs_matrix(generator.data(), static_cast<int>(k + m), static_cast<int>(k));
  IsalDecoder isal(k, m, generator);
  const auto codec = make_codec(*c.kernels, k, m);
  for (unsigned lost : erasure_counts(m)) {
    check_decode(*codec, isal, s, lost);
    if (o.verify || !wanted(o, "decode"))
      continue;
    const Erasure e = erasure(s, lost);
    const std::vector<const std::uint8_t *> inputs(s.chunks() + lost, s.chunks() + lost + k);
    const std::vector<std::uint8_t *> outputs(s.rebuilt(), s.rebuilt() + lost);
    std::vector<std::function<void()>> decode{
        [&] { codec->decode(s.chunk(), e.chunks.data(), e.rebuild.data()); },
        [&] { isal.decode(s.chunk(), e.chunks.data(), s.rebuilt()); },
        [&] { streaming_copy((k + lost) * s.chunk(), s.chunk(), inputs, outputs); }};
    rows->push_back({c.name, "decode-" + std::to_string(lost), k, m, s.chunk(), double(k) * s.chunk(),
                     time_interleaved(decode, o.passes, o.seconds)});
  }
}

double gbps(const Row &r, std::size_t contestant) { return r.data_bytes / median(r.seconds[contestant]) / 1e9; }

// The lowest and highest of the passes' own power8/ISA-L ratios. A pass times both back to back, so its
// ratio is free of the drift between passes; a range across 1.00 is a tie within this machine's noise.
std::string pass_range(const Row &r) {
  double low = 0, high = 0;
  for (std::size_t p = 0; p < r.seconds[0].size(); p++) {
    const double ratio = r.seconds[1][p] / r.seconds[0][p];
    low = p == 0 ? ratio : std::min(low, ratio);
    high = p == 0 ? ratio : std::max(high, ratio);
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.2f–%.2f", low, high);
  return text;
}

void print_dispatch(const std::vector<Row> &rows) {
  std::printf("| k+m | chunk | workload | power8 GB/s | ISA-L GB/s | streaming GB/s | power8/ISA-L | pass by pass | "
              "power8/streaming | ISA-L/streaming |\n|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const Row &r : rows) {
    const double ours = gbps(r, 0), isal = gbps(r, 1), copy = gbps(r, 2);
    std::printf("| %u+%u | %zuK | %s | %.2f | %.2f | %.2f | %.2f× | %s | %.2f | %.2f |\n", r.k, r.m, r.chunk / 1024,
                r.workload.c_str(), ours, isal, copy, ours / isal, pass_range(r).c_str(), ours / copy, isal / copy);
  }
}

void print_per_isa(const std::vector<Row> &rows) {
  std::printf("| instruction set | k+m | chunk | workload | power8 GB/s | ISA-L GB/s | power8/ISA-L | pass by pass |\n"
              "|---|---|---:|---|---:|---:|---:|---:|\n");
  for (const Row &r : rows)
    std::printf("| %s | %u+%u | %zuK | %s | %.2f | %.2f | %.2f× | %s |\n", r.isa.c_str(), r.k, r.m, r.chunk / 1024,
                r.workload.c_str(), gbps(r, 0), gbps(r, 1), gbps(r, 0) / gbps(r, 1), pass_range(r).c_str());
}

const char kUsage[] = "usage: isal_compare [--passes N] [--seconds S] [--quick] [--verify] [--shape K+M]... "
                      "[--chunk KIB]... [--workload encode|update|decode]...";

// A repeatable option's first use replaces the default list.
template <class V> void add_to(V &list, bool &replaced, typename V::value_type value) {
  if (!replaced)
    list.clear();
  replaced = true;
  list.push_back(value);
}

Options parse(int argc, char **argv) {
  Options o;
  bool own_shapes = false, own_chunks = false, own_workloads = false;
  for (int i = 1; i < argc; i++) {
    const std::string arg = argv[i];
    if (arg == "--passes" && i + 1 < argc)
      o.passes = std::atoi(argv[++i]);
    else if (arg == "--seconds" && i + 1 < argc)
      o.seconds = std::atof(argv[++i]);
    else if (arg == "--quick") {
      o.quick = true;
      o.passes = 3;
      o.shapes = {{4, 2}, {8, 3}};
      o.chunks = {4096, 65536};
    } else if (arg == "--verify") {
      o.verify = true;
    } else if (arg == "--shape" && i + 1 < argc) {
      unsigned k = 0, m = 0;
      char end = 0;
      if (std::sscanf(argv[++i], "%u+%u%c", &k, &m, &end) != 2 || k < 1 || m < 1 || k + m > 32)
        fail(std::string("--shape ") + argv[i] + ": expected K+M with K, M >= 1 and K+M <= 32, as 8+3");
      add_to(o.shapes, own_shapes, {k, m});
    } else if (arg == "--chunk" && i + 1 < argc) {
      const long kib = std::atol(argv[++i]);
      if (kib < 1 || kib > 65536)
        fail(std::string("--chunk ") + argv[i] + ": expected a chunk size in KiB, 1 to 65536");
      add_to(o.chunks, own_chunks, std::size_t(kib) * 1024);
    } else if (arg == "--workload" && i + 1 < argc) {
      const std::string w = argv[++i];
      if (w != "encode" && w != "update" && w != "decode")
        fail("--workload " + w + ": expected encode, update or decode");
      add_to(o.workloads, own_workloads, w);
    } else {
      fail(kUsage);
    }
  }
  if (o.passes < 1 || o.seconds <= 0)
    fail("--passes and --seconds must be positive");
  return o;
}

} // namespace

int main(int argc, char **argv) {
  const Options o = parse(argc, argv);
  const auto runnable = ec::simd::runnable_built_variants();
  if (runnable.empty())
    fail("no power8 variant runs on this CPU");
  // As the plugin's variant libraries do when they load: the tables of the choices this core decides,
  // timed (or as CEPH_EC_POWER8_BEYOND_L1 sets them), so that what is timed below is what an OSD here runs.
  std::vector<ec::simd::Kernels> settled;
  settled.reserve(runnable.size());
  for (const ec::simd::Kernels *v : runnable) {
    std::vector<std::string> lines;
    settled.push_back(ec::simd::settle_from_environment(*v, &lines));
    for (const std::string &line : lines)
      std::printf("%s\n", line.c_str());
  }
  const Contender dispatch{"dispatch", &settled.front(), isal_dispatch()};
  std::vector<Contender> per_isa;
  std::printf("libisal %s (header); power8's best variant here: %s; ISA-L: its own dispatch\n", isal_version().c_str(),
              dispatch.kernels->name);
  // Each variant this CPU runs (the probe's order) against ISA-L's entry point for the same instruction set.
  for (const ec::simd::Kernels &k : settled) {
    Contender c{k.name, &k, {}};
    std::string missing;
    if (!isal_entry(isal_suffix_of(k.name), &c.isal, &missing))
      std::printf("skipped %s: libisal %s has no %s\n", k.name, isal_version().c_str(), missing.c_str());
    else
      per_isa.push_back(c);
  }
  std::printf("\n");

  std::mt19937_64 rng(0x15a1);
  std::vector<Row> dispatch_rows, isa_rows;
  for (const auto &[k, m] : o.shapes)
    for (std::size_t chunk : o.chunks) {
      const Stripe stripe(k, m, chunk, rng);
      compare_encode_update(o, dispatch, stripe, true, &dispatch_rows);
      compare_decode(o, dispatch, stripe, &dispatch_rows);
      for (const Contender &c : per_isa)
        compare_encode_update(o, c, stripe, false, &isa_rows);
    }
  if (o.verify) {
    std::printf("every output of power8 and ISA-L agreed (%zu shapes, %zu chunk sizes, %zu instruction sets)\n",
                o.shapes.size(), o.chunks.size(), per_isa.size());
    return 0;
  }
  std::printf("Medians of %d interleaved passes (each pass: the fastest batch of 64 calls). GB/s count k data chunks per encode and decode call, one chunk "
              "per update (the last data chunk's delta into every parity). pass by pass: the lowest and highest of "
              "the passes' own power8/ISA-L, each pass timing both back to back (a range across 1.00 is a tie "
              "within the machine's noise). streaming: memmove moving the bytes the call must read and write, on "
              "the same buffers.\n\n",
              o.passes);
  print_dispatch(dispatch_rows);
  std::printf("\n");
  print_per_isa(isa_rows);
  return 0;
}
