// SPDX-License-Identifier: LGPL-2.1-or-later
#include "bench.h"

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <iostream>
#include <random>
#include <set>

namespace ec_bench {

namespace {

using Clock = std::chrono::steady_clock;
using ChunkMap = std::map<int, ceph::bufferlist>;

std::set<int> all_chunks(const ceph::ErasureCodeInterfaceRef &codec) {
  std::set<int> s;
  for (unsigned i = 0; i < codec->get_chunk_count(); ++i)
    s.insert(static_cast<int>(i));
  return s;
}

// Ceph's picture of an erasure pattern: "(N)" marks a lost chunk.
void display_chunks(const ChunkMap &chunks, unsigned chunk_count) {
  std::cout << "chunks ";
  for (unsigned c = 0; c < chunk_count; ++c) {
    if (chunks.count(static_cast<int>(c)))
      std::cout << " " << c << "  ";
    else
      std::cout << "(" << c << ") ";
  }
  std::cout << "(X) is an erased chunk" << std::endl;
}

// Every wanted chunk must come back bit-identical to what encode() produced.
int verify(const ChunkMap &originals, const std::set<int> &want, ChunkMap &decoded, const ChunkMap &given) {
  for (int c : want) {
    const ceph::bufferlist &expected = originals.at(c);
    auto it = decoded.find(c);
    if (it == decoded.end()) {
      std::cerr << "error: decode did not return chunk " << c << " (erased:";
      for (const auto &e : originals)
        if (!given.count(e.first))
          std::cerr << " " << e.first;
      std::cerr << ")" << std::endl;
      return -1;
    }
    if (it->second.length() != expected.length()) {
      std::cerr << "error: chunk " << c << " length=" << expected.length()
                << " decoded with length=" << it->second.length() << std::endl;
      return -1;
    }
    if (!it->second.contents_equal(expected)) {
      std::cerr << "error: chunk " << c << " content and recovered content are different (erased:";
      for (const auto &e : originals)
        if (!given.count(e.first))
          std::cerr << " " << e.first;
      std::cerr << ")" << std::endl;
      return -1;
    }
  }
  return 0;
}

// One timed decode of `want` from `chunks`, then (untimed) verification against `originals`.
int timed_decode(const ceph::ErasureCodeInterfaceRef &codec, const std::set<int> &want, const ChunkMap &chunks,
                 const ChunkMap &originals, Clock::duration *elapsed) {
  ChunkMap decoded;
  int chunk_size = static_cast<int>(originals.begin()->second.length());
  auto start = Clock::now();
  int r = codec->decode(want, chunks, &decoded, chunk_size);
  *elapsed += Clock::now() - start;
  if (r != 0) {
    std::cerr << "error: decode returned " << r << std::endl;
    return r;
  }
  return verify(originals, want, decoded, chunks);
}

// Ceph's exhaustive mode: remove `left` more chunks, from index `first` on, in every combination; decode
// exactly the removed chunks.
int decode_combinations(const Options &opts, const ceph::ErasureCodeInterfaceRef &codec, const ChunkMap &originals,
                        const ChunkMap &chunks, unsigned first, int left, Clock::duration *elapsed) {
  if (left == 0) {
    if (opts.verbose)
      display_chunks(chunks, codec->get_chunk_count());
    std::set<int> want;
    for (const auto &c : originals)
      if (!chunks.count(c.first))
        want.insert(c.first);
    return timed_decode(codec, want, chunks, originals, elapsed);
  }
  for (unsigned i = first; i < codec->get_chunk_count(); ++i) {
    ChunkMap fewer = chunks;
    fewer.erase(static_cast<int>(i));
    if (int r = decode_combinations(opts, codec, originals, fewer, i + 1, left - 1, elapsed))
      return r;
  }
  return 0;
}

int encode_all(const ceph::ErasureCodeInterfaceRef &codec, const ceph::bufferlist &in, ChunkMap *encoded) {
  int r = codec->encode(all_chunks(codec), in, encoded);
  if (r != 0)
    std::cerr << "error: encode returned " << r << std::endl;
  return r;
}

// Untimed sanity check of what encode() produced: the data chunks hold the input, and losing m chunks
// (the first ones, data for a plain code: every parity row is needed) decodes back to the same bytes.
// m, not get_coding_chunk_count(): lrc has more coding chunks than it can lose at once.
int check_encoding(const ceph::ErasureCodeInterfaceRef &codec, const ceph::bufferlist &in, const ChunkMap &encoded,
                   int m) {
  ceph::bufferlist concat;
  int r = codec->decode_concat(encoded, &concat);
  if (r != 0 || concat.length() < in.length()) {
    std::cerr << "error: decode_concat returned " << r << " with " << concat.length() << " bytes for "
              << in.length() << " input bytes" << std::endl;
    return r ? r : -1;
  }
  ceph::bufferlist head;
  head.substr_of(concat, 0, in.length());
  if (!head.contents_equal(in)) {
    std::cerr << "error: the data chunks do not hold the input bytes" << std::endl;
    return -1;
  }
  ChunkMap survivors = encoded;
  std::set<int> want;
  const unsigned lose = static_cast<unsigned>(m);
  for (int c = 0; want.size() < lose && c < static_cast<int>(codec->get_chunk_count()); ++c) {
    want.insert(c);
    survivors.erase(c);
  }
  Clock::duration ignored{};
  return timed_decode(codec, want, survivors, encoded, &ignored);
}

} // namespace

// Ceph's tool refuses to run when the codec's geometry is not the k/m it was asked for (a plugin that
// silently changes it would be timed on another code). One deliberate difference: extra coding chunks
// are accepted, because lrc adds (k+m)/l local parity chunks to the k+m asked for and Ceph's tool can
// therefore not benchmark lrc at all; the random/exhaustive erasures then range over all chunks.
int check_geometry(const Options &opts, const ceph::ErasureCodeInterfaceRef &codec, int *k, int *m) {
  auto kit = opts.profile.find("k"), mit = opts.profile.find("m");
  *k = kit == opts.profile.end() ? 0 : std::atoi(kit->second.c_str());
  *m = mit == opts.profile.end() ? 0 : std::atoi(mit->second.c_str());
  unsigned data = codec->get_data_chunk_count(), total = codec->get_chunk_count();
  if (data != static_cast<unsigned>(*k) || total - data < static_cast<unsigned>(*m)) {
    std::cout << "parameter k is " << *k << "/m is " << *m << ". But data chunk count is " << data
              << "/parity chunk count is " << total - data << std::endl;
    return -EINVAL;
  }
  if (opts.verbose && total - data != static_cast<unsigned>(*m))
    std::cerr << "note: " << total - data << " coding chunks for m=" << *m << " (local parity)" << std::endl;
  return 0;
}

// Ceph's plugins expect 32-byte aligned input (ErasureCode::SIMD_ALIGN); unaligned input would add a
// realignment copy to every encode and distort the figures.
constexpr unsigned kSimdAlign = 32;

// Pseudo-random rather than Ceph's all-'X' buffer: with identical chunks, a decoder that mixes up chunk
// indices would still produce the right bytes and verification would prove nothing. GF(2^8) table or
// SIMD kernels run in data-independent time, so the timing is unaffected. Fixed seed: reproducible.
ceph::bufferlist make_input(int size) {
  ceph::bufferptr ptr(ceph::buffer::create_aligned(static_cast<unsigned>(size), kSimdAlign));
  std::mt19937_64 rng(0x5eed);
  char *p = ptr.c_str();
  for (int i = 0; i < size; i += 8) {
    uint64_t v = rng();
    for (int b = 0; b < 8 && i + b < size; ++b)
      p[i + b] = static_cast<char>(v >> (8 * b));
  }
  ceph::bufferlist in;
  in.push_back(std::move(ptr));
  return in;
}

// Ceph prints a utime_t: whole seconds, '.', microseconds on 6 digits.
void print_result(std::ostream &out, std::chrono::steady_clock::duration elapsed, const Options &opts,
                  long long bytes_per_call) {
  auto us = std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count();
  char line[64];
  std::snprintf(line, sizeof line, "%lld.%06lld\t%lld", static_cast<long long>(us / 1000000),
                static_cast<long long>(us % 1000000),
                static_cast<long long>(opts.iterations) * (bytes_per_call / 1024));
  out << line << std::endl;
}

int run_encode(const Options &opts, ceph::ErasureCodeInterfaceRef codec, std::ostream &out) {
  int k = 0, m = 0;
  if (int r = check_geometry(opts, codec, &k, &m))
    return r;
  ceph::bufferlist in = make_input(opts.size);
  {
    ChunkMap encoded;
    if (int r = encode_all(codec, in, &encoded))
      return r;
    if (int r = check_encoding(codec, in, encoded, m))
      return r;
  }
  const std::set<int> want = all_chunks(codec);
  // As in Ceph's tool the timed loop includes freeing the chunks, which the OSD pays for too.
  auto start = Clock::now();
  for (int i = 0; i < opts.iterations; ++i) {
    ChunkMap encoded;
    if (int r = codec->encode(want, in, &encoded)) {
      std::cerr << "error: encode returned " << r << std::endl;
      return r;
    }
  }
  print_result(out, Clock::now() - start, opts, opts.size);
  return 0;
}

int run_decode(const Options &opts, ceph::ErasureCodeInterfaceRef codec, std::ostream &out) {
  int k = 0, m = 0;
  if (int r = check_geometry(opts, codec, &k, &m))
    return r;
  const int n = static_cast<int>(codec->get_chunk_count());
  if (opts.erasures < 0 || opts.erasures > n) {
    std::cerr << "error: --erasures " << opts.erasures << " must be between 0 and " << n << std::endl;
    return -EINVAL;
  }
  for (int c : opts.erased)
    if (c < 0 || c >= n) {
      std::cerr << "error: --erased " << c << " is not a chunk (0.." << n - 1 << ")" << std::endl;
      return -EINVAL;
    }

  ceph::bufferlist in = make_input(opts.size);
  ChunkMap encoded;
  if (int r = encode_all(codec, in, &encoded))
    return r;
  const std::set<int> want = all_chunks(codec);

  ChunkMap fixed = encoded; // the --erased pattern
  if (!opts.erased.empty()) {
    for (int c : opts.erased)
      fixed.erase(c);
    display_chunks(fixed, codec->get_chunk_count());
  }

  // Same pseudo-random sequence every run; patterns are drawn outside the timed region.
  std::mt19937 rng(1);
  std::uniform_int_distribution<int> pick(0, n - 1);
  Clock::duration elapsed{};
  for (int i = 0; i < opts.iterations; ++i) {
    int r = 0;
    if (opts.exhaustive) {
      r = decode_combinations(opts, codec, encoded, encoded, 0, opts.erasures, &elapsed);
    } else if (!opts.erased.empty()) {
      r = timed_decode(codec, want, fixed, encoded, &elapsed);
    } else {
      ChunkMap chunks = encoded;
      for (int j = 0; j < opts.erasures; ++j) {
        int c;
        do
          c = pick(rng);
        while (!chunks.count(c));
        chunks.erase(c);
      }
      r = timed_decode(codec, want, chunks, encoded, &elapsed);
    }
    if (r != 0)
      return r;
  }
  print_result(out, elapsed, opts, opts.size);
  return 0;
}

} // namespace ec_bench
