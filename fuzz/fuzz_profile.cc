// SPDX-License-Identifier: LGPL-2.1-or-later
// init() with arbitrary profiles. The input is lines of "key=value" (a line without '=' is a key with an
// empty value). Checks, beyond "no crash, no sanitizer report":
//  - the best and the generic variant reach the same verdict, message and written-back profile (the
//    monitor and an OSD on another CPU must agree);
//  - a refusal is -EINVAL or -ENOENT with a message; an acceptance survives a second init() unchanged;
//  - accepted: chunk sizes cover the stripe and are aligned as the bitmatrix needs; small codes encode a
//    small object and decode it back with m erasures.
#include <cerrno>
#include <set>
#include <sstream>
#include <string>

#include "erasure-code/power8/common/ErasureCodePower8.h"
#include "fuzz_common.h"

namespace {

using ec::power8::ErasureCodePower8;

ceph::ErasureCodeProfile parse(const std::uint8_t *data, std::size_t size) {
  ceph::ErasureCodeProfile p;
  std::string line;
  auto flush = [&] {
    const auto eq = line.find('=');
    if (!line.empty())
      p[line.substr(0, eq)] = eq == std::string::npos ? "" : line.substr(eq + 1);
    line.clear();
  };
  for (std::size_t i = 0; i < size; i++) {
    if (data[i] == '\n')
      flush();
    else
      line += static_cast<char>(data[i]);
  }
  flush();
  return p;
}

void round_trip(ErasureCodePower8 &codec, std::size_t object_size) {
  const unsigned n = codec.get_chunk_count(), m = codec.get_coding_chunk_count();
  std::string object(object_size, '\0');
  ec::fuzz::fill(reinterpret_cast<std::uint8_t *>(object.data()), object.size(), static_cast<std::uint32_t>(object_size));
  ceph::bufferlist in;
  in.append(object);
  std::set<int> all;
  for (unsigned i = 0; i < n; i++)
    all.insert(static_cast<int>(i));
  std::map<int, ceph::bufferlist> encoded;
  FUZZ_CHECK(codec.encode(all, in, &encoded) == 0);
  FUZZ_CHECK(encoded.size() == n);
  std::map<int, ceph::bufferlist> chunks = encoded;
  for (unsigned i = 0; i < m; i++)
    chunks.erase(static_cast<int>((i * 7 + 1) % n)); // m distinct shards when gcd(7, n) = 1, fewer otherwise
  ceph::bufferlist concat;
  FUZZ_CHECK(codec.decode_concat(chunks, &concat) == 0);
  FUZZ_CHECK(concat.length() >= object.size());
  FUZZ_CHECK(concat.to_str().compare(0, object.size(), object) == 0);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  if (size > 4096)
    return 0;
  const ceph::ErasureCodeProfile input = parse(data, size);
  ErasureCodePower8 best(*ec::fuzz::runnable().front()), generic(*ec::fuzz::runnable().back());
  ceph::ErasureCodeProfile p1 = input, p2 = input;
  std::ostringstream ss1, ss2;
  const int r = best.init(p1, &ss1);
  FUZZ_CHECK(generic.init(p2, &ss2) == r);
  FUZZ_CHECK(p1 == p2);
  FUZZ_CHECK(ss1.str() == ss2.str());
  if (r != 0) {
    FUZZ_CHECK(r == -EINVAL || r == -ENOENT);
    FUZZ_CHECK(!ss1.str().empty());
    return 0;
  }
  FUZZ_CHECK(best.get_profile() == p1);
  ceph::ErasureCodeProfile again = p1;
  std::ostringstream ss3;
  FUZZ_CHECK(best.init(again, &ss3) == 0);
  FUZZ_CHECK(again == p1);
  const unsigned k = best.get_data_chunk_count();
  FUZZ_CHECK(k >= 2 && best.get_chunk_count() <= 256);
  for (unsigned width : {1u, 4096u, 1u << 20, 123457u}) {
    const std::uint64_t chunk = best.get_chunk_size(width);
    FUZZ_CHECK(chunk == generic.get_chunk_size(width));
    FUZZ_CHECK(chunk * k >= width);
    const auto &params = best.parameters();
    if (ec::codec::is_bitmatrix(params.technique))
      FUZZ_CHECK(chunk % (std::uint64_t{8} * params.packetsize) == 0);
  }
  const std::size_t object_size = size * 3;
  if (best.get_chunk_count() <= 32 &&
      std::uint64_t{best.get_chunk_size(static_cast<unsigned>(object_size))} * best.get_chunk_count() <= (1u << 20))
    round_trip(best, object_size);
  return 0;
}
