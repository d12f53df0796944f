#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A ppc64el root that runs Debian's ppc64el ceph-osd under qemu-ppc64le -L ROOT: the sysroot of
# qa/ppc64le/sysroot.sh (ceph-osd, ceph-base, ceph-common and the libraries the erasure-code tool needs)
# plus the shared libraries that only the OSD daemon needs (its object stores: leveldb, snappy, lz4,
# libaio, libfuse, pmem...). Only what the OSD loads is added, not the whole dependency closure of the
# packages (about 235 packages with cron, cryptsetup, lvm...): every NEEDED soname of ceph-osd,
# ceph-objectstore-tool and Ceph's own libraries is then checked to resolve inside the root.
#
# Usage: qa/ppc64le/osd-root.sh [ROOT]   (default: $EC_TOP/.ppc-osd-root; downloads cached in .cache/)
# Prints ROOT. Same private apt configuration as sysroot.sh: the host's apt state is never touched.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/private-apt.sh"

ROOT=${1:-$EC_TOP/.ppc-osd-root}
CACHE=$EC_TOP/.cache/ppc64le
APT=$CACHE/apt
DEBS=$CACHE/debs-osd

# What ceph-osd (bluestore, memstore, kstore, the RDMA messenger) needs beyond sysroot.sh's packages.
OSD_PKGS=(libaio1 libboost-program-options1.74.0 libfuse2 libleveldb1d liblz4-1 libsnappy1v5
          libpmem1 libdaxctl1 libndctl6 libkmod2 libuuid1)

bash "$EC_TOP/qa/ppc64le/sysroot.sh" "$ROOT" >/dev/null
stamp=$ROOT/.ec-osd-root-done
want="${OSD_PKGS[*]}"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "$ROOT"
  exit 0
fi

private_apt_download "$APT" ppc64el "$DEBS" "${OSD_PKGS[@]}"
log "unpacking ${#OSD_PKGS[@]} more debs into $ROOT"
for p in "${OSD_PKGS[@]}"; do dpkg -x "$(compgen -G "$DEBS/${p}_*_ppc64el.deb" | head -1)" "$ROOT"; done

# Fail now, not under qemu later, if a library the daemon loads is missing.
missing=$(root_missing_libs "$ROOT" powerpc64le-linux-gnu "$ROOT/usr/bin/ceph-osd" "$ROOT/usr/bin/ceph-objectstore-tool" \
  "$ROOT"/usr/lib/powerpc64le-linux-gnu/ceph/*.so* "$ROOT"/usr/lib/powerpc64le-linux-gnu/ceph/erasure-code/*.so \
  "$ROOT"/usr/lib/powerpc64le-linux-gnu/*.so.*)
[ -z "$missing" ] || die "ppc64el OSD root $ROOT lacks libraries: $(tr '\n' ';' <<<"$missing")"
echo "$want" >"$stamp"
echo "$ROOT"
