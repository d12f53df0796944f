// SPDX-License-Identifier: LGPL-2.1-or-later
// IBM Z: xor_many with the base architecture's storage-to-storage instructions. MVC copies and XC XORs up
// to 256 bytes of memory in one instruction each, where a vector loop loads, XORs and stores 16 bytes at a
// time; Linux's s390 xor_blocks (RAID-5) is built on XC for that reason. Every z/Architecture machine has
// them (EXRL, for the tail's length, since z10), so the generic variant uses them as well as z13.
#ifndef EC_SIMD_S390X_STORAGE_XOR_H
#define EC_SIMD_S390X_STORAGE_XOR_H

#include <cstddef>
#include <cstdint>

namespace ec::simd::s390x {
// Internal to each variant's library, as the traits are: generic's and z13's are compiled for other CPUs.
namespace {

// One block of 256 bytes (the most one MVC or XC moves) and a step of four: the step's four instructions
// take their addresses from one register per operand, at displacements 0 to 768. The memory operands
// name the bytes each asm reads and writes; XC sets the condition code ("cc": gcc kept a loop's compare
// across it otherwise, and the loop ran past its last source).
using Block = std::uint8_t[256];
using Step = std::uint8_t[4 * sizeof(Block)];

inline void copy_block(std::uint8_t *dst, const std::uint8_t *src) {
  __asm__("mvc 0(256,%[dst]),0(%[src])"
          : "=m"(*reinterpret_cast<Block *>(dst))
          : [dst] "a"(dst), [src] "a"(src), "m"(*reinterpret_cast<const Block *>(src)));
}

inline void xor_block(std::uint8_t *dst, const std::uint8_t *src) {
  __asm__("xc 0(256,%[dst]),0(%[src])"
          : "+m"(*reinterpret_cast<Block *>(dst))
          : [dst] "a"(dst), [src] "a"(src), "m"(*reinterpret_cast<const Block *>(src))
          : "cc");
}

inline void copy_step(std::uint8_t *dst, const std::uint8_t *src) {
  __asm__("mvc 0(256,%[dst]),0(%[src])\n\tmvc 256(256,%[dst]),256(%[src])\n\t"
          "mvc 512(256,%[dst]),512(%[src])\n\tmvc 768(256,%[dst]),768(%[src])"
          : "=m"(*reinterpret_cast<Step *>(dst))
          : [dst] "a"(dst), [src] "a"(src), "m"(*reinterpret_cast<const Step *>(src)));
}

inline void xor_step(std::uint8_t *dst, const std::uint8_t *src) {
  __asm__("xc 0(256,%[dst]),0(%[src])\n\txc 256(256,%[dst]),256(%[src])\n\t"
          "xc 512(256,%[dst]),512(%[src])\n\txc 768(256,%[dst]),768(%[src])"
          : "+m"(*reinterpret_cast<Step *>(dst))
          : [dst] "a"(dst), [src] "a"(src), "m"(*reinterpret_cast<const Step *>(src))
          : "cc");
}

// The last 1 to 255 bytes: EXRL runs the MVC or XC below it with its length field ORed with n - 1.
inline void copy_tail(std::uint8_t *dst, const std::uint8_t *src, std::size_t n) {
  __asm__ volatile("exrl %[last],1f\n\tj 2f\n1:\tmvc 0(1,%[dst]),0(%[src])\n2:"
                   :
                   : [last] "a"(n - 1), [dst] "a"(dst), [src] "a"(src)
                   : "memory");
}

inline void xor_tail(std::uint8_t *dst, const std::uint8_t *src, std::size_t n) {
  __asm__ volatile("exrl %[last],1f\n\tj 2f\n1:\txc 0(1,%[dst]),0(%[src])\n2:"
                   :
                   : [last] "a"(n - 1), [dst] "a"(dst), [src] "a"(src)
                   : "cc", "memory");
}

// dst = src[0] ^ ... ^ src[n - 1] (Kernels::xor_many: n >= 1, dst may be any one of the sources), N the
// count when known at compile time (0: not), whose pointers then stay in registers. dst starts as the
// source it is, or as a copy of the first; each step of it goes through every other source before the
// next, so it stays in L1 between its XCs.
template <unsigned N>
inline void xor_sources(std::size_t len, unsigned n, const std::uint8_t *const *sources, std::uint8_t *dst) {
  const std::uint8_t *own[N ? N : 1];
  const std::uint8_t *const *src = sources;
  if constexpr (N != 0) {
    for (unsigned j = 0; j < N; j++)
      own[j] = sources[j];
    src = own;
    n = N;
  }
  unsigned first = 0;
  for (unsigned j = 1; j < n; j++)
    if (src[j] == dst)
      first = j;
  const bool copy_first = src[first] != dst;
  std::size_t off = 0;
  for (; len - off >= sizeof(Step); off += sizeof(Step)) {
    if (copy_first)
      copy_step(dst + off, src[first] + off);
    for (unsigned j = 0; j < n; j++)
      if (j != first)
        xor_step(dst + off, src[j] + off);
  }
  for (; len - off >= sizeof(Block); off += sizeof(Block)) {
    if (copy_first)
      copy_block(dst + off, src[first] + off);
    for (unsigned j = 0; j < n; j++)
      if (j != first)
        xor_block(dst + off, src[j] + off);
  }
  if (off == len)
    return;
  if (copy_first)
    copy_tail(dst + off, src[first] + off, len - off);
  for (unsigned j = 0; j < n; j++)
    if (j != first)
      xor_tail(dst + off, src[j] + off, len - off);
}

// Two sources are the commonest count (2+1's parity and its one-loss rebuild, an update's all-ones row),
// three a rebuild of two lost chunks through the sum.
inline void storage_xor(std::size_t len, unsigned n, const std::uint8_t *const *src, std::uint8_t *dst) {
  if (n == 2)
    return xor_sources<2>(len, n, src, dst);
  if (n == 3)
    return xor_sources<3>(len, n, src, dst);
  xor_sources<0>(len, n, src, dst);
}

} // namespace
} // namespace ec::simd::s390x

#endif
