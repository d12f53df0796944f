// SPDX-License-Identifier: LGPL-2.1-or-later
// Encode, update and decode driver for instruction counting under qemu (tools/research/ppc64le/evidence,
// tools/research/s390x/evidence): the calls a user of each library makes, on the same code (ISA-L's
// gf_gen_rs_matrix, which power8-code=isa technique=reed_sol_van builds too, or jerasure's reed_sol_van),
// the same data and the same erasures. It never times anything.
//
//   <arch>_workloads VARIANT[/jerasure] WORKLOAD K M CHUNK_BYTES CALLS   power8's engine on that variant,
//                                            with isa's code, or with jerasure's (power8-code=jerasure)
//   <arch>_workloads_isal[_<cpu>] isal WORKLOAD K M CHUNK_BYTES CALLS     ISA-L (EC_BENCH_ISAL)
//   <arch>_workloads_jerasure jerasure WORKLOAD K M CHUNK_BYTES CALLS    jerasure over gf-complete, w=8
//                                                                        (EC_BENCH_JERASURE)
// WORKLOAD:
//   encode     k data chunks into m parities: Codec::encode / ec_encode_data
//   update     the last data chunk's delta into every parity: Codec::apply_delta / ec_encode_data_update /
//              galois_w08_region_multiply with add per parity (jerasure has no update call)
//   decode-L   data chunks 0..L-1 lost, rebuilt from the first k survivors: Codec::decode / Ceph's isa
//              recipe (isal_compare's IsalDecoder: inverted survivor matrix, ec_init_tables, tables cached
//              per erasure pattern, ec_encode_data) / jerasure_matrix_decode, as Ceph's jerasure plugin
// One warm-up call (it builds and caches the decode plans) precedes the CALLS counted calls, which run
// between ec_bench_count_start() and ec_bench_count_stop(): the counting plugin's start= and stop= markers.
// Afterwards each output is checked against the data, independently of the other library, and a digest
// of it is printed so that the script can compare the libraries' outputs.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#if defined(EC_BENCH_ISAL)
#include <isa-l/erasure_code.h>

#include "isal_decoder.h"
#elif defined(EC_BENCH_JERASURE)
#include <jerasure.h>
#include <galois.h>
#include <reed_sol.h>
#else
#include <sstream>

#include "codec/codec.h"
#include "codec/decode_cache.h"
#include "simd/variants.h"
#endif

// Each Library's calls are functions of their own, so that a count can leave out the driver's main: its
// loop and an update's bookkeeping, which the compiler builds differently in each driver (a byte loop of
// 9 instructions a byte in one, words in another), are nobody's work.
#define EC_BENCH_WRAPPER __attribute__((noinline))

// The counting window's markers: never inlined, and with a body, so that each is a function qemu can see.
extern "C" __attribute__((noinline)) void ec_bench_count_start() { asm volatile(""); }
extern "C" __attribute__((noinline)) void ec_bench_count_stop() { asm volatile(""); }

namespace {

// The most chunks (k + m) the driver takes: its wrappers' arrays are fixed.
constexpr unsigned kMaxChunks = 32;

[[noreturn]] void fail(const std::string &what) {
  std::fprintf(stderr, "workloads: %s\n", what.c_str());
  std::exit(1);
}

std::uint8_t *aligned(std::size_t n) {
  void *p = nullptr;
  if (posix_memalign(&p, 4096, n))
    std::abort();
  std::memset(p, 0, n);
  return static_cast<std::uint8_t *>(p);
}

#if defined(EC_BENCH_ISAL)
// ISA-L as a user calls it: the generator once, the parity rows' tables once.
class Library {
public:
  Library(const std::string &impl, unsigned k, unsigned m)
      : k_(k), m_(m), generator_(std::size_t{k + m} * k), tables_(32 * std::size_t{k} * m) {
    if (impl != "isal")
      fail("this build runs ISA-L only (isal)");
    gf_gen_rs_matrix(generator_.data(), static_cast<int>(k + m), static_cast<int>(k));
    ec_init_tables(static_cast<int>(k), static_cast<int>(m), generator_.data() + std::size_t{k} * k, tables_.data());
    decoder_ = std::make_unique<isal_compare::IsalDecoder>(k, m, generator_);
  }
  EC_BENCH_WRAPPER void encode(std::size_t len, std::uint8_t **data, std::uint8_t **parity) {
    ec_encode_data(static_cast<int>(len), k_, m_, tables_.data(), data, parity);
  }
  EC_BENCH_WRAPPER void update(std::size_t len, unsigned j, std::uint8_t *delta, std::uint8_t **parity) {
    ec_encode_data_update(static_cast<int>(len), k_, m_, j, tables_.data(), delta, parity);
  }
  // chunks by id, nullptr = lost; rebuilt[i] for the i-th lost id.
  EC_BENCH_WRAPPER void decode(std::size_t len, std::uint8_t **chunks, std::uint8_t **rebuilt) {
    if (!decoder_->decode(len, chunks, rebuilt))
      fail("ISA-L could not decode");
  }

private:
  int k_, m_;
  std::vector<std::uint8_t> generator_, tables_;
  std::unique_ptr<isal_compare::IsalDecoder> decoder_;
};
#elif defined(EC_BENCH_JERASURE)
// jerasure as Ceph's jerasure plugin calls it for technique=reed_sol_van: the coding matrix once, then
// jerasure_matrix_encode and jerasure_matrix_decode (which inverts the survivors' matrix on every call).
class Library {
public:
  Library(const std::string &impl, unsigned k, unsigned m) : k_(k), m_(m) {
    if (impl != "jerasure")
      fail("this build runs jerasure only (jerasure)");
    matrix_ = reed_sol_vandermonde_coding_matrix(k_, m_, 8);
    if (!matrix_)
      fail("jerasure has no reed_sol_van matrix for this k and m");
  }
  ~Library() { std::free(matrix_); }
  Library(const Library &) = delete;
  Library &operator=(const Library &) = delete;
  EC_BENCH_WRAPPER void encode(std::size_t len, std::uint8_t **data, std::uint8_t **parity) {
    jerasure_matrix_encode(k_, m_, 8, matrix_, reinterpret_cast<char **>(data), reinterpret_cast<char **>(parity),
                           static_cast<int>(len));
  }
  EC_BENCH_WRAPPER void update(std::size_t len, unsigned j, std::uint8_t *delta, std::uint8_t **parity) {
    for (int r = 0; r < m_; r++)
      galois_w08_region_multiply(reinterpret_cast<char *>(delta), matrix_[r * k_ + static_cast<int>(j)],
                                 static_cast<int>(len), reinterpret_cast<char *>(parity[r]), 1);
  }
  EC_BENCH_WRAPPER void decode(std::size_t len, std::uint8_t **chunks, std::uint8_t **rebuilt) {
    // On the stack, as Ceph's jerasure plugin builds them: a heap block a call would be counted too.
    int erasures[kMaxChunks + 1];
    char *data[kMaxChunks], *coding[kMaxChunks];
    int nerased = 0;
    for (int id = 0, i = 0; id < k_ + m_; id++) {
      char *p = reinterpret_cast<char *>(chunks[id]);
      if (!p) {
        erasures[nerased++] = id;
        p = reinterpret_cast<char *>(rebuilt[i++]);
      }
      (id < k_ ? data[id] : coding[id - k_]) = p;
    }
    erasures[nerased] = -1;
    if (jerasure_matrix_decode(k_, m_, 8, matrix_, 1, erasures, data, coding, static_cast<int>(len)) != 0)
      fail("jerasure could not decode");
  }

private:
  int k_, m_;
  int *matrix_ = nullptr;
};
#else
// Codec::apply_delta's common case is inline (codec.h), so its instructions land in the caller: this
// wrapper is that caller, a function of its own whose name workload-counts counts as codec layer.
extern "C" __attribute__((noinline)) int ec_bench_codec_apply_delta(const ec::codec::Codec &codec, std::size_t len,
                                                                    unsigned j, const std::uint8_t *delta,
                                                                    std::uint8_t *const *parity) {
  return codec.apply_delta(len, j, delta, parity);
}

// power8's engine as the plugin drives it, with isa's Reed-Solomon code, or jerasure's (VARIANT/jerasure).
class Library {
public:
  Library(const std::string &impl, unsigned k, unsigned m) : k_(k), m_(m) {
    const std::size_t slash = impl.find('/');
    const std::string variant = impl.substr(0, slash), code = slash == std::string::npos ? "isa" : impl.substr(slash + 1);
    if (code != "isa" && code != "jerasure")
      fail("no code " + code + " (isa, jerasure)");
    const ec::simd::Kernels *kernels = ec::simd::find_built_variant(variant);
    if (!kernels)
      fail("no variant " + variant + " in this build");
    codec_ = std::make_unique<ec::codec::Codec>(*kernels,
                                                std::make_shared<ec::codec::DecodeCache>(std::size_t{32} << 20));
    ec::codec::Profile profile{{"power8-code", code}, {"technique", "reed_sol_van"}, {"k", std::to_string(k)},
                               {"m", std::to_string(m)}};
    // Only isa's bound on m is used of these defaults (k and m are given).
    const ec::codec::ReleaseDefaults defaults{7, 3, 2, 2048, 32};
    std::ostringstream errors;
    if (codec_->init(profile, defaults, &errors) != 0)
      fail("power8 refuses the profile: " + errors.str());
  }
  EC_BENCH_WRAPPER void encode(std::size_t len, std::uint8_t **data, std::uint8_t **parity) {
    if (codec_->encode(len, data, parity) != 0)
      fail("encode failed");
  }
  EC_BENCH_WRAPPER void update(std::size_t len, unsigned j, std::uint8_t *delta, std::uint8_t **parity) {
    if (ec_bench_codec_apply_delta(*codec_, len, j, delta, parity) != 0)
      fail("apply_delta failed");
  }
  EC_BENCH_WRAPPER void decode(std::size_t len, std::uint8_t **chunks, std::uint8_t **rebuilt) {
    // Codec::decode takes its rebuild buffers by id; on the stack, as the plugin's adapters build them.
    std::uint8_t *by_id[kMaxChunks] = {};
    for (unsigned id = 0, i = 0; id < k_ + m_; id++)
      if (!chunks[id])
        by_id[id] = rebuilt[i++];
    if (codec_->decode(len, chunks, by_id) != 0)
      fail("decode failed");
  }

private:
  unsigned k_, m_;
  std::unique_ptr<ec::codec::Codec> codec_;
};
#endif

std::uint64_t fnv(std::uint64_t h, const std::uint8_t *p, std::size_t n) {
  for (std::size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 7) {
    std::fprintf(stderr, "usage: %s IMPL encode|update|decode-L K M CHUNK_BYTES CALLS\n", argv[0]);
    return 2;
  }
  const std::string impl = argv[1], workload = argv[2];
  const unsigned k = std::atoi(argv[3]), m = std::atoi(argv[4]);
  const std::size_t chunk = std::strtoull(argv[5], nullptr, 0), calls = std::strtoull(argv[6], nullptr, 0);
  const unsigned lost = workload.rfind("decode-", 0) == 0 ? std::atoi(workload.c_str() + 7) : 0;
  if (k < 2 || m < 1 || k + m > kMaxChunks || chunk < 64 || chunk % 64 || calls < 1 ||
      (workload != "encode" && workload != "update" && (lost < 1 || lost > m)))
    fail("bad arguments");

  Library library(impl, k, m);
  std::vector<std::uint8_t *> chunks(k + m), rebuilt(m);
  for (unsigned id = 0; id < k + m; id++)
    chunks[id] = aligned(chunk);
  for (unsigned j = 0; j < k; j++)
    for (std::size_t i = 0; i < chunk; i++)
      chunks[j][i] = static_cast<std::uint8_t>((i * 131 + j * 71 + (i >> 8)) ^ (i >> 3));
  for (unsigned i = 0; i < m; i++)
    rebuilt[i] = aligned(chunk);
  std::uint8_t *delta = aligned(chunk), *delta_sum = aligned(chunk);
  for (std::size_t i = 0; i < chunk; i++)
    delta[i] = static_cast<std::uint8_t>(i * 29 + (i >> 7) + 1);
  std::uint8_t **data = chunks.data(), **parity = chunks.data() + k;
  const unsigned j = k - 1; // the updated chunk: its column has a multiplier in every parity row but the first

  // Parity of the data, for update (which changes it) and decode (which reads it); not counted.
  library.encode(chunk, data, parity);
  std::vector<std::uint8_t *> survivors(chunks);
  for (unsigned id = 0; id < lost; id++)
    survivors[id] = nullptr;

  // The workload is told apart once: a string comparison a call would run in libstdc++, which the count
  // sees (only main itself is left out).
  const bool encode = workload == "encode", update = workload == "update";
  // Each update's delta differs from the last by one byte, so that updates never cancel each other; the
  // byte is changed outside the counting window's symbols (this driver is not counted).
  auto call = [&](std::size_t c) {
    if (encode) {
      library.encode(chunk, data, parity);
    } else if (update) {
      delta[c % chunk] ^= static_cast<std::uint8_t>(c + 1);
      for (std::size_t i = 0; i < chunk; i++)
        delta_sum[i] ^= delta[i];
      library.update(chunk, j, delta, parity);
    } else {
      library.decode(chunk, survivors.data(), rebuilt.data());
    }
  };
  call(0);
  ec_bench_count_start();
  for (std::size_t c = 1; c <= calls; c++)
    call(c);
  ec_bench_count_stop();

  // Checks of each library on its own: updated parity is the parity of the updated data; rebuilt chunks
  // are the lost ones.
  std::uint64_t h = 0xcbf29ce484222325ull;
  if (lost) {
    for (unsigned i = 0; i < lost; i++) {
      if (std::memcmp(rebuilt[i], data[i], chunk) != 0)
        fail(impl + ": rebuilt chunk " + std::to_string(i) + " is wrong");
      h = fnv(h, rebuilt[i], chunk);
    }
  } else {
    std::vector<std::uint8_t> got;
    for (unsigned r = 0; r < m; r++)
      got.insert(got.end(), parity[r], parity[r] + chunk);
    for (std::size_t i = 0; i < chunk; i++)
      data[j][i] ^= delta_sum[i];
    library.encode(chunk, data, parity);
    for (unsigned r = 0; r < m; r++)
      if (std::memcmp(got.data() + r * chunk, parity[r], chunk) != 0)
        fail(impl + ": parity " + std::to_string(r) + " is not the parity of the data");
    h = fnv(h, got.data(), got.size());
  }
  std::printf("%s %s k=%u m=%u chunk=%zu calls=%zu digest=%016" PRIx64 "\n", impl.c_str(), workload.c_str(), k, m,
              chunk, calls, h);
  return 0;
}
