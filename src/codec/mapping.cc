// SPDX-License-Identifier: LGPL-2.1-or-later
#include "codec/mapping.h"

#include <cerrno>
#include <string>

namespace ec::codec {

void ChunkMapping::clear() {
  shards_.clear();
  logical_.clear();
}

int ChunkMapping::parse(const Profile &profile, unsigned k, unsigned n, std::ostream *ss) {
  clear();
  auto it = profile.find("mapping");
  if (it == profile.end() || it->second.empty())
    return 0;
  const std::string &mapping = it->second;
  if (mapping.size() != n) {
    *ss << "mapping=" << mapping << " describes " << mapping.size() << " chunks but k+m=" << n
        << ": mapping must have exactly one character per chunk, D for data and any other for coding"
        << std::endl;
    return -EINVAL;
  }
  // Data chunks go to the positions marked D, in order, then coding chunks to the others.
  std::vector<int> shards, coding_positions;
  for (unsigned pos = 0; pos < n; pos++) {
    if (mapping[pos] == 'D')
      shards.push_back(static_cast<int>(pos));
    else
      coding_positions.push_back(static_cast<int>(pos));
  }
  if (shards.size() != k) {
    *ss << "mapping=" << mapping << " marks " << shards.size() << " data chunks (D) but k=" << k
        << ": it must mark exactly k positions with D" << std::endl;
    return -EINVAL;
  }
  shards.insert(shards.end(), coding_positions.begin(), coding_positions.end());
  logical_.assign(n, 0);
  for (unsigned i = 0; i < n; i++)
    logical_[shards[i]] = i;
  shards_ = std::move(shards);
  return 0;
}

} // namespace ec::codec
