// SPDX-License-Identifier: LGPL-2.1-or-later
// What the decode-plan cache saves where it matters: decoding one OSD stripe (k x 4 KiB) at a time with m
// chunks lost, cache on (the plugin's default) against off (every decode inverts its matrix and expands
// its tables again). Timed with the best variant this CPU runs; a benchmark, not a test.
//
// Usage: decode_cache_bench [seconds per measurement, default 0.3]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <string>

#include "adapter_codec.h" // the adapter built: power8::AdapterCodec
#include "erasure-code/power8/common/ErasureCodePower8.h"
#include "simd/variants.h"

namespace {

using Clock = std::chrono::steady_clock;

// Decodes of the stripe per second, all chunks wanted, the first m shards missing.
double decodes_per_second(ec::power8::ErasureCodePower8 &codec, const std::map<int, ceph::bufferlist> &chunks,
                          double seconds) {
  std::set<int> want;
  for (unsigned i = 0; i < codec.get_chunk_count(); i++)
    want.insert(static_cast<int>(i));
  long n = 0;
  const auto start = Clock::now();
  double elapsed = 0;
  do {
    for (int i = 0; i < 64; i++, n++) {
      std::map<int, ceph::bufferlist> decoded;
      if (codec.decode(want, chunks, &decoded, 0) != 0) {
        std::fprintf(stderr, "decode failed\n");
        std::exit(1);
      }
    }
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  } while (elapsed < seconds);
  return n / elapsed;
}

} // namespace

int main(int argc, char **argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 0.3;
  const ec::simd::Kernels &kernels = *ec::simd::runnable_built_variants().front();
  std::printf("variant %s, stripe = k x 4 KiB, first m chunks lost, all chunks decoded\n", kernels.name);
  std::printf("| k+m | technique | cache on (decodes/s) | cache off (decodes/s) | on/off |\n|---|---|---:|---:|---:|\n");
  const struct {
    const char *technique;
    unsigned k, m;
  } shapes[] = {{"reed_sol_van", 4, 2}, {"reed_sol_van", 8, 3}, {"reed_sol_van", 10, 4},
                {"cauchy_good", 4, 2}, {"reed_sol_van", 16, 4}};
  std::mt19937 rng(1);
  for (const auto &s : shapes) {
    ceph::ErasureCodeProfile profile{{"technique", s.technique}, {"k", std::to_string(s.k)},
                                     {"m", std::to_string(s.m)}, {"packetsize", "64"}};
    double rate[2];
    for (int cached = 1; cached >= 0; cached--) {
      ec::power8::AdapterCodec codec(
          kernels, cached ? std::make_shared<ec::codec::DecodeCache>(ec::codec::DecodeCache::kDefaultMaxBytes) : nullptr);
      ceph::ErasureCodeProfile p = profile;
      if (codec.init(p, &std::cerr) != 0)
        return 1;
      std::string bytes(s.k * 4096, '\0');
      for (auto &c : bytes)
        c = static_cast<char>(rng());
      ceph::bufferlist object;
      object.append(bytes);
      std::map<int, ceph::bufferlist> encoded;
      std::set<int> all;
      for (unsigned i = 0; i < s.k + s.m; i++)
        all.insert(static_cast<int>(i));
      if (codec.encode(all, object, &encoded) != 0)
        return 1;
      for (unsigned i = 0; i < s.m; i++)
        encoded.erase(static_cast<int>(i));
      rate[cached] = decodes_per_second(codec, encoded, seconds);
    }
    std::printf("| %u+%u | %s | %.0f | %.0f | %.2fx |\n", s.k, s.m, s.technique, rate[1], rate[0], rate[1] / rate[0]);
  }
  return 0;
}
