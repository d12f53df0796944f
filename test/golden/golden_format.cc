// SPDX-License-Identifier: LGPL-2.1-or-later
#include "golden_format.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace ec::golden {
namespace {

std::vector<std::string> split(const std::string &text, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

} // namespace

const std::vector<unsigned> &stripe_widths() {
  static const std::vector<unsigned> widths{1, 1000, 4096, 16384, 65536, 1048576, 4194304};
  return widths;
}

const std::vector<std::size_t> &object_sizes() {
  static const std::vector<std::size_t> sizes{0, 1000, 5000};
  return sizes;
}

std::string format_profile(const Profile &p) {
  std::string out;
  for (const auto &kv : p)
    out += (out.empty() ? "" : ",") + kv.first + "=" + kv.second;
  return out;
}

Profile parse_profile(const std::string &text) {
  Profile p;
  if (text.empty())
    return p;
  for (const std::string &item : split(text, ',')) {
    const auto eq = item.find('=');
    if (eq == std::string::npos)
      throw std::runtime_error("profile item without '=': " + item);
    p[item.substr(0, eq)] = item.substr(eq + 1);
  }
  return p;
}

std::string format_row(const Row &row) {
  std::string sizes;
  for (const auto &wc : row.chunk_sizes)
    sizes += (sizes.empty() ? "" : " ") + std::to_string(wc.first) + ":" + std::to_string(wc.second);
  return row.id + "\t" + format_profile(row.input) + "\t" + format_profile(row.written_back) + "\t" + sizes +
         "\t" + (row.has_chunks ? "chunks" : "nochunks");
}

std::vector<Row> read_table(const std::string &path) {
  std::istringstream in(read_file(path));
  std::vector<Row> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    const std::vector<std::string> f = split(line, '\t');
    if (f.size() != 5 || (f[4] != "chunks" && f[4] != "nochunks"))
      throw std::runtime_error("malformed table line: " + line);
    Row row;
    row.id = f[0];
    row.input = parse_profile(f[1]);
    row.written_back = parse_profile(f[2]);
    for (const std::string &wc : split(f[3], ' ')) {
      const auto colon = wc.find(':');
      if (colon == std::string::npos)
        throw std::runtime_error("malformed chunk size: " + wc);
      row.chunk_sizes[static_cast<unsigned>(std::stoul(wc.substr(0, colon)))] =
          static_cast<unsigned>(std::stoul(wc.substr(colon + 1)));
    }
    row.has_chunks = f[4] == "chunks";
    rows.push_back(row);
  }
  return rows;
}

std::string golden_object(std::size_t size) {
  std::uint32_t x = 0x9e3779b9u ^ static_cast<std::uint32_t>(size);
  std::string out(size, '\0');
  for (auto &c : out) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    c = static_cast<char>(x >> 24);
  }
  return out;
}

std::string chunk_file_name(const std::string &id, std::size_t object_size) {
  return "chunks/" + id + "." + std::to_string(object_size) + ".bin";
}

std::string read_file(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  if (!f)
    throw std::runtime_error("cannot read " + path);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

} // namespace ec::golden
