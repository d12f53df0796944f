// SPDX-License-Identifier: LGPL-2.1-or-later
#include "kernel_checks.h"

#include <string>
#include <vector>

#include "simd/variants.h"

namespace ec::simd::test {

namespace {

using ::testing::AssertionFailure;
using ::testing::AssertionResult;
using ::testing::AssertionSuccess;
using Bytes = std::vector<std::uint8_t>;

std::string describe(const Kernels &kernels, const char *kernel, const Shape &s) {
  return std::string(kernels.name) + " " + kernel + " len=" + std::to_string(s.len) + " k=" +
         std::to_string(s.k) + " rows=" + std::to_string(s.rows) + " src_align=" +
         std::to_string(s.src_align) + " dst_align=" + std::to_string(s.dst_align);
}

// Each buffer of a kernel call at its own misalignment, so that no two move in step.
unsigned spread(unsigned first, unsigned i) { return (first + 23 * i) % 64; }

std::vector<PaddedBuffer> random_buffers(unsigned n, std::size_t len, unsigned align, Rng &rng) {
  std::vector<PaddedBuffer> bufs;
  bufs.reserve(n);
  for (unsigned i = 0; i < n; i++) {
    bufs.emplace_back(len, spread(align, i));
    rng.fill(bufs.back().data(), len);
  }
  return bufs;
}

std::vector<std::uint8_t> random_coefficients(std::size_t n, Rng &rng) {
  std::vector<std::uint8_t> c(n);
  for (auto &x : c)
    x = rng.coefficient();
  return c;
}

std::vector<const std::uint8_t *> inputs(std::vector<PaddedBuffer> &bufs) {
  std::vector<const std::uint8_t *> p;
  for (auto &b : bufs)
    p.push_back(b.data());
  return p;
}

std::vector<std::uint8_t *> outputs(std::vector<PaddedBuffer> &bufs) {
  std::vector<std::uint8_t *> p;
  for (auto &b : bufs)
    p.push_back(b.data());
  return p;
}

std::vector<std::uint8_t *> outputs(std::vector<Bytes> &bufs) {
  std::vector<std::uint8_t *> p;
  for (auto &b : bufs)
    p.push_back(b.data());
  return p;
}

std::vector<Bytes> copies(const std::vector<PaddedBuffer> &bufs) {
  std::vector<Bytes> c;
  for (const auto &b : bufs)
    c.push_back(b.contents());
  return c;
}

AssertionResult compare(const std::string &what, std::vector<PaddedBuffer> &got,
                        const std::vector<Bytes> &want, const std::vector<PaddedBuffer> &inputs_) {
  for (std::size_t r = 0; r < got.size(); r++) {
    const Bytes g = got[r].contents();
    for (std::size_t i = 0; i < g.size(); i++)
      if (g[i] != want[r][i])
        return AssertionFailure() << what << ": output " << r << " byte " << i << " is " << int(g[i])
                                  << ", reference " << int(want[r][i]);
    if (!got[r].sentinels_intact())
      return AssertionFailure() << what << ": wrote outside output " << r;
  }
  for (std::size_t j = 0; j < inputs_.size(); j++)
    if (!inputs_[j].sentinels_intact())
      return AssertionFailure() << what << ": wrote around input " << j;
  return AssertionSuccess();
}

} // namespace

AssertionResult check_mul(const Kernels &kernels, const Shape &s, Rng &rng) {
  auto src = random_buffers(1, s.len, s.src_align, rng);
  auto dst = random_buffers(1, s.len, s.dst_align, rng);
  const auto coef = random_coefficients(1, rng);
  std::vector<Bytes> want(1, Bytes(s.len));
  kernels_reference.mul(s.len, TableArray(kernels_reference, coef).data(), src[0].data(), want[0].data());
  kernels.mul(s.len, TableArray(kernels, coef).data(), src[0].data(), dst[0].data());
  return compare(describe(kernels, "mul", s) + " coef=" + std::to_string(coef[0]), dst, want, src);
}

AssertionResult check_mad(const Kernels &kernels, const Shape &s, Rng &rng) {
  auto src = random_buffers(1, s.len, s.src_align, rng);
  auto dst = random_buffers(s.rows, s.len, s.dst_align, rng);
  const auto coefs = random_coefficients(s.rows, rng);
  auto want = copies(dst);
  kernels_reference.mad(s.len, s.rows, TableArray(kernels_reference, coefs).data(), src[0].data(),
                        outputs(want).data());
  kernels.mad(s.len, s.rows, TableArray(kernels, coefs).data(), src[0].data(), outputs(dst).data());
  return compare(describe(kernels, "mad", s), dst, want, src);
}

AssertionResult check_xor_mad(const Kernels &kernels, const Shape &s, Rng &rng) {
  auto src = random_buffers(1, s.len, s.src_align, rng);
  auto dst = random_buffers(s.rows, s.len, s.dst_align, rng);
  auto coefs = random_coefficients(s.rows, rng);
  coefs[0] = 1;
  auto want = copies(dst);
  kernels_reference.mad(s.len, s.rows, TableArray(kernels_reference, coefs).data(), src[0].data(),
                        outputs(want).data());
  coefs.erase(coefs.begin()); // xor_mad takes the tables of the rows after the first
  kernels.xor_mad(s.len, s.rows, TableArray(kernels, coefs).data(), src[0].data(), outputs(dst).data());
  return compare(describe(kernels, "xor_mad", s), dst, want, src);
}

AssertionResult check_dot_prod(const Kernels &kernels, const Shape &s, Rng &rng) {
  auto src = random_buffers(s.k, s.len, s.src_align, rng);
  auto dst = random_buffers(s.rows, s.len, s.dst_align, rng); // garbage the kernel must overwrite
  const auto coefs = random_coefficients(std::size_t{s.rows} * s.k, rng);
  std::vector<Bytes> want(s.rows, Bytes(s.len));
  kernels_reference.dot_prod(s.len, s.k, s.rows, TableArray(kernels_reference, coefs).data(),
                             inputs(src).data(), outputs(want).data());
  kernels.dot_prod(s.len, s.k, s.rows, TableArray(kernels, coefs).data(), inputs(src).data(),
                   outputs(dst).data());
  return compare(describe(kernels, "dot_prod", s), dst, want, src);
}

AssertionResult check_xor_dot_prod(const Kernels &kernels, const Shape &s, Rng &rng) {
  auto src = random_buffers(s.k, s.len, s.src_align, rng);
  auto coefs = random_coefficients(std::size_t{s.rows} * s.k, rng);
  std::fill(coefs.begin(), coefs.begin() + s.k, std::uint8_t{1});
  // xor_dot_prod, then xor_dot_prod_ones with the first column set to ones as well (its contract).
  for (const bool ones_column : {false, true}) {
    if (ones_column)
      for (unsigned r = 0; r < s.rows; r++)
        coefs[std::size_t{r} * s.k] = 1;
    auto dst = random_buffers(s.rows, s.len, s.dst_align, rng); // garbage the kernel must overwrite
    std::vector<Bytes> want(s.rows, Bytes(s.len));
    kernels_reference.dot_prod(s.len, s.k, s.rows, TableArray(kernels_reference, coefs).data(),
                               inputs(src).data(), outputs(want).data());
    // Both take the tables of the rows after the first.
    const std::vector<std::uint8_t> after_first(coefs.begin() + s.k, coefs.end());
    const auto entry = ones_column ? kernels.xor_dot_prod_ones : kernels.xor_dot_prod;
    entry(s.len, s.k, s.rows, TableArray(kernels, after_first).data(), inputs(src).data(), outputs(dst).data());
    if (auto r = compare(describe(kernels, ones_column ? "xor_dot_prod_ones" : "xor_dot_prod", s), dst, want, src);
        !r)
      return r;
  }
  return AssertionSuccess();
}

AssertionResult check_xor_many(const Kernels &kernels, const Shape &s, unsigned in_place, Rng &rng) {
  auto src = random_buffers(s.k, s.len, s.src_align, rng);
  std::vector<Bytes> want(1, Bytes(s.len));
  kernels_reference.xor_many(s.len, s.k, inputs(src).data(), want[0].data());
  if (in_place < s.k) {
    std::vector<PaddedBuffer> none;
    kernels.xor_many(s.len, s.k, inputs(src).data(), src[in_place].data());
    std::vector<PaddedBuffer> got;
    got.push_back(std::move(src[in_place]));
    return compare(describe(kernels, "xor_many", s) + " in place of src " + std::to_string(in_place), got,
                   want, none);
  }
  auto dst = random_buffers(1, s.len, s.dst_align, rng);
  kernels.xor_many(s.len, s.k, inputs(src).data(), dst[0].data());
  return compare(describe(kernels, "xor_many", s), dst, want, src);
}

AssertionResult check_all(const Kernels &kernels, const Shape &s, Rng &rng) {
  if (auto r = check_mul(kernels, s, rng); !r)
    return r;
  if (auto r = check_mad(kernels, s, rng); !r)
    return r;
  if (auto r = check_dot_prod(kernels, s, rng); !r)
    return r;
  if (auto r = check_xor_dot_prod(kernels, s, rng); !r)
    return r;
  return check_xor_many(kernels, s, s.k, rng);
}

} // namespace ec::simd::test
