#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A ppc64el root that runs Debian's ppc64el ceph-osd under qemu-ppc64le -L ROOT: the sysroot of
# qa/cross/sysroot.sh, which unpacks the dependency closure of ceph-osd, ceph-base and ceph-common, with
# every NEEDED soname of ceph-osd, ceph-objectstore-tool and Ceph's own libraries checked to resolve
# inside it.
#
# Usage: qa/ppc64le/osd-root.sh [ROOT]   (default: the installed release's sysroot, $EC_CACHE/ppc64el/<release>/sysroot)
# Prints ROOT. Same private apt configuration as sysroot.sh: the host's apt state is never touched.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/private-apt.sh"

ROOT=${1:-$(ec_cross_sysroot ppc64el)}

bash "$EC_TOP/qa/cross/sysroot.sh" ppc64el "$ROOT" >/dev/null

# Fail now, not under qemu later, if a library the daemon loads is missing.
missing=$(root_missing_libs "$ROOT" powerpc64le-linux-gnu "$ROOT/usr/bin/ceph-osd" "$ROOT/usr/bin/ceph-objectstore-tool" \
  "$ROOT"/usr/lib/powerpc64le-linux-gnu/ceph/*.so* "$ROOT"/usr/lib/powerpc64le-linux-gnu/ceph/erasure-code/*.so \
  "$ROOT"/usr/lib/powerpc64le-linux-gnu/*.so.*)
[ -z "$missing" ] || die "ppc64el OSD root $ROOT lacks libraries: $(tr '\n' ';' <<<"$missing")"
echo "$ROOT"
