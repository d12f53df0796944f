// SPDX-License-Identifier: LGPL-2.1-or-later
// decode / decode_chunks / decode_concat with arbitrary chunk maps on a few fixed profiles: erasures,
// wanted sets, caller-provided output buffers, chunk lengths, ids, fragmentation and alignment all come
// from the input. Beyond "no crash, no sanitizer report": whenever the chunks are a genuine encoding with
// at most m missing and nothing else wrong, the decode must succeed and give back the encoded bytes; with
// fewer than k chunks it must fail, never return garbage.
//
// Input: profile, object size (2 bytes), erased mask (2), wanted mask (2), flags, then the object's seed.
#include <cerrno>
#include <set>
#include <sstream>
#include <string>

#include "adapter_codec.h" // the adapter built: power8::AdapterCodec
#include "erasure-code/power8/common/ErasureCodePower8.h"
#include "fuzz_common.h"

namespace {

using ec::power8::ErasureCodePower8;

const ceph::ErasureCodeProfile kProfiles[] = {
    {{"technique", "reed_sol_van"}, {"k", "4"}, {"m", "2"}},
    {{"technique", "reed_sol_van"}, {"k", "10"}, {"m", "4"}, {"jerasure-per-chunk-alignment", "true"}},
    {{"technique", "reed_sol_r6_op"}, {"k", "5"}},
    {{"technique", "cauchy_good"}, {"k", "3"}, {"m", "2"}, {"packetsize", "8"}, {"mapping", "D_DD_"}},
    {{"technique", "cauchy_orig"}, {"k", "4"}, {"m", "3"}, {"packetsize", "16"}, {"jerasure-per-chunk-alignment", "true"}},
    {{"technique", "reed_sol_van"}, {"k", "2"}, {"m", "1"}, {"mapping", "_DD"}},
};
constexpr unsigned kProfileCount = sizeof kProfiles / sizeof kProfiles[0];

enum Flags : unsigned {
  kFragment = 1,     // hand chunks over in two pieces
  kMisalign = 2,     // chunks start at an odd address
  kBadLength = 4,    // one chunk one byte short
  kBadId = 8,        // an extra chunk with an id out of range
  kCorrupt = 16,     // flip a byte of a surviving chunk (decoding must still not crash)
  kRawChunks = 32,   // decode_chunks directly, with preallocated outputs for the wanted shards
  kConcat = 64,      // decode_concat instead of decode
  kOddOutputs = 128, // preallocated outputs of the wrong length (decode_chunks must replace them)
};

std::vector<std::unique_ptr<ErasureCodePower8>> &codecs() {
  static std::vector<std::unique_ptr<ErasureCodePower8>> list = [] {
    std::vector<std::unique_ptr<ErasureCodePower8>> out;
    for (const auto &profile : kProfiles) {
      out.push_back(std::make_unique<ec::power8::AdapterCodec>(*ec::fuzz::runnable().front()));
      ceph::ErasureCodeProfile p = profile;
      std::ostringstream ss;
      if (out.back()->init(p, &ss) != 0)
        ec::fuzz::fail("a fixed profile was refused");
    }
    return out;
  }();
  return list;
}

ceph::bufferlist chunk_copy(const ceph::bufferlist &src, unsigned flags) {
  const std::string bytes = src.to_str();
  const unsigned offset = flags & kMisalign ? 3 : 0;
  ceph::bufferlist out;
  const std::size_t cut = flags & kFragment ? bytes.size() / 2 : bytes.size();
  for (auto [from, to] : {std::pair<std::size_t, std::size_t>{0, cut}, {cut, bytes.size()}}) {
    if (from == to)
      continue;
    ceph::bufferptr big(ceph::buffer::create(static_cast<unsigned>(to - from) + offset));
    bytes.copy(big.c_str() + offset, to - from, from);
    out.push_back(ceph::bufferptr(big, offset, static_cast<unsigned>(to - from)));
  }
  return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  ec::fuzz::Input in(data, size);
  ErasureCodePower8 &codec = *codecs()[in.byte() % kProfileCount];
  const unsigned n = codec.get_chunk_count(), k = codec.get_data_chunk_count(), m = n - k;
  const std::size_t object_size = in.u16() % 20000;
  const unsigned erased = in.u16() & ((1u << n) - 1), wanted_mask = in.u16() & ((1u << n) - 1);
  const unsigned flags = in.byte();
  std::string object(object_size, '\0');
  ec::fuzz::fill(reinterpret_cast<std::uint8_t *>(object.data()), object.size(), in.byte() | in.byte() << 8);

  std::set<int> all;
  for (unsigned i = 0; i < n; i++)
    all.insert(static_cast<int>(i));
  ceph::bufferlist obj;
  obj.append(object);
  std::map<int, ceph::bufferlist> encoded;
  FUZZ_CHECK(codec.encode(all, obj, &encoded) == 0);

  std::map<int, ceph::bufferlist> chunks;
  for (const auto &c : encoded)
    if (!(erased & (1u << c.first)))
      chunks[c.first] = chunk_copy(c.second, flags);
  unsigned missing = 0;
  for (unsigned i = 0; i < n; i++)
    missing += (erased >> i) & 1;
  const std::size_t chunk = encoded.begin()->second.length();
  if (flags & kBadLength && !chunks.empty() && chunk > 0) {
    auto &victim = chunks.begin()->second;
    ceph::bufferlist shorter;
    shorter.substr_of(victim, 0, victim.length() - 1);
    victim = shorter;
  }
  if (flags & kBadId)
    chunks[static_cast<int>(n + in.byte() % 8)] = encoded.begin()->second;
  if (flags & kCorrupt && !chunks.empty() && chunk > 0) {
    std::string bytes = chunks.rbegin()->second.to_str();
    bytes[in.byte() % bytes.size()] ^= 0x5a;
    chunks.rbegin()->second.clear();
    chunks.rbegin()->second.append(bytes);
  }
  std::set<int> want;
  for (unsigned i = 0; i < n; i++)
    if (wanted_mask & (1u << i))
      want.insert(static_cast<int>(i));

  std::map<int, ceph::bufferlist> decoded;
  int r;
  if (flags & kConcat) {
    ceph::bufferlist concat;
    r = codec.decode_concat(chunks, &concat);
    // With every data chunk present they are returned as given (as Ceph's base class does), so a short
    // or corrupted one comes back as it went in; otherwise both are refused or decoded around.
    if (r == 0 && !(flags & (kCorrupt | kBadLength)))
      FUZZ_CHECK(concat.to_str().compare(0, object.size(), object) == 0);
    want.clear(); // decode_concat checked its own output
  } else if (flags & kRawChunks) {
    for (int w : want) {
      const unsigned len = flags & kOddOutputs ? static_cast<unsigned>(chunk) + 5 : static_cast<unsigned>(chunk);
      decoded[w].push_back(ceph::buffer::create_aligned(len, 32));
    }
    r = chunks.empty() ? -EIO : codec.decode_chunks(want, chunks, &decoded);
    // decode_chunks only writes what is missing; shards given as input are the caller's business.
    for (auto it = want.begin(); it != want.end();)
      it = chunks.count(*it) ? want.erase(it) : std::next(it);
  } else {
    r = codec.decode(want, chunks, &decoded, static_cast<int>(chunk));
  }

  const bool clean = !(flags & (kBadLength | kBadId | kCorrupt));
  bool wants_missing = false;
  for (int w : want)
    wants_missing |= !chunks.count(w);
  if (clean && missing <= m && !chunks.empty())
    FUZZ_CHECK(r == 0);
  if (clean && missing > m && wants_missing)
    FUZZ_CHECK(r != 0);
  if (r == 0 && clean)
    for (int w : want)
      FUZZ_CHECK(decoded.count(w) && decoded[w].to_str() == encoded[w].to_str());
  return 0;
}
