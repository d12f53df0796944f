// SPDX-License-Identifier: LGPL-2.1-or-later
// PluginCodec: the classes of Ceph's TestErasureCodeJerasure.cc done by a plugin (plugin_codec.h).
#include "plugin_codec.h"

#include "erasure-code/ErasureCodePlugin.h"
#include "include/buffer.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <sstream>
#include <utility>
#include <vector>

namespace ec_jerasure_suite {

namespace {
std::string g_plugin;
std::string g_directory;
} // namespace

void configure(const std::string &plugin, const std::string &directory) {
  g_plugin = plugin;
  g_directory = directory;
}

const std::string &plugin_name() { return g_plugin; }

int make_codec(ceph::ErasureCodeProfile &profile, ceph::ErasureCodeInterfaceRef *codec, std::ostream *errors) {
  return ceph::ErasureCodePluginRegistry::instance().factory(g_plugin, g_directory, profile, codec, errors);
}

int PluginCodec::init(ceph::ErasureCodeProfile &profile, std::ostream *ss) {
  // As ErasureCodeJerasure::init(): the class decides the technique, whatever the profile says.
  profile["technique"] = technique_;
  codec_.reset();
  ceph::ErasureCodeInterfaceRef codec;
  if (int r = make_codec(profile, &codec, ss))
    return r;
  codec_ = std::move(codec);
  // The plugin's own profile, defaults included: it is what its chunk sizes follow.
  const auto &own = codec_->get_profile();
  const auto it = own.find("jerasure-per-chunk-alignment");
  per_chunk_alignment_ = it != own.end() && it->second == "true";
  return 0;
}

ceph::ErasureCodeInterface *PluginCodec::codec(const char *method) const {
  if (!codec_)
    ADD_FAILURE() << method << "() on a " << technique_ << " codec that plugin=" << g_plugin
                  << " refused to make: exclusions.cc lacks a rule for this test";
  return codec_.get();
}

int PluginCodec::encode(const std::set<int> &want_to_encode, const ceph::bufferlist &in,
                        std::map<int, ceph::bufferlist> *encoded) {
  auto *c = codec("encode");
  return c ? c->encode(want_to_encode, in, encoded) : -EINVAL;
}

int PluginCodec::_decode(const std::set<int> &want_to_read, const std::map<int, ceph::bufferlist> &chunks,
                         std::map<int, ceph::bufferlist> *decoded) {
  auto *c = codec("_decode");
  if (!c)
    return -EINVAL;
  // ErasureCode::decode() ignores its chunk size (the chunks have theirs); the first chunk's is given.
  const int chunk_size = chunks.empty() ? 0 : static_cast<int>(chunks.begin()->second.length());
  return c->decode(want_to_read, chunks, decoded, chunk_size);
}

int PluginCodec::_minimum_to_decode(const std::set<int> &want_to_read, const std::set<int> &available,
                                    std::set<int> *minimum) {
  auto *c = codec("_minimum_to_decode");
  if (!c)
    return -EINVAL;
  std::map<int, std::vector<std::pair<int, int>>> shards;
  if (int r = c->minimum_to_decode(want_to_read, available, &shards))
    return r;
  for (const auto &shard : shards)
    minimum->insert(shard.first);
  return 0;
}

int PluginCodec::create_rule(const std::string &name, CrushWrapper &crush, std::ostream *ss) const {
  auto *c = codec("create_rule");
  return c ? c->create_rule(name, crush, ss) : -EINVAL;
}

unsigned int PluginCodec::get_chunk_count() const {
  auto *c = codec("get_chunk_count");
  return c ? c->get_chunk_count() : 0;
}

unsigned int PluginCodec::get_alignment() const {
  auto *c = codec("get_alignment");
  if (!c)
    return 0;
  // jerasure pads an object to a multiple of its alignment, split into k chunks; with per-chunk alignment,
  // each chunk to a multiple of it. A one-byte object is padded to exactly one of either.
  const unsigned chunk = c->get_chunk_size(1);
  return per_chunk_alignment_ ? chunk : chunk * c->get_data_chunk_count();
}

} // namespace ec_jerasure_suite
