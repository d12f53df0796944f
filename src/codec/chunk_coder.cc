// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec/chunk_coder.h"

namespace ec::codec {

void ChunkCoderDelete::operator()(const ChunkCoder *coder) const {
  coder->~ChunkCoder();
  memory_->deallocate(const_cast<ChunkCoder *>(coder), size_, alignment_);
}

} // namespace ec::codec
