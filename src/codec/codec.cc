// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec/codec.h"

#include <cerrno>
#include <cstring>
#include <vector>

#include "codec/chunk_coder_factory.h"
#include "codec/code_family.h"

namespace ec::codec {
namespace {

// Multiply rows of one delta handed to one mad call: their tables are gathered on the stack (4 KiB at
// the largest table size), and the skeleton's passes hold at most 32 rows anyway.
constexpr unsigned kMadBatch = 32;

} // namespace

int Codec::init(Profile &profile, const ReleaseDefaults &defaults, std::ostream *ss) {
  // The monitor calls init() twice on one object: start from nothing each time.
  encoder_.reset();
  column_tables_.reset();
  delta_columns_.clear();
  delta_column_count_ = 0;
  column_bits_.clear();
  coding_.clear();
  int r = parse(profile, defaults, ss);
  granularity_ = is_bitmatrix(params_.technique) ? std::size_t{kW} * params_.packetsize : 1;
  if (r)
    return r;
  return prepare(ss);
}

int Codec::parse(Profile &profile, const ReleaseDefaults &defaults, std::ostream *ss) {
  params_ = CodeParameters{};
  CodeFamily family = CodeFamily::jerasure;
  if (int r = read_code_family(profile, &family, ss))
    return r;
  return family_rules(family).parse(profile, defaults, &params_, ss);
}

int Codec::prepare(std::ostream *ss) {
  coding_ = family_rules(params_.technique).coding_matrix(params_);
  if (coding_.size() != std::size_t{params_.k} * params_.m) {
    *ss << "cannot build the " << technique_name(params_.technique) << " matrix for k=" << params_.k
        << " m=" << params_.m << std::endl;
    return -EINVAL;
  }
  encoder_ = make_chunk_coder(kernels_, params_.m, params_.k, coding_, coder_packetsize());
  if (decode_cache_)
    code_id_ = decode_cache_->code_id(kernels_, coding_, coder_packetsize());
  prepare_delta();
  return 0;
}

void Codec::prepare_delta() {
  const unsigned k = params_.k, m = params_.m;
  if (!is_bitmatrix(params_.technique)) {
    const std::size_t tb = kernels_.table_bytes;
    column_tables_ = std::make_unique<AlignedBuffer>(std::size_t{k} * m * tb, std::pmr::get_default_resource());
    delta_columns_.assign(k, {});
    for (unsigned j = 0; j < k; j++) {
      DeltaColumn &column = delta_columns_[j];
      for (unsigned r = 0; r < m && !column.xor_first; r++)
        if (coding_[std::size_t{r} * k + j] == 1) {
          column.rows.push_back(r);
          column.xor_first = true;
        }
      for (unsigned r = 0; r < m; r++) {
        const std::uint8_t coef = coding_[std::size_t{r} * k + j];
        if (coef == 0 || (column.xor_first && r == column.rows[0]))
          continue;
        const std::size_t multiply_row = column.rows.size() - column.xor_first;
        kernels_.expand(coef, column_tables_->data() + (std::size_t{j} * m + multiply_row) * tb);
        column.rows.push_back(r);
      }
      column.in_order = column.rows.size() == m;
      for (unsigned i = 0; i < column.rows.size(); i++)
        column.in_order &= column.rows[i] == i;
      column.kernel = column.xor_first ? kernels_.xor_mad : kernels_.mad;
      column.tables = column_tables_->data() + std::size_t{j} * m * tb;
    }
    delta_column_count_ = k;
    return;
  }
  const gf::Matrix bits = gf::matrix_to_bitmatrix(m, k, coding_);
  const std::size_t bit_cols = std::size_t{k} * kW;
  column_bits_.assign(std::size_t{k} * m * kW, 0);
  for (unsigned j = 0; j < k; j++)
    for (unsigned r = 0; r < m; r++)
      for (unsigned l = 0; l < kW; l++) {
        std::uint8_t mask = 0;
        for (unsigned x = 0; x < kW; x++)
          if (bits[(std::size_t{r} * kW + l) * bit_cols + std::size_t{j} * kW + x])
            mask |= static_cast<std::uint8_t>(1u << x);
        column_bits_[(std::size_t{j} * m + r) * kW + l] = mask;
      }
}

std::uint64_t Codec::chunk_size(std::uint64_t stripe_width) const {
  return family_rules(params_.technique).chunk_size(params_, stripe_width);
}

int Codec::encode(std::size_t len, const std::uint8_t *const *data, std::uint8_t *const *parity) const {
  if (!encoder_ || !accepts_length(len))
    return -EINVAL;
  if (!all_given(parity, params_.m, all_given(data, params_.k)))
    return encode_some(len, data, parity);
  encoder_->apply(len, data, parity);
  return 0;
}

int Codec::encode_some(std::size_t len, const std::uint8_t *const *data, std::uint8_t *const *parity) const {
  const unsigned k = params_.k, m = params_.m;
  // The code is linear: the parity is the sum over the data chunks of each one's column applied to it,
  // and a zero chunk adds nothing. Summed into the wanted parities only, with no scratch memory.
  for (unsigned r = 0; r < m; r++)
    if (parity[r])
      std::memset(parity[r], 0, len);
  for (unsigned j = 0; j < k; j++)
    if (data[j])
      apply_delta(len, j, data[j], parity);
  return 0;
}

std::shared_ptr<const DecodePlan> Codec::decode_plan(const ErasurePattern &pattern, const unsigned *survivors,
                                                     const unsigned *wanted, unsigned nwanted) const {
  if (decode_cache_)
    if (auto plan = decode_cache_->find(code_id_, pattern))
      return plan;
  const gf::Matrix rows = gf::decode_rows(params_.k, params_.m, coding_,
                                          std::vector<unsigned>(survivors, survivors + params_.k),
                                          std::vector<unsigned>(wanted, wanted + nwanted));
  if (rows.empty())
    return nullptr;
  auto plan = decode_cache_ ? decode_cache_->new_plan() : DecodeCache::null_cache_plan();
  plan->coder = make_decode_coder(kernels_, params_.k, params_.m, coding_, survivors, wanted, nwanted, rows,
                                  coder_packetsize(), &plan->memory);
  if (!decode_cache_)
    return plan;
  return decode_cache_->insert(code_id_, pattern, std::move(plan));
}

int Codec::decode(std::size_t len, const std::uint8_t *const *chunks, std::uint8_t *const *rebuild) const {
  const unsigned k = params_.k, n = params_.k + params_.m;
  if (!encoder_)
    return -EINVAL;
  // Fixed arrays, not vectors: with the plan cached, a decode allocates nothing.
  unsigned survivors[gf::kMaxChunks], wanted[gf::kMaxChunks];
  unsigned navailable = 0, nwanted = 0;
  ErasurePattern pattern(n);
  for (unsigned id = 0; id < n; id++) {
    if (chunks[id]) {
      if (rebuild[id])
        return -EINVAL;
      if (navailable < k) {
        survivors[navailable] = id;
        pattern.add_survivor(id);
      }
      navailable++;
    } else if (rebuild[id]) {
      wanted[nwanted++] = id;
      pattern.add_wanted(id);
    }
  }
  if (nwanted == 0)
    return 0;
  if (navailable < k)
    return -EIO;
  if (!accepts_length(len))
    return -EINVAL;
  auto plan = decode_plan(pattern, survivors, wanted, nwanted);
  if (!plan)
    return -EIO;
  const std::uint8_t *inputs[gf::kMaxChunks];
  std::uint8_t *outputs[gf::kMaxChunks];
  for (unsigned j = 0; j < k; j++)
    inputs[j] = chunks[survivors[j]];
  for (unsigned r = 0; r < nwanted; r++)
    outputs[r] = rebuild[wanted[r]];
  plan->coder->apply(len, inputs, outputs);
  return 0;
}

int Codec::apply_delta_other(std::size_t len, unsigned data_index, const std::uint8_t *delta,
                             std::uint8_t *const *parity) const {
  // Reed-Solomon (the codes with delta columns; none before init) where apply_delta's inline path did not
  // take it. That path, FastEC's, where a 4 KiB update takes some 40 ns, has no division, no copy of the
  // parity pointers and one call through the dispatch table (Zen 4, 4+2 with 1 to 8 KiB: building the
  // kernel's row array took 4-5 ns a call).
  if (data_index < delta_column_count_) {
    apply_delta_bytes(len, data_index, delta, parity);
    return 0;
  }
  if (!encoder_ || data_index >= params_.k || !accepts_length(len))
    return -EINVAL;
  apply_delta_packets(len, data_index, delta, parity);
  return 0;
}

void Codec::apply_delta_bytes(std::size_t len, unsigned j, const std::uint8_t *delta,
                              std::uint8_t *const *parity) const {
  const DeltaColumn &column = delta_columns_[j];
  const unsigned n = static_cast<unsigned>(column.rows.size());
  std::uint8_t *rows[gf::kMaxChunks];
  bool every = true;
  for (unsigned i = 0; i < n; i++)
    every &= (rows[i] = parity[column.rows[i]]) != nullptr; // gathered and tested in one loop
  // One pass over delta for the all-ones row (xor_mad XORs it, no multiply) and the multiply rows.
  if (!every)
    apply_delta_some(len, column, delta, rows);
  else if (n)
    column.kernel(len, n, column.tables, delta, rows);
}

void Codec::apply_delta_some(std::size_t len, const DeltaColumn &column, const std::uint8_t *delta,
                             std::uint8_t *const *rows) const {
  const std::size_t tb = kernels_.table_bytes;
  const unsigned n = static_cast<unsigned>(column.rows.size());
  // The wanted multiply rows' tables gathered on the stack, kMadBatch at a time.
  alignas(simd::kTableAlignment) std::uint8_t tables[kMadBatch * simd::kMaxTableBytes];
  std::uint8_t *batch[kMadBatch + 1]; // batch[0]: the all-ones row's parity, until it has been applied
  bool ones = column.xor_first && rows[0];
  unsigned batched = 0;
  auto flush = [&] {
    if (ones) {
      batch[0] = rows[0];
      kernels_.xor_mad(len, batched + 1, tables, delta, batch);
      ones = false;
    } else if (batched) {
      kernels_.mad(len, batched, tables, delta, batch + 1);
    }
    batched = 0;
  };
  for (unsigned i = column.xor_first; i < n; i++) {
    if (!rows[i])
      continue;
    std::memcpy(tables + batched * tb, column.tables + (i - column.xor_first) * tb, tb);
    batch[1 + batched++] = rows[i];
    if (batched == kMadBatch)
      flush();
  }
  flush();
}

void Codec::apply_delta_packets(std::size_t len, unsigned j, const std::uint8_t *delta,
                                std::uint8_t *const *parity) const {
  const unsigned m = params_.m;
  const std::size_t packet = params_.packetsize, group_bytes = std::size_t{kW} * packet;
  const std::uint8_t *sources[kW + 1];
  // Group by group, so that the delta's group stays in cache while every parity packet reads it.
  for (std::size_t group = 0; group < len; group += group_bytes) {
    for (unsigned r = 0; r < m; r++) {
      if (!parity[r])
        continue;
      for (unsigned l = 0; l < kW; l++) {
        const std::uint8_t mask = column_bits_[(std::size_t{j} * m + r) * kW + l];
        if (!mask)
          continue;
        std::uint8_t *dst = parity[r] + group + l * packet;
        unsigned n = 0;
        sources[n++] = dst; // xor_many allows dst == src[0]: an in-place accumulate
        for (unsigned x = 0; x < kW; x++)
          if (mask & (1u << x))
            sources[n++] = delta + group + x * packet;
        kernels_.xor_many(packet, n, sources, dst);
      }
    }
  }
}

void Codec::encode_delta(std::size_t len, const std::uint8_t *old_data, const std::uint8_t *new_data,
                         std::uint8_t *delta) const {
  const std::uint8_t *sources[2] = {old_data, new_data};
  kernels_.xor_many(len, 2, sources, delta);
}

} // namespace ec::codec
