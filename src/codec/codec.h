// SPDX-License-Identifier: LGPL-2.1-or-later
// The power8 codec without any Ceph type: jerasure's w=8 techniques (reed_sol_van, reed_sol_r6_op,
// cauchy_orig, cauchy_good) with jerasure's profile keys, defaults and chunk sizes, or with power8-code=isa
// isa's (reed_sol_van, cauchy), each family's rules behind codec/code_family.h, computed with one SIMD
// variant's kernels, over raw chunk pointers. The Ceph adapters (src/erasure-code/power8/<interface>/)
// translate their interface generation's buffers to these calls; chunks are byte-identical to
// plugin=jerasure's (plugin=isa's) for every profile both accept, whatever the variant.
//
// Chunk ids here are logical: data 0..k-1, parity 0..m-1 (or k..k+m-1 where one array holds both).
// After init() a codec is immutable but for its decode cache, which locks: encode, decode and
// apply_delta may run concurrently from any number of threads.
#ifndef EC_CODEC_CODEC_H
#define EC_CODEC_CODEC_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <ostream>
#include <vector>

#include "codec/aligned_buffer.h"
#include "codec/chunk_coder.h"
#include "codec/decode_cache.h"
#include "codec/profile_keys.h" // Profile
#include "codec/release_defaults.h"
#include "codec/technique.h"
#include "gf/matrix.h"
#include "simd/kernels.h"

namespace ec::codec {

// True when none of ptrs[0..n) is null and so far is true. Every pointer is tested, with no early exit: a
// few loads and no branch per pointer on the hot paths that ask (Codec::encode, Codec::apply_delta). so_far
// starts the running test with the caller's own condition (one register for both, none saved).
template <typename T> inline bool all_given(T *const *ptrs, unsigned n, bool so_far = true) {
  bool every = so_far;
  for (unsigned i = 0; i < n; i++)
    every &= ptrs[i] != nullptr;
  return every;
}

class Codec {
public:
  // decode_cache: where decode plans are kept (shared with other codecs); null builds each plan afresh.
  Codec(const simd::Kernels &kernels, std::shared_ptr<DecodeCache> decode_cache)
      : kernels_(kernels), decode_cache_(std::move(decode_cache)) {}
  Codec(const Codec &) = delete;
  Codec &operator=(const Codec &) = delete;

  // Reads power8-code, then the rest of the profile as that family's plugin does (jerasure's technique, k,
  // m, w, packetsize and jerasure-per-chunk-alignment; isa's technique, k and m; defaults written back into
  // profile), then builds the coding matrix, the encoder and the delta tables. 0, or a
  // negative errno with a message naming the key in *ss. May be called again (the monitor does).
  int init(Profile &profile, const ReleaseDefaults &defaults, std::ostream *ss);

  const CodeParameters &parameters() const { return params_; }
  unsigned k() const { return params_.k; }
  unsigned m() const { return params_.m; }
  // The family's get_chunk_size(): the chunk of a stripe of stripe_width bytes.
  std::uint64_t chunk_size(std::uint64_t stripe_width) const;
  // The unit lengths (and offsets of partial updates) come in: 1 for the Reed-Solomon techniques,
  // w*packetsize (one packet group) for the Cauchy ones, as jerasure 20.2 reports it.
  std::size_t minimum_granularity() const { return granularity_; }
  // Every call checks it: no division where any length goes (Reed-Solomon).
  bool accepts_length(std::size_t len) const { return granularity_ == 1 || len % granularity_ == 0; }

  // Fills every non-null parity[r] (r < m) with len bytes of parity of data[0..k). data[j] == nullptr
  // means chunk j is all zeros; parity[r] == nullptr means parity r is not wanted (not written). With
  // every pointer non-null: one pass of the encoder, no allocation, no copy; otherwise the wanted parities
  // are summed column by column (apply_delta), still without allocating. -EINVAL if !accepts_length(len).
  int encode(std::size_t len, const std::uint8_t *const *data, std::uint8_t *const *parity) const;

  // chunks: k+m pointers by logical id (data then parity), nullptr = not available. rebuild: k+m
  // pointers, non-null = a buffer to write that chunk into (only for ids chunks[] lacks: an id in both is
  // -EINVAL). Reads the first k available ids in increasing order with the cached decode plan. -EIO with
  // fewer than k available, -EINVAL on a length the technique refuses; nothing to rebuild is 0.
  int decode(std::size_t len, const std::uint8_t *const *chunks, std::uint8_t *const *rebuild) const;

  // parity[r] ^= coding(r, data_index) * delta for every non-null parity[r], r < m: what changing
  // len bytes of data chunk data_index by delta (old ^ new) does to the parity at the same offset. For
  // the Cauchy techniques the bytes must be whole packet groups of the chunk (offset and len multiples
  // of w*packetsize); for Reed-Solomon any offset and length. Every parity row, the all-ones row's XOR
  // included, in one kernel call over delta (kernels.xor_mad; one pass while the rows fit a pass).
  // -EINVAL if data_index >= k or len is not a multiple of minimum_granularity().
  // Inline: Reed-Solomon's common case (every parity given, the column's rows in order: FastEC's partial
  // write) is the caller's one call of the kernel, with no call and frame of its own in front of it.
  int apply_delta(std::size_t len, unsigned data_index, const std::uint8_t *delta,
                  std::uint8_t *const *parity) const {
    if (data_index < delta_column_count_) {
      const DeltaColumn &column = delta_columns_[data_index];
      if (all_given(parity, params_.m, column.in_order)) {
        column.kernel(len, params_.m, column.tables, delta, parity);
        return 0;
      }
    }
    return apply_delta_other(len, data_index, delta, parity);
  }
  // delta = old_data ^ new_data; delta may be old_data or new_data itself (in place).
  void encode_delta(std::size_t len, const std::uint8_t *old_data, const std::uint8_t *new_data,
                    std::uint8_t *delta) const;

  const simd::Kernels &kernels() const { return kernels_; }
  const DecodeCache *decode_cache() const { return decode_cache_.get(); }

private:
  int parse(Profile &profile, const ReleaseDefaults &defaults, std::ostream *ss);
  int prepare(std::ostream *ss);
  void prepare_delta();
  unsigned coder_packetsize() const { return is_bitmatrix(params_.technique) ? params_.packetsize : 0; }
  // The plan reading survivors[0..k) and rebuilding wanted[0..nwanted), the pattern they make: from the
  // cache, or built (and cached).
  std::shared_ptr<const DecodePlan> decode_plan(const ErasurePattern &pattern, const unsigned *survivors,
                                                const unsigned *wanted, unsigned nwanted) const;
  // encode() where some chunk is null (kept apart, so that the common case saves no registers for it).
  __attribute__((noinline)) int encode_some(std::size_t len, const std::uint8_t *const *data,
                                            std::uint8_t *const *parity) const;
  // apply_delta but for its common case: Reed-Solomon's rows out of order or parities not wanted
  // (apply_delta_bytes), the Cauchy techniques (apply_delta_packets), and bad arguments.
  __attribute__((noinline)) int apply_delta_other(std::size_t len, unsigned data_index, const std::uint8_t *delta,
                                                  std::uint8_t *const *parity) const;
  // Reed-Solomon's delta apart from apply_delta's common case (rows out of order, or parities not wanted).
  __attribute__((noinline)) void apply_delta_bytes(std::size_t len, unsigned data_index, const std::uint8_t *delta,
                                                   std::uint8_t *const *parity) const;
  void apply_delta_packets(std::size_t len, unsigned data_index, const std::uint8_t *delta,
                           std::uint8_t *const *parity) const;

  const simd::Kernels &kernels_;
  const std::shared_ptr<DecodeCache> decode_cache_;
  CodeParameters params_;
  std::size_t granularity_ = 1; // minimum_granularity(), from params_ (set by init)
  gf::Matrix coding_;
  ChunkCoderPtr encoder_;
  std::uint32_t code_id_ = 0; // this codec's code in decode_cache_
  // Reed-Solomon deltas, data column j: the parity rows its delta changes, in the order the kernels take
  // them: the first row of coefficient 1 first if there is one (xor_mad XORs it in), then the multiply
  // rows; rows of coefficient 0 left out.
  struct DeltaColumn {
    std::vector<unsigned> rows;
    bool xor_first = false;
    // rows is 0, 1, ..., m - 1 (the all-ones row first and no zero coefficient, as in every Vandermonde
    // and isa matrix): with every parity wanted, the caller's array is the kernel's as it is, and a delta
    // is one call of kernel (xor_mad or mad) on tables.
    bool in_order = false;
    decltype(simd::Kernels::mad) kernel = nullptr;
    const std::uint8_t *tables = nullptr;
  };
  std::vector<DeltaColumn> delta_columns_;
  unsigned delta_column_count_ = 0; // delta_columns_.size(), kept for apply_delta's inline test
  // apply_delta_bytes where some parities are not wanted (null in rows, the parities in column's order).
  void apply_delta_some(std::size_t len, const DeltaColumn &column, const std::uint8_t *delta,
                        std::uint8_t *const *rows) const;
  // The expanded coefficients of the multiply rows of each column, in delta_columns_' order, column j's from
  // j * m * table_bytes on: with every parity wanted, a delta is one kernel call on tables in place.
  std::unique_ptr<AlignedBuffer> column_tables_;
  // Cauchy deltas: for data column j, parity r and packet l of a group, the bits x of the 8x8 block of
  // coefficient (r, j) set in row l, i.e. which of delta's packets x that parity packet XORs in; at
  // (j * m + r) * kW + l.
  std::vector<std::uint8_t> column_bits_;
};

} // namespace ec::codec

#endif
