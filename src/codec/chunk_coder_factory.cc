// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec/chunk_coder_factory.h"

#include <new>
#include <utility>

#include "codec/bitmatrix_coder.h"
#include "codec/matrix_coder.h"
#include "codec/sum_recovery_coder.h"

namespace ec::codec {
namespace {

template <class Coder, class... Args> ChunkCoderPtr new_coder(std::pmr::memory_resource *memory, Args &&...args) {
  void *p = memory->allocate(sizeof(Coder), alignof(Coder));
  try {
    return ChunkCoderPtr(new (p) Coder(std::forward<Args>(args)..., memory),
                         ChunkCoderDelete(memory, sizeof(Coder), alignof(Coder)));
  } catch (...) {
    memory->deallocate(p, sizeof(Coder), alignof(Coder));
    throw;
  }
}

} // namespace

ChunkCoderPtr make_chunk_coder(const simd::Kernels &kernels, unsigned rows, unsigned cols, const gf::Matrix &matrix,
                               unsigned packetsize, std::pmr::memory_resource *memory) {
  if (packetsize == 0)
    return new_coder<MatrixCoder>(memory, kernels, rows, cols, matrix);
  return new_coder<BitmatrixCoder>(memory, kernels, rows, cols, matrix, packetsize);
}

ChunkCoderPtr make_decode_coder(const simd::Kernels &kernels, unsigned k, unsigned m, const gf::Matrix &coding,
                                const unsigned *survivors, const unsigned *wanted, unsigned nwanted,
                                const gf::Matrix &rows, unsigned packetsize, std::pmr::memory_resource *memory) {
  if (packetsize == 0 && kernels.decodes_through_sum)
    if (auto route = plan_sum_recovery(k, m, coding, survivors, wanted, nwanted))
      return new_coder<SumRecoveryCoder>(memory, kernels, nwanted, k, rows, *route);
  return make_chunk_coder(kernels, nwanted, k, rows, packetsize, memory);
}

} // namespace ec::codec
