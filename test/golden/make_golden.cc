// SPDX-License-Identifier: LGPL-2.1-or-later
// Writes a table of test/golden/data ONCE: the accepted profiles with their written-back profiles and chunk
// sizes, and the chunks of golden_object() of each object size. Before writing anything it checks that
// every variant this CPU runs agrees, that the chunks equal libjerasure's (the library the stock jerasure
// plugin codes with), or for power8-code=isa libisal's (the stock isa plugin's) -- with a mapping, the
// library's chunk i sits at shard chunk_index(i) -- and that the chunk sizes equal the plugin's
// get_chunk_size (re-derived below from Ceph 16.2's ErasureCodeJerasure.cc and ErasureCodeIsa.cc).
//
// It refuses to touch an existing table or chunk file: the point of golden data is that a later build
// cannot quietly redefine what "correct" means. A new profile gets a new id and new files, by hand review.
//
//   make_golden <data dir>         jerasure's codes: profiles.tsv
//   make_golden --isa <data dir>   isa's codes (power8-code=isa): isa-profiles.tsv
#include <sys/stat.h>

extern "C" {
#include <cauchy.h>
#include <jerasure.h>
#include <reed_sol.h>
}

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "adapter_codec.h" // the adapter built: power8::AdapterCodec
#include "erasure-code/power8/common/ErasureCodePower8.h"
#include "golden_format.h"
#include "isal_parity.h"
#include "simd/variants.h"

namespace ec::golden {
namespace {

struct Spec {
  const char *id;
  Profile input;
  bool chunks;
};

// Every technique, several k and m, per-chunk alignment on (spelled true and yes) and off, mappings,
// small, odd, 1-byte and default packet sizes, explicit w, CRUSH keys and the all-defaults profile.
// Default-packetsize Cauchy chunks are 64 KiB each, so those rows keep only their chunk sizes.
const Spec kSpecs[] = {
    {"defaults", {}, true},
    {"rsv_k2_m1", {{"technique", "reed_sol_van"}, {"k", "2"}, {"m", "1"}}, true},
    {"rsv_k4_m2", {{"k", "4"}, {"m", "2"}}, true},
    {"rsv_k4_m2_w8", {{"technique", "reed_sol_van"}, {"k", "4"}, {"m", "2"}, {"w", "8"}}, true},
    {"rsv_k6_m3_pca", {{"technique", "reed_sol_van"}, {"k", "6"}, {"m", "3"}, {"jerasure-per-chunk-alignment", "true"}}, true},
    {"rsv_k3_m2_pca_yes", {{"technique", "reed_sol_van"}, {"k", "3"}, {"m", "2"}, {"jerasure-per-chunk-alignment", "yes"}}, true},
    {"rsv_k4_m2_map", {{"technique", "reed_sol_van"}, {"k", "4"}, {"m", "2"}, {"mapping", "_DD_DD"}}, true},
    {"rsv_k10_m4", {{"technique", "reed_sol_van"}, {"k", "10"}, {"m", "4"}}, true},
    {"rsv_k16_m4", {{"technique", "reed_sol_van"}, {"k", "16"}, {"m", "4"}}, true},
    {"rsv_k3_m2_crush", {{"technique", "reed_sol_van"}, {"k", "3"}, {"m", "2"}, {"crush-root", "ssd"},
                         {"crush-failure-domain", "osd"}, {"crush-device-class", "nvme"}}, true},
    {"r6_k4", {{"technique", "reed_sol_r6_op"}, {"k", "4"}, {"m", "2"}}, true},
    {"r6_k8_default_m", {{"technique", "reed_sol_r6_op"}, {"k", "8"}}, true},
    {"r6_k5_pca_ignored", {{"technique", "reed_sol_r6_op"}, {"k", "5"}, {"jerasure-per-chunk-alignment", "true"}}, true},
    {"co_k3_m2_p8", {{"technique", "cauchy_orig"}, {"k", "3"}, {"m", "2"}, {"packetsize", "8"}}, true},
    {"co_k6_m3_p64_pca", {{"technique", "cauchy_orig"}, {"k", "6"}, {"m", "3"}, {"packetsize", "64"},
                          {"jerasure-per-chunk-alignment", "true"}}, true},
    {"co_k4_m2_default_packetsize", {{"technique", "cauchy_orig"}, {"k", "4"}, {"m", "2"}}, false},
    {"cg_k4_m2_p16", {{"technique", "cauchy_good"}, {"k", "4"}, {"m", "2"}, {"packetsize", "16"}}, true},
    {"cg_k5_m3_p3", {{"technique", "cauchy_good"}, {"k", "5"}, {"m", "3"}, {"packetsize", "3"}}, true},
    {"cg_k2_m1_p1", {{"technique", "cauchy_good"}, {"k", "2"}, {"m", "1"}, {"packetsize", "1"}}, true},
    {"cg_k8_m2_p32_pca", {{"technique", "cauchy_good"}, {"k", "8"}, {"m", "2"}, {"packetsize", "32"},
                          {"jerasure-per-chunk-alignment", "true"}}, true},
    {"cg_k3_m2_p8_map", {{"technique", "cauchy_good"}, {"k", "3"}, {"m", "2"}, {"packetsize", "8"}, {"mapping", "DD_D_"}}, true},
    {"cg_k12_m4_p8", {{"technique", "cauchy_good"}, {"k", "12"}, {"m", "4"}, {"packetsize", "8"}}, true},
    {"cg_k4_m2_default_packetsize", {{"technique", "cauchy_good"}, {"k", "4"}, {"m", "2"}}, false},
};

// isa's codes: both techniques, m = 1 (isa's XOR), the defaults, isa's largest Vandermonde shapes, more
// parities than data, a mapping and CRUSH keys.
const Spec kIsaSpecs[] = {
    {"isa_defaults", {{"power8-code", "isa"}}, true},
    {"isa_rsv_k2_m1", {{"power8-code", "isa"}, {"technique", "reed_sol_van"}, {"k", "2"}, {"m", "1"}}, true},
    {"isa_rsv_k4_m2", {{"power8-code", "isa"}, {"k", "4"}, {"m", "2"}}, true},
    {"isa_rsv_k8_m3", {{"power8-code", "isa"}, {"technique", "reed_sol_van"}, {"k", "8"}, {"m", "3"}}, true},
    {"isa_rsv_k21_m4", {{"power8-code", "isa"}, {"technique", "reed_sol_van"}, {"k", "21"}, {"m", "4"}}, true},
    {"isa_rsv_k32_m3", {{"power8-code", "isa"}, {"technique", "reed_sol_van"}, {"k", "32"}, {"m", "3"}}, true},
    {"isa_rsv_k4_m2_map", {{"power8-code", "isa"}, {"technique", "reed_sol_van"}, {"k", "4"}, {"m", "2"},
                           {"mapping", "_DD_DD"}}, true},
    {"isa_rsv_k3_m2_crush", {{"power8-code", "isa"}, {"k", "3"}, {"m", "2"}, {"crush-root", "ssd"},
                             {"crush-failure-domain", "osd"}, {"crush-device-class", "nvme"}}, true},
    {"isa_cauchy_k3_m1", {{"power8-code", "isa"}, {"technique", "cauchy"}, {"k", "3"}, {"m", "1"}}, true},
    {"isa_cauchy_k4_m2", {{"power8-code", "isa"}, {"technique", "cauchy"}, {"k", "4"}, {"m", "2"}}, true},
    {"isa_cauchy_k6_m3", {{"power8-code", "isa"}, {"technique", "cauchy"}, {"k", "6"}, {"m", "3"}}, true},
    {"isa_cauchy_k10_m6", {{"power8-code", "isa"}, {"technique", "cauchy"}, {"k", "10"}, {"m", "6"}}, true},
    {"isa_cauchy_k4_m8", {{"power8-code", "isa"}, {"technique", "cauchy"}, {"k", "4"}, {"m", "8"}}, true},
    {"isa_cauchy_k3_m2_map", {{"power8-code", "isa"}, {"technique", "cauchy"}, {"k", "3"}, {"m", "2"},
                              {"mapping", "DD_D_"}}, true},
};

bool isa_code(const Profile &p) { return p.count("power8-code") && p.at("power8-code") == "isa"; }

[[noreturn]] void fail(const std::string &why) { throw std::runtime_error(why); }

bool exists(const std::string &path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}


// Ceph 16.2 ErasureCodeIsa::get_chunk_size(): a k-th of the stripe, rounded up to EC_ISA_ADDRESS_ALIGNMENT.
unsigned isa_chunk_size(const Profile &p, unsigned width) {
  const unsigned k = std::stoul(p.at("k")), alignment = 32;
  unsigned c = (width + k - 1) / k;
  if (c % alignment)
    c += alignment - c % alignment;
  return c;
}

// Ceph 16.2 ErasureCodeJerasure*::get_alignment() and ErasureCode*::get_chunk_size(), in their own
// terms (LARGEST_VECTOR_WORDSIZE 16, sizeof(int) 4, w 8). Returns false where jerasure would
// ceph_assert (a per-chunk-aligned chunk smaller than the alignment): no oracle there.
bool jerasure_chunk_size(const Profile &p, unsigned width, unsigned *chunk) {
  const std::string t = p.at("technique");
  const unsigned k = std::stoul(p.at("k")), w = 8, lvw = 16, int_size = 4;
  const bool raid6 = t == "reed_sol_r6_op";
  const bool pca = !raid6 && (p.at("jerasure-per-chunk-alignment") == "true" ||
                              p.at("jerasure-per-chunk-alignment") == "yes");
  unsigned alignment;
  if (t == "cauchy_orig" || t == "cauchy_good") {
    const unsigned packetsize = std::stoul(p.at("packetsize"));
    if (pca) {
      alignment = w * packetsize;
      if (alignment % lvw)
        alignment += lvw - alignment % lvw;
    } else {
      alignment = k * w * packetsize * int_size;
      if ((w * packetsize * int_size) % lvw)
        alignment = k * w * packetsize * lvw;
    }
  } else if (pca) {
    alignment = w * lvw;
  } else {
    alignment = k * w * int_size;
    if ((w * int_size) % lvw)
      alignment = k * w * lvw;
  }
  if (pca) {
    unsigned c = width / k + (width % k ? 1 : 0);
    if (alignment > c)
      return false;
    if (c % alignment)
      c += alignment - c % alignment;
    *chunk = c;
    return true;
  }
  const unsigned tail = width % alignment;
  const unsigned padded = width + (tail ? alignment - tail : 0);
  if (padded % k)
    fail("jerasure would assert padded % k == 0");
  *chunk = padded / k;
  return true;
}

// The k+m chunks libjerasure makes of `object` (logical order: data, then parity), as the stock plugin
// calls it.
std::vector<std::string> jerasure_chunks(const Profile &p, const std::string &object, unsigned chunk) {
  const std::string t = p.at("technique");
  const int k = std::stoi(p.at("k")), m = std::stoi(p.at("m"));
  std::vector<std::string> chunks(k + m, std::string(chunk, '\0'));
  for (int i = 0; i < k; i++)
    if (std::size_t{static_cast<unsigned>(i)} * chunk < object.size())
      chunks[i].replace(0, std::min<std::size_t>(chunk, object.size() - std::size_t{static_cast<unsigned>(i)} * chunk),
                        object, std::size_t{static_cast<unsigned>(i)} * chunk, chunk);
  if (chunk == 0)
    return chunks;
  std::vector<char *> dp, cp;
  for (int i = 0; i < k; i++)
    dp.push_back(chunks[i].data());
  for (int i = k; i < k + m; i++)
    cp.push_back(chunks[i].data());
  const int size = static_cast<int>(chunk);
  if (t == "reed_sol_van") {
    int *matrix = reed_sol_vandermonde_coding_matrix(k, m, 8);
    jerasure_matrix_encode(k, m, 8, matrix, dp.data(), cp.data(), size);
    std::free(matrix);
  } else if (t == "reed_sol_r6_op") {
    reed_sol_r6_encode(k, 8, dp.data(), cp.data(), size);
  } else {
    int *matrix = t == "cauchy_orig" ? cauchy_original_coding_matrix(k, m, 8) : cauchy_good_general_coding_matrix(k, m, 8);
    int *bitmatrix = jerasure_matrix_to_bitmatrix(k, m, 8, matrix);
    int **schedule = jerasure_smart_bitmatrix_to_schedule(k, m, 8, bitmatrix);
    jerasure_schedule_encode(k, m, 8, schedule, dp.data(), cp.data(), size, std::stoi(p.at("packetsize")));
    jerasure_free_schedule(schedule);
    std::free(bitmatrix);
    std::free(matrix);
  }
  return chunks;
}

// The k+m chunks libisal makes of `object` (logical order: data, then parity), as the stock isa plugin does.
std::vector<std::string> isal_chunks(const Profile &p, const std::string &object, unsigned chunk) {
  const unsigned k = std::stoul(p.at("k")), m = std::stoul(p.at("m"));
  std::vector<std::string> chunks(k + m, std::string(chunk, '\0'));
  for (unsigned i = 0; i < k; i++)
    if (std::size_t{i} * chunk < object.size())
      chunks[i].replace(0, std::min<std::size_t>(chunk, object.size() - std::size_t{i} * chunk), object,
                        std::size_t{i} * chunk, chunk);
  if (chunk == 0)
    return chunks;
  const codec::Technique t = p.at("technique") == "cauchy" ? codec::Technique::isa_cauchy
                                                          : codec::Technique::isa_reed_sol_van;
  const std::vector<std::string> parity =
      test::isal_parity(t, k, m, std::vector<std::string>(chunks.begin(), chunks.begin() + k), chunk);
  std::copy(parity.begin(), parity.end(), chunks.begin() + k);
  return chunks;
}

// All shards of the codec's encoding of object, concatenated in shard order.
std::string encode_all(power8::ErasureCodePower8 &codec, const std::string &object) {
  ceph::bufferlist in;
  in.append(object.data(), object.size());
  std::set<int> all;
  for (unsigned i = 0; i < codec.get_chunk_count(); i++)
    all.insert(static_cast<int>(i));
  std::map<int, ceph::bufferlist> encoded;
  if (codec.encode(all, in, &encoded) != 0)
    fail("encode failed");
  std::string out;
  for (auto &shard : encoded)
    out += shard.second.to_str();
  return out;
}

Row make_row(const Spec &spec, const std::string &dir, std::map<std::string, std::string> *files) {
  Row row;
  row.id = spec.id;
  row.input = spec.input;
  row.has_chunks = spec.chunks;
  bool first = true;
  for (const simd::Kernels *kernels : simd::runnable_built_variants()) {
    power8::AdapterCodec codec(*kernels);
    Profile p = spec.input;
    std::ostringstream ss;
    if (codec.init(p, &ss) != 0)
      fail(std::string(spec.id) + ": init refused: " + ss.str());
    std::map<unsigned, unsigned> sizes;
    for (unsigned width : stripe_widths())
      sizes[width] = codec.get_chunk_size(width);
    if (first) {
      row.written_back = p;
      row.chunk_sizes = sizes;
      for (unsigned width : stripe_widths()) {
        unsigned expected = 0;
        if (isa_code(p))
          expected = isa_chunk_size(p, width);
        else if (!jerasure_chunk_size(p, width, &expected))
          std::cerr << spec.id << ": width " << width << ": jerasure asserts; power8 says " << sizes[width] << "\n";
        else if (expected != sizes[width])
          fail(std::string(spec.id) + ": chunk size for " + std::to_string(width) + " differs from the stock plugin's");
      }
    } else if (p != row.written_back || sizes != row.chunk_sizes) {
      fail(std::string(spec.id) + ": variant " + kernels->name + " disagrees on profile or chunk sizes");
    }
    if (spec.chunks) {
      for (std::size_t size : object_sizes()) {
        const std::string object = golden_object(size);
        const std::string bytes = encode_all(codec, object);
        const std::string name = chunk_file_name(spec.id, size);
        if (first) {
          const unsigned chunk = codec.get_chunk_size(static_cast<unsigned>(size));
          const std::vector<std::string> oracle =
              isa_code(p) ? isal_chunks(p, object, chunk) : jerasure_chunks(p, object, chunk);
          std::string expected;
          for (unsigned shard = 0; shard < codec.get_chunk_count(); shard++)
            expected += oracle[codec.logical_chunk(static_cast<int>(shard))];
          if (bytes != expected)
            fail(name + ": codec chunks differ from the stock plugin's library's");
          (*files)[dir + "/" + name] = bytes;
        } else if (bytes != (*files)[dir + "/" + name]) {
          fail(name + ": variant " + kernels->name + " encodes different bytes");
        }
      }
    }
    first = false;
  }
  return row;
}

void write_file(const std::string &path, const std::string &bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!f)
    fail("cannot write " + path);
}

int run(const std::string &dir, bool isa) {
  const std::string table = dir + (isa ? "/isa-profiles.tsv" : "/profiles.tsv");
  std::map<std::string, std::string> files;
  std::string text =
      isa ? "# Golden profiles of plugin=power8 with power8-code=isa: written once by test/golden/make_golden\n"
            "# --isa, checked against libisal and isa's chunk-size rule at that time. NEVER regenerate or\n"
            "# edit a row: add new rows (new ids) instead. Columns as in profiles.tsv.\n"
          : "# Golden profiles of plugin=power8: written once by test/golden/make_golden, checked against\n"
            "# libjerasure and jerasure's chunk-size rules at that time. NEVER regenerate or edit a row:\n"
            "# add new rows (new ids) instead. Columns: id, input profile, written-back profile,\n"
            "# stripe width:chunk size, whether chunks/<id>.<object size>.bin exist.\n";
  for (const Spec &spec : isa ? std::vector<Spec>(std::begin(kIsaSpecs), std::end(kIsaSpecs))
                              : std::vector<Spec>(std::begin(kSpecs), std::end(kSpecs)))
    text += format_row(make_row(spec, dir, &files)) + "\n";
  files[table] = text;
  for (const auto &f : files)
    if (exists(f.first))
      fail(f.first + " exists: golden data is never regenerated (add rows with new ids instead)");
  mkdir((dir + "/chunks").c_str(), 0755);
  for (const auto &f : files)
    write_file(f.first, f.second);
  std::cout << "wrote " << files.size() << " files under " << dir << "\n";
  return 0;
}

} // namespace
} // namespace ec::golden

int main(int argc, char **argv) {
  const bool isa = argc == 3 && std::string(argv[1]) == "--isa";
  if (argc != 2 && !isa) {
    std::cerr << "usage: make_golden [--isa] <data dir>\n";
    return 2;
  }
  try {
    return ec::golden::run(argv[argc - 1], isa);
  } catch (const std::exception &e) {
    std::cerr << "make_golden: " << e.what() << "\n";
    return 1;
  }
}
