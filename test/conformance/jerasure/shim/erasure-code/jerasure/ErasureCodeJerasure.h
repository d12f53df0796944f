// SPDX-License-Identifier: LGPL-2.1-or-later
// Found instead of Ceph's src/erasure-code/jerasure/ErasureCodeJerasure.h by Ceph's TestErasureCodeJerasure.cc
// (this directory comes first on its include path: test/conformance/jerasure/CMakeLists.txt). The file's
// classes, by the names it uses, each a codec of the plugin under test with the technique Ceph's class of
// that name sets (plugin_codec.h): its test bodies run unchanged against power8, or against Ceph's own
// jerasure plugin as the control. Not Ceph's declarations: only the class names and techniques are.
#ifndef EC_JERASURE_SUITE_SHIM_ERASURE_CODE_JERASURE_H
#define EC_JERASURE_SUITE_SHIM_ERASURE_CODE_JERASURE_H

#include "plugin_codec.h"

#define EC_JERASURE_SUITE_CLASS(name, technique)                                                            \
  class name : public ec_jerasure_suite::PluginCodec {                                                      \
  public:                                                                                                   \
    name() : PluginCodec(technique) {}                                                                      \
  }

EC_JERASURE_SUITE_CLASS(ErasureCodeJerasureReedSolomonVandermonde, "reed_sol_van");
EC_JERASURE_SUITE_CLASS(ErasureCodeJerasureReedSolomonRAID6, "reed_sol_r6_op");
EC_JERASURE_SUITE_CLASS(ErasureCodeJerasureCauchyOrig, "cauchy_orig");
EC_JERASURE_SUITE_CLASS(ErasureCodeJerasureCauchyGood, "cauchy_good");
EC_JERASURE_SUITE_CLASS(ErasureCodeJerasureLiberation, "liberation");
EC_JERASURE_SUITE_CLASS(ErasureCodeJerasureBlaumRoth, "blaum_roth");
EC_JERASURE_SUITE_CLASS(ErasureCodeJerasureLiber8tion, "liber8tion");

#undef EC_JERASURE_SUITE_CLASS

#endif
