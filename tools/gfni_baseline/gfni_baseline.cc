// SPDX-License-Identifier: LGPL-2.1-or-later
// How close plugin=power8 gets to the plainest fast AVX-512 GFNI encode loop (baseline_loop.cc) on this
// machine: the baseline, the avx512_gfni dot_prod kernel called directly, and the whole codec encode
// (ErasureCodePower8::encode with Ceph bufferlists, chunk map built and freed per call as the OSD and
// ceph_erasure_code_benchmark do), all on the same reed_sol_van matrix and the same input, interleaved
// over passes, medians reported. Bytes are checked equal before timing. A benchmark, not a test.
//
// Usage: gfni_baseline [passes, default 7] [seconds per measurement, default 0.05]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "baseline_loop.h"
#include "adapter_codec.h" // the adapter built: power8::AdapterCodec
#include "erasure-code/power8/common/ErasureCodePower8.h"
#include "gf/expand.h"
#include "gf/matrix.h"
#include "simd/variants.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Shape {
  unsigned k, m;
  std::size_t object; // bytes encoded per call
  const char *label;
};

// Calls per second of f, run in batches until `seconds` have passed.
template <class F> double calls_per_second(F &&f, double seconds) {
  long n = 0;
  const auto start = Clock::now();
  double elapsed = 0;
  do {
    for (int i = 0; i < 16; i++, n++)
      f();
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  } while (elapsed < seconds);
  return n / elapsed;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Bench {
  Shape shape;
  std::unique_ptr<ec::power8::ErasureCodePower8> codec;
  ceph::bufferlist object;
  std::set<int> all;
  std::vector<std::uint64_t> matrices;
  std::size_t chunk = 0;
  std::vector<std::uint8_t> padded; // the object zero-padded to k chunks, for the kernel and the baseline
  std::vector<std::uint8_t> tables_storage;
  std::uint8_t *tables = nullptr;
  std::vector<const std::uint8_t *> src;
  std::vector<std::uint8_t *> dst;
  std::vector<std::vector<std::uint8_t>> parity_storage;
  std::vector<double> gbps[4]; // baseline (matrices in memory), baseline (in registers), kernel, codec
};

} // namespace

int main(int argc, char **argv) {
  const int passes = argc > 1 ? std::atoi(argv[1]) : 7;
  const double seconds = argc > 2 ? std::atof(argv[2]) : 0.05;
  const ec::simd::Kernels *kernels = ec::simd::find_built_variant("avx512_gfni");
  bool runnable = false;
  for (const ec::simd::Kernels *v : ec::simd::runnable_built_variants())
    runnable |= v == kernels;
  if (!kernels || !runnable) {
    std::fprintf(stderr, "gfni_baseline: the avx512_gfni variant is not built or this CPU cannot run it\n");
    return 1;
  }
  const unsigned km[][2] = {{4, 2}, {6, 2}, {8, 3}, {10, 4}};
  std::vector<Bench> benches;
  for (const auto &p : km)
    for (int stripe = 0; stripe < 2; stripe++) {
      Bench b;
      const unsigned k = p[0], m = p[1];
      b.shape = {k, m, stripe ? std::size_t{k} * 4096 : std::size_t{1} << 20, stripe ? "k x 4 KiB" : "1 MiB"};
      benches.push_back(std::move(b));
    }

  std::mt19937_64 rng(0x5eed);
  for (Bench &b : benches) {
    const unsigned k = b.shape.k, m = b.shape.m;
    b.codec = std::make_unique<ec::power8::AdapterCodec>(*kernels);
    ceph::ErasureCodeProfile profile{{"technique", "reed_sol_van"}, {"k", std::to_string(k)}, {"m", std::to_string(m)}};
    if (b.codec->init(profile, &std::cerr) != 0)
      return 1;
    const std::size_t object_size = b.shape.object;
    b.chunk = b.codec->get_chunk_size(static_cast<unsigned>(object_size));
    ceph::bufferptr ptr(ceph::buffer::create_aligned(static_cast<unsigned>(object_size), 64));
    for (std::size_t i = 0; i < object_size; i++)
      ptr.c_str()[i] = static_cast<char>(rng());
    b.object.push_back(std::move(ptr));
    b.padded.assign(b.chunk * k + 64, 0);
    std::uint8_t *padded = b.padded.data() + (-reinterpret_cast<std::uintptr_t>(b.padded.data()) % 64);
    std::memcpy(padded, b.object.c_str(), object_size);
    for (unsigned i = 0; i < k + m; i++)
      b.all.insert(static_cast<int>(i));

    const ec::gf::Matrix coding = ec::gf::reed_sol_van_matrix(k, m);
    b.tables_storage.resize(coding.size() * kernels->table_bytes + ec::simd::kTableAlignment);
    b.tables = b.tables_storage.data() + (-reinterpret_cast<std::uintptr_t>(b.tables_storage.data()) %
                                          ec::simd::kTableAlignment);
    for (std::size_t i = 0; i < coding.size(); i++) {
      b.matrices.push_back(ec::gf::affine_matrix(coding[i]));
      kernels->expand(coding[i], b.tables + i * kernels->table_bytes);
    }
    for (unsigned j = 0; j < k; j++)
      b.src.push_back(padded + j * b.chunk);
    b.parity_storage.assign(m, std::vector<std::uint8_t>(b.chunk + 64));
    for (unsigned r = 0; r < m; r++)
      b.dst.push_back(b.parity_storage[r].data() + (-reinterpret_cast<std::uintptr_t>(b.parity_storage[r].data()) % 64));

    // The three must agree byte for byte before any of them is timed.
    std::map<int, ceph::bufferlist> encoded;
    if (b.codec->encode(b.all, b.object, &encoded) != 0)
      return 1;
    std::vector<std::vector<std::uint8_t>> kernel_out(m, std::vector<std::uint8_t>(b.chunk));
    std::vector<std::uint8_t *> kout;
    for (auto &v : kernel_out)
      kout.push_back(v.data());
    kernels->dot_prod(b.chunk, k, m, b.tables, b.src.data(), kout.data());
    for (int in_registers = 0; in_registers < 2; in_registers++) {
      gfni_baseline::encode(k, m, in_registers, b.chunk, b.matrices.data(), b.src.data(), b.dst.data());
      for (unsigned r = 0; r < m; r++) {
        if (std::memcmp(kout[r], b.dst[r], b.chunk) != 0) {
          std::fprintf(stderr, "gfni_baseline: %u+%u %s: baseline parity %u differs from the kernel's\n", k, m,
                       b.shape.label, r);
          return 1;
        }
      }
    }
    for (unsigned r = 0; r < m; r++) {
      if (
          std::memcmp(kout[r], encoded[static_cast<int>(k + r)].c_str(), b.chunk) != 0) {
        std::fprintf(stderr, "gfni_baseline: %u+%u %s: parity %u differs between baseline, kernel and codec\n", k,
                     m, b.shape.label, r);
        return 1;
      }
    }
  }

  for (int pass = 0; pass < passes; pass++) {
    for (Bench &b : benches) {
      const double bytes = static_cast<double>(b.shape.object);
      for (int in_registers = 0; in_registers < 2; in_registers++)
        b.gbps[in_registers].push_back(bytes / 1e9 * calls_per_second([&] {
          gfni_baseline::encode(b.shape.k, b.shape.m, in_registers, b.chunk, b.matrices.data(), b.src.data(),
                                b.dst.data());
        }, seconds));
      b.gbps[2].push_back(bytes / 1e9 * calls_per_second([&] {
        kernels->dot_prod(b.chunk, b.shape.k, b.shape.m, b.tables, b.src.data(), b.dst.data());
      }, seconds));
      b.gbps[3].push_back(bytes / 1e9 * calls_per_second([&] {
        std::map<int, ceph::bufferlist> encoded;
        b.codec->encode(b.all, b.object, &encoded);
      }, seconds));
    }
  }

  std::printf("avx512_gfni, %d interleaved passes, medians (GB/s of data encoded)\n\n", passes);
  std::printf("baseline = the faster of its two forms (matrices as memory operands / in registers)\n\n");
  std::printf("| k+m | size | baseline mem | baseline reg | kernel dot_prod | codec encode | kernel/baseline | "
              "codec/baseline |\n");
  std::printf("|---|---|---:|---:|---:|---:|---:|---:|\n");
  for (Bench &b : benches) {
    const double mem = median(b.gbps[0]), reg = median(b.gbps[1]), kern = median(b.gbps[2]),
                 codec = median(b.gbps[3]);
    const double base = std::max(mem, reg);
    std::printf("| %u+%u | %s | %.2f | %.2f | %.2f | %.2f | %.2fx | %.2fx |\n", b.shape.k, b.shape.m, b.shape.label,
                mem, reg, kern, codec, kern / base, codec / base);
  }
  return 0;
}
