// SPDX-License-Identifier: LGPL-2.1-or-later
// Building a chunk coder for a technique: the one place that knows the implementations (MatrixCoder,
// BitmatrixCoder, SumRecoveryCoder), so that code using a ChunkCoder includes only its interface.
#ifndef EC_CODEC_CHUNK_CODER_FACTORY_H
#define EC_CODEC_CHUNK_CODER_FACTORY_H

#include <memory_resource>

#include "codec/chunk_coder.h"
#include "gf/matrix.h"
#include "simd/kernels.h"

namespace ec::codec {

// The coder applying the rows x cols matrix. packetsize == 0: bytewise Reed-Solomon; otherwise the
// bitmatrix layout with that packet size. The coder and everything it keeps come from memory.
ChunkCoderPtr make_chunk_coder(const simd::Kernels &kernels, unsigned rows, unsigned cols, const gf::Matrix &matrix,
                               unsigned packetsize,
                               std::pmr::memory_resource *memory = std::pmr::get_default_resource());

// The coder rebuilding wanted[0..nwanted) from survivors[0..k) with rows (gf::decode_rows' for them) for the
// code of coding (m x k): make_chunk_coder's, or for Reed-Solomon a SumRecoveryCoder where its route applies.
ChunkCoderPtr make_decode_coder(const simd::Kernels &kernels, unsigned k, unsigned m, const gf::Matrix &coding,
                                const unsigned *survivors, const unsigned *wanted, unsigned nwanted,
                                const gf::Matrix &rows, unsigned packetsize, std::pmr::memory_resource *memory);

} // namespace ec::codec

#endif
