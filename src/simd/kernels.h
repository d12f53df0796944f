// SPDX-License-Identifier: LGPL-2.1-or-later
// The kernel dispatch table: what every SIMD variant provides, over raw pointers and lengths.
//
// The codec never sees an intrinsic and the kernels never see a Ceph type: the codec expands each GF(2^8)
// coefficient once into the variant's own table format (expand), caches the tables, and calls the region
// kernels with them. All variants compute the same bytes; the reference variant is the oracle.
#ifndef EC_SIMD_KERNELS_H
#define EC_SIMD_KERNELS_H

#include <cstddef>
#include <cstdint>

namespace ec::simd {

// Upper bound of Kernels::table_bytes, for callers that keep one table on the stack.
constexpr std::size_t kMaxTableBytes = 128;
// Alignment the codec gives to arrays of tables (table_bytes is a multiple of 16, so every table is
// 16-byte aligned; a variant may rely on that, not on more).
constexpr std::size_t kTableAlignment = 64;

// How a dot product reads its sources once they and its outputs exceed twice the core's L1D: as many
// registers of each source per step as in cache (wide), or the fewer the variant names (narrow). Which is
// faster depends on the core (on AMD Zen 4, narrow for one to three rows; on Intel Emerald Rapids, wide);
// the bytes are the same. measure: time both and keep the faster (Kernels::settle).
enum class BeyondL1 { measure, narrow, wide };

// The register width of the loops that only move data beyond twice the core's L1D, with one multiply per
// register at most: the update (mad, xor_mad) and xor_many of two sources. Intel Xeons lower the core's
// clock while such a loop runs in 64-byte registers (family 6, model 167: about 12%, a few milliseconds
// in, which a timing at load does not see), while AMD Zen 4 and Zen 5 run it 12-27% faster than in
// 32-byte ones. by_vendor: half on Intel, full elsewhere; full and half force it (Kernels::settle).
enum class MovesBeyondL1 { by_vendor, full, half };

// What Kernels::settle chose for each choice and why, one line each (NUL-terminated; empty where the
// variant has no such choice).
struct SettleReport {
  char beyond_l1[256];
  char moves_beyond_l1[256];
};

struct Kernels {
  const char *name; // the variant, as in libec_power8_<name>.so and power8-variant=<name>

  // Size of the expanded table of one coefficient (multiple of 16, at most kMaxTableBytes).
  std::size_t table_bytes;
  // Writes the table_bytes-long table that lets this variant multiply by coef.
  void (*expand)(std::uint8_t coef, std::uint8_t *table);

  // Lengths are in bytes, any value including 0; pointers have any alignment. Outputs never overlap
  // inputs, except where a comment allows it.

  // dst = coef * src.
  void (*mul)(std::size_t len, const std::uint8_t *table, const std::uint8_t *src, std::uint8_t *dst);
  // dst[r] ^= coef[r] * src for r < rows; tables holds rows tables back to back.
  void (*mad)(std::size_t len, unsigned rows, const std::uint8_t *tables, const std::uint8_t *src,
              std::uint8_t *const *dst);
  // mad with a first row of coefficient 1, XORed without a multiply: dst[0] ^= src and dst[r] ^= coef[r] *
  // src for 0 < r < rows (rows >= 1); tables holds the rows - 1 tables of rows 1.. back to back. Reed-Solomon's
  // all-ones parity row so shares the first pass of the multiply rows (as many as mad groups in one pass):
  // a delta is read from memory once for all of a code's parities.
  void (*xor_mad)(std::size_t len, unsigned rows, const std::uint8_t *tables, const std::uint8_t *src,
                  std::uint8_t *const *dst);
  // dst[r] = sum over j < k of coef[r][j] * src[j], for r < rows (rows >= 1, k >= 1, any number: the
  // kernel groups rows as its registers allow and reads each source once per group).
  // tables holds rows * k tables, row-major: coefficient (r, j) at tables + (r * k + j) * table_bytes.
  void (*dot_prod)(std::size_t len, unsigned k, unsigned rows, const std::uint8_t *tables,
                   const std::uint8_t *const *src, std::uint8_t *const *dst);
  // dot_prod with a first row of coefficient 1, summed without a multiply: dst[0] = src[0] ^ ... ^ src[k - 1]
  // and dst[r] as dot_prod's for 0 < r < rows (rows >= 1); tables holds the (rows - 1) * k tables of rows
  // 1.. (as xor_mad's). Reed-Solomon's Vandermonde matrices (jerasure's and ISA-L's) start with that row.
  void (*xor_dot_prod)(std::size_t len, unsigned k, unsigned rows, const std::uint8_t *tables,
                       const std::uint8_t *const *src, std::uint8_t *const *dst);
  // xor_dot_prod of a matrix whose first column is all ones as well (every row's coefficient of src[0] is
  // 1: jerasure's and ISA-L's Vandermonde encode matrices); the caller guarantees it. src[0] is added, not
  // multiplied; tables as xor_dot_prod's, src[0]'s (of 1) included.
  void (*xor_dot_prod_ones)(std::size_t len, unsigned k, unsigned rows, const std::uint8_t *tables,
                            const std::uint8_t *const *src, std::uint8_t *const *dst);
  // dst = src[0] ^ ... ^ src[n - 1], n >= 1. dst may be one of the src pointers (exactly, no partial
  // overlap), which makes it an in-place accumulate.
  void (*xor_many)(std::size_t len, unsigned n, const std::uint8_t *const *src, std::uint8_t *dst);

  // Whether the codec rebuilds the last of several lost data chunks from the all-ones parity's sum (an XOR
  // pass) rather than a row of products: where a product costs several instructions per register.
  bool decodes_through_sum;

  // The choices whose faster side depends on the core, made once, where the variant's library loads (as
  // Linux's raid6 picks its functions): the region pointers above are those of one choice each, so no
  // call reads a mode. A variant's own table (kernels_<name>) reads sources beyond L1D narrow and moves
  // them in its full width; settle gives the table of the choices asked for.
  bool chooses_beyond_l1;       // its dot products have two ways of reading sources beyond L1D
  bool chooses_moves_beyond_l1; // its moves beyond L1D have two register widths
  // The table of variant self with both choices made: beyond_l1 (measure: both ways timed for a few
  // milliseconds, on a CPU that runs the variant) and moves. Writes what it chose and why into *report.
  // Null where the variant has neither choice.
  Kernels (*settle)(const Kernels &self, BeyondL1 beyond_l1, MovesBeyondL1 moves, SettleReport *report);
};

} // namespace ec::simd

#endif
