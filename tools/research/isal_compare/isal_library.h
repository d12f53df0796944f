// SPDX-License-Identifier: LGPL-2.1-or-later
// libisal's erasure-code calls as a user reaches them: the public API (run-time dispatch, erasure_code.h),
// and the per-instruction-set entry points libisal exports without declaring them, looked up with dlsym
// so one binary runs against 2.30 (no GFNI ones) and 2.31+ alike.
#ifndef ISAL_COMPARE_ISAL_LIBRARY_H
#define ISAL_COMPARE_ISAL_LIBRARY_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace isal_compare {

using EncodeFn = void (*)(int len, int k, int rows, unsigned char *tables, unsigned char **data,
                          unsigned char **coding);
using UpdateFn = void (*)(int len, int k, int rows, int vec_i, unsigned char *tables, unsigned char *data,
                          unsigned char **coding);
using InitTablesFn = void (*)(int k, int rows, unsigned char *matrix, unsigned char *tables);

// One way of calling ISA-L: tables made by init_tables feed encode and update.
struct IsalEntry {
  std::string name; // "dispatch", or the instruction-set suffix ("avx512_gfni", "sse", ...)
  EncodeFn encode = nullptr;
  UpdateFn update = nullptr;
  InitTablesFn init_tables = nullptr;
};

// The public API: ec_init_tables, ec_encode_data, ec_encode_data_update.
IsalEntry isal_dispatch();

// ec_encode_data_<suffix> and its _update twin, with ec_init_tables_gfni for the GFNI ones and the
// base tables for the others (2.31's ec_init_tables itself dispatches to the GFNI format on a GFNI CPU).
// false, with the missing symbol in *missing, if this libisal lacks one.
bool isal_entry(const std::string &suffix, IsalEntry *entry, std::string *missing);

// ISA-L's tables for the rows x k coefficient matrix, as `entry` wants them (32 bytes per coefficient, or
// 8 for GFNI: sized for the larger).
std::vector<std::uint8_t> isal_tables(const IsalEntry &entry, unsigned k, unsigned rows, const std::uint8_t *matrix);

// "2.31.1": the version of the header built against.
std::string isal_version();

} // namespace isal_compare

#endif
