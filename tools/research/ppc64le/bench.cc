// SPDX-License-Identifier: LGPL-2.1-or-later
// Encode driver for instruction counting under qemu (tools/research/ppc64le/evidence): encodes k data chunks into
// m parity chunks, repeatedly, with one implementation, then prints a digest of the parity so that every
// implementation can be checked against the others. It never times anything: emulated speed says nothing
// about POWER hardware.
//
//   ec_ppc64le_bench <power8|power9|generic|...> K M CHUNK_BYTES DATA_BYTES
//   ec_ppc64le_bench_isal_<cpu> isal K M CHUNK_BYTES DATA_BYTES      (ISA-L's ec_encode_data)
// DATA_BYTES is the total of data encoded: DATA_BYTES / (K * CHUNK_BYTES) calls.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#ifdef EC_BENCH_ISAL
#include <isa-l/erasure_code.h>
#else
#include "simd/variants.h"
#endif

namespace {

std::uint8_t *aligned(std::size_t n) {
  void *p = nullptr;
  if (posix_memalign(&p, 4096, n))
    std::abort();
  return static_cast<std::uint8_t *>(p);
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: %s IMPL K M CHUNK_BYTES DATA_BYTES\n", argv[0]);
    return 2;
  }
  const std::string impl = argv[1];
  const unsigned k = std::atoi(argv[2]), m = std::atoi(argv[3]);
  const std::size_t chunk = std::strtoull(argv[4], nullptr, 0), total = std::strtoull(argv[5], nullptr, 0);
  const std::size_t calls = total / (k * chunk);
  if (k < 1 || m < 1 || k * m > 256 || chunk < 64 || calls < 1) {
    std::fprintf(stderr, "bad shape\n");
    return 2;
  }
  std::vector<std::uint8_t *> data(k), parity(m);
  for (unsigned j = 0; j < k; j++) {
    data[j] = aligned(chunk);
    for (std::size_t i = 0; i < chunk; i++)
      data[j][i] = static_cast<std::uint8_t>((i * 131 + j * 71 + (i >> 8)) ^ (i >> 3));
  }
  for (unsigned r = 0; r < m; r++)
    parity[r] = aligned(chunk);
  // Any fixed nonzero matrix: the instruction counts do not depend on the values.
  std::vector<std::uint8_t> coefs(m * k);
  for (unsigned i = 0; i < m * k; i++)
    coefs[i] = static_cast<std::uint8_t>(1 + (i * 37 + 11) % 255);

#ifdef EC_BENCH_ISAL
  if (impl != "isal")
    return 2;
  std::vector<unsigned char> gftbls(32 * m * k);
  ec_init_tables(k, m, coefs.data(), gftbls.data());
  for (std::size_t c = 0; c < calls; c++)
    ec_encode_data(static_cast<int>(chunk), k, m, gftbls.data(), data.data(), parity.data());
#else
  const ec::simd::Kernels *kern = ec::simd::find_built_variant(impl);
  if (!kern) {
    std::fprintf(stderr, "no variant %s in this build\n", impl.c_str());
    return 2;
  }
  std::uint8_t *tables = aligned(m * k * kern->table_bytes);
  for (unsigned i = 0; i < m * k; i++)
    kern->expand(coefs[i], tables + i * kern->table_bytes);
  for (std::size_t c = 0; c < calls; c++)
    kern->dot_prod(chunk, k, m, tables, data.data(), parity.data());
#endif

  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned r = 0; r < m; r++)
    for (std::size_t i = 0; i < chunk; i++)
      h = (h ^ parity[r][i]) * 0x100000001b3ull;
  std::printf("%s k=%u m=%u chunk=%zu calls=%zu data_bytes=%zu parity_fnv=%016" PRIx64 "\n", impl.c_str(), k, m,
              chunk, calls, calls * k * chunk, h);
  return 0;
}
