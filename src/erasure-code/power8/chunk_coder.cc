#include "erasure-code/power8/chunk_coder.h"

#include "erasure-code/power8/bitmatrix_coder.h"
#include "erasure-code/power8/matrix_coder.h"

namespace ec::power8 {

std::unique_ptr<const ChunkCoder> make_chunk_coder(const simd::Kernels &kernels, unsigned rows, unsigned cols,
                                                   const gf::Matrix &matrix, unsigned packetsize) {
  if (packetsize == 0)
    return std::make_unique<MatrixCoder>(kernels, rows, cols, matrix);
  return std::make_unique<BitmatrixCoder>(kernels, rows, cols, matrix, packetsize);
}

} // namespace ec::power8
