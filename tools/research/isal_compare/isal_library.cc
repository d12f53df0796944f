// SPDX-License-Identifier: LGPL-2.1-or-later
#include "isal_library.h"

#include <dlfcn.h>
#include <isa-l.h>

namespace isal_compare {

namespace {

template <class F> F lookup(const std::string &symbol) {
  // RTLD_DEFAULT: libisal is linked, so its symbols are in the global scope.
  return reinterpret_cast<F>(dlsym(RTLD_DEFAULT, symbol.c_str()));
}

} // namespace

IsalEntry isal_dispatch() { return {"dispatch", ec_encode_data, ec_encode_data_update, ec_init_tables}; }

bool isal_entry(const std::string &suffix, IsalEntry *entry, std::string *missing) {
  const bool gfni = suffix.size() > 5 && suffix.compare(suffix.size() - 5, 5, "_gfni") == 0;
  const std::string encode = "ec_encode_data_" + suffix, update = "ec_encode_data_update_" + suffix;
  entry->name = suffix;
  entry->encode = lookup<EncodeFn>(encode);
  entry->update = lookup<UpdateFn>(update);
  // 2.30 has no ec_init_tables_base: its ec_init_tables is the base one.
  entry->init_tables = gfni ? lookup<InitTablesFn>("ec_init_tables_gfni") : lookup<InitTablesFn>("ec_init_tables_base");
  if (!gfni && !entry->init_tables)
    entry->init_tables = ec_init_tables;
  *missing = !entry->encode ? encode : !entry->update ? update : !entry->init_tables ? "ec_init_tables_gfni" : "";
  return missing->empty();
}

std::vector<std::uint8_t> isal_tables(const IsalEntry &entry, unsigned k, unsigned rows, const std::uint8_t *matrix) {
  std::vector<std::uint8_t> tables(std::size_t{k} * rows * 32);
  std::vector<std::uint8_t> a(matrix, matrix + std::size_t{k} * rows); // ISA-L takes it non-const
  entry.init_tables(static_cast<int>(k), static_cast<int>(rows), a.data(), tables.data());
  return tables;
}

std::string isal_version() {
  return std::to_string(ISAL_MAJOR_VERSION) + "." + std::to_string(ISAL_MINOR_VERSION) + "." +
         std::to_string(ISAL_PATCH_VERSION);
}

} // namespace isal_compare
