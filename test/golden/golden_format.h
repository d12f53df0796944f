// SPDX-License-Identifier: LGPL-2.1-or-later
// The checked-in golden data of test/golden/data: the table of accepted profiles (profiles.tsv) and the
// chunks of a few small objects per profile (chunks/<id>.<object size>.bin). make_golden writes them once;
// golden_test reads them in every build. Both sides share this code so the format has one definition.
#ifndef EC_TEST_GOLDEN_GOLDEN_FORMAT_H
#define EC_TEST_GOLDEN_GOLDEN_FORMAT_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ec::golden {

using Profile = std::map<std::string, std::string>;

// Stripe widths whose chunk sizes the table records (1 byte, an odd size, page, Ceph's default
// osd_pool_erasure_code_stripe_unit times a few k, and large ones).
const std::vector<unsigned> &stripe_widths();
// Object sizes whose chunks are stored for each profile with chunks.
const std::vector<std::size_t> &object_sizes();

struct Row {
  std::string id;                   // file-name-safe name of the profile
  Profile input;                    // what the user typed
  Profile written_back;             // the profile after init(): every default filled in
  std::map<unsigned, unsigned> chunk_sizes; // stripe width -> get_chunk_size
  bool has_chunks = false;          // whether chunks/<id>.<size>.bin exist for object_sizes()
};

// "k=v,k=v" (keys sorted, as std::map keeps them); values never hold ',' in our table.
std::string format_profile(const Profile &p);
Profile parse_profile(const std::string &text);

// One row per line, tab-separated: id, input, written-back, "width:chunk ...", chunks|nochunks.
std::string format_row(const Row &row);
// Rows of a table file; '#' lines are comments. Throws std::runtime_error on a malformed line.
std::vector<Row> read_table(const std::string &path);

// The object of `size` bytes every generator and test uses: a fixed xorshift32 stream, so the bytes are
// the same on every host and never depend on a library's random engine.
std::string golden_object(std::size_t size);

std::string chunk_file_name(const std::string &id, std::size_t object_size);
// Whole file, or throws std::runtime_error.
std::string read_file(const std::string &path);

} // namespace ec::golden

#endif
