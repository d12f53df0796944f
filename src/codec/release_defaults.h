// SPDX-License-Identifier: LGPL-2.1-or-later
// What differs between the Ceph releases in how a profile is read: jerasure's defaults, isa's bound on m.
// The plugin's instance is generated from the row of ceph-releases.tsv it is built for (ceph_release.h).
#ifndef EC_CODEC_RELEASE_DEFAULTS_H
#define EC_CODEC_RELEASE_DEFAULTS_H

namespace ec::codec {

// k, m, raid6_m, packetsize: jerasure's defaults in that release, so that a profile that omits a key gets
// the value plugin=jerasure would give it and means the same chunks. isa_max_m: the bound that release's
// isa puts on m with power8-code=isa (0: none but the field's).
struct ReleaseDefaults {
  unsigned k, m, raid6_m, packetsize, isa_max_m;
};

} // namespace ec::codec

#endif
