// SPDX-License-Identifier: LGPL-2.1-or-later
// Declaration of ceph::ErasureCodeInterface as Ceph 16.2 (Pacific) lays it out.
//
// The virtual functions are listed in the exact order of Pacific's vtable: Ceph calls them by slot, so
// adding, removing or reordering one breaks every host. test/plugin/abi_test.cc pins the slots.
#ifndef CEPH_EC_POWER8_ERASURE_CODE_INTERFACE_H
#define CEPH_EC_POWER8_ERASURE_CODE_INTERFACE_H

#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <rados/buffer.h>

#include "erasure-code/ErasureCodeProfile.h"

class CrushWrapper;

namespace ceph {

class ErasureCodeInterface {
public:
  virtual ~ErasureCodeInterface() {}

  virtual int init(ErasureCodeProfile &profile, std::ostream *ss) = 0;
  virtual const ErasureCodeProfile &get_profile() const = 0;
  virtual int create_rule(const std::string &name, CrushWrapper &crush, std::ostream *ss) const = 0;
  virtual unsigned int get_chunk_count() const = 0;
  virtual unsigned int get_data_chunk_count() const = 0;
  virtual unsigned int get_coding_chunk_count() const = 0;
  virtual int get_sub_chunk_count() = 0;
  virtual unsigned int get_chunk_size(unsigned int stripe_width) const = 0;
  virtual int minimum_to_decode(const std::set<int> &want_to_read, const std::set<int> &available,
                                std::map<int, std::vector<std::pair<int, int>>> *minimum) = 0;
  virtual int minimum_to_decode_with_cost(const std::set<int> &want_to_read,
                                          const std::map<int, int> &available, std::set<int> *minimum) = 0;
  virtual int encode(const std::set<int> &want_to_encode, const bufferlist &in,
                     std::map<int, bufferlist> *encoded) = 0;
  virtual int encode_chunks(const std::set<int> &want_to_encode, std::map<int, bufferlist> *encoded) = 0;
  virtual int decode(const std::set<int> &want_to_read, const std::map<int, bufferlist> &chunks,
                     std::map<int, bufferlist> *decoded, int chunk_size) = 0;
  virtual int decode_chunks(const std::set<int> &want_to_read, const std::map<int, bufferlist> &chunks,
                            std::map<int, bufferlist> *decoded) = 0;
  virtual const std::vector<int> &get_chunk_mapping() const = 0;
  virtual int decode_concat(const std::map<int, bufferlist> &chunks, bufferlist *decoded) = 0;
};

typedef std::shared_ptr<ErasureCodeInterface> ErasureCodeInterfaceRef;

} // namespace ceph

#endif
