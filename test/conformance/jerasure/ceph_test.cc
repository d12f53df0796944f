// SPDX-License-Identifier: LGPL-2.1-or-later
// Ceph's TestErasureCodeJerasure.cc, compiled from Ceph's own source (Debian's orig tarball, extracted by
// test/abi/tentacle/real-headers; nothing of it is in this tree), unchanged.
//
// Why a file that #includes Ceph's .cc: to check, where the file is compiled, that its classes are the
// plugin's codecs of shim/ (found first on the include path) and not Ceph's jerasure classes, which would
// not link here anyway but would say nothing about power8 if they did.
//
// include/ceph_assert.h first: the file's first include, crush/CrushWrapper.h, reaches include/encoding.h
// (through include/types.h and include/uuid.h) before ceph_assert.h, and g++ 14 refuses encoding.h's
// templates calling ceph_assert before any declaration of it. Included first, it changes nothing else.
#include "include/ceph_assert.h"

#include "test/erasure-code/TestErasureCodeJerasure.cc"

#include <type_traits>

static_assert(std::is_base_of_v<ec_jerasure_suite::PluginCodec, ErasureCodeJerasureReedSolomonVandermonde> &&
                  std::is_base_of_v<ec_jerasure_suite::PluginCodec, ErasureCodeJerasureLiber8tion>,
              "TestErasureCodeJerasure.cc found Ceph's ErasureCodeJerasure.h, not test/conformance/jerasure/shim's");
