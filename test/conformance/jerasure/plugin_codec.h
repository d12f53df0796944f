// SPDX-License-Identifier: LGPL-2.1-or-later
// What each class of Ceph's TestErasureCodeJerasure.cc is, when that file runs outside Ceph's build: a
// codec made by an erasure-code plugin loaded through Ceph's own registry (ErasureCodePlugin.cc of the same
// tarball), as ceph-osd makes one for a pool, with the class's technique in the profile.
//
// The file was written for jerasure's C++ classes (ErasureCodeJerasureReedSolomonVandermonde...), linked
// into the test. Its test bodies call, on an object of such a class: init, encode, _decode,
// _minimum_to_decode, create_rule, get_chunk_count and get_alignment. PluginCodec offers exactly these, each
// done by the plugin's codec through ErasureCodeInterface, the only thing a plugin exports:
//   init                 ErasureCodePluginRegistry::factory(), after setting profile["technique"] to the
//                        class's technique, as ErasureCodeJerasure::init() does
//   _decode              decode(): Ceph's ErasureCode::decode() is _decode() with the chunk size unused
//   _minimum_to_decode   minimum_to_decode(): ErasureCode's maps _minimum_to_decode()'s shards to their
//                        sub-chunk ranges; the shards are its keys
//   get_alignment        what jerasure's get_alignment() is, read from get_chunk_size(): an object of one
//                        byte is padded to one alignment (a chunk of it with per-chunk alignment)
// The plugin is the one named by configure(): power8, or Ceph's own jerasure (the control, which also
// shows that this class changes nothing the file tests).
//
// A method called after init() failed is reported as a test failure (jerasure's object would go on with
// what its parse() had read; a plugin hands ceph-osd no codec then): the tests that do that are excluded by
// the rules of exclusions.cc, which check that the plugin still refuses their profile.
#ifndef EC_JERASURE_SUITE_PLUGIN_CODEC_H
#define EC_JERASURE_SUITE_PLUGIN_CODEC_H

#include "erasure-code/ErasureCodeInterface.h"

#include <map>
#include <ostream>
#include <set>
#include <string>

class CrushWrapper;

namespace ec_jerasure_suite {

// The plugin every PluginCodec is made by, and the directory it is loaded from (ceph-osd's
// erasure_code_dir). Set once by main() before the tests.
void configure(const std::string &plugin, const std::string &directory);
const std::string &plugin_name();

// One codec made by the configured plugin: ceph::ErasureCodePluginRegistry::factory(plugin, directory,
// profile). Returns factory()'s result; `errors` gets what the registry and the plugin said.
int make_codec(ceph::ErasureCodeProfile &profile, ceph::ErasureCodeInterfaceRef *codec, std::ostream *errors);

class PluginCodec {
public:
  explicit PluginCodec(const char *technique) : technique_(technique) {}

  int init(ceph::ErasureCodeProfile &profile, std::ostream *ss);
  int encode(const std::set<int> &want_to_encode, const ceph::bufferlist &in,
             std::map<int, ceph::bufferlist> *encoded);
  int _decode(const std::set<int> &want_to_read, const std::map<int, ceph::bufferlist> &chunks,
              std::map<int, ceph::bufferlist> *decoded);
  int _minimum_to_decode(const std::set<int> &want_to_read, const std::set<int> &available,
                         std::set<int> *minimum);
  int create_rule(const std::string &name, CrushWrapper &crush, std::ostream *ss) const;
  unsigned int get_chunk_count() const;
  unsigned int get_alignment() const;

private:
  // The codec, or a test failure and nullptr if init() did not make one.
  ceph::ErasureCodeInterface *codec(const char *method) const;

  const std::string technique_;
  ceph::ErasureCodeInterfaceRef codec_;
  bool per_chunk_alignment_ = false;
};

} // namespace ec_jerasure_suite

#endif
