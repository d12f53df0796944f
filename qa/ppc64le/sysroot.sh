#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Builds the ppc64le sysroot from Debian's ppc64el packages, without touching the host's apt state.
#
# `dpkg --add-architecture ppc64el` is not an option: installing libisal-dev:ppc64el would remove the
# amd64 one (not Multi-Arch: same), and a failing ppc64el security index would break every later
# `apt-get update` on the host. So apt runs with a private configuration (own lists, cache and an empty
# dpkg status) that only downloads; the debs are unpacked with dpkg -x.
#
# Usage: qa/ppc64le/sysroot.sh [SYSROOT]   (default: $EC_TOP/.ppc-sysroot; downloads cached in .cache/)
# Result: SYSROOT/usr/include (rados, isa-l, jerasure headers) and a runnable ppc64el userland with
# /usr/bin/ceph-erasure-code-tool and its libraries.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/private-apt.sh"

SYSROOT=${1:-$EC_TOP/.ppc-sysroot}
CACHE=$EC_TOP/.cache/ppc64le
APT=$CACHE/apt
DEBS=$CACHE/debs

# Headers and libraries the cross build links against, plus ISA-L for the evidence bench.
BUILD_PKGS=(libradospp-dev librados-dev librados2 libisal2 libisal-dev
            libjerasure2 libjerasure-dev libgf-complete1 libgf-complete-dev)
# Debian's ceph-erasure-code-tool (in ceph-base) and the closure of its NEEDED sonames (checked below).
TOOL_PKGS=(ceph-base ceph-osd ceph-common libc6 libgcc-s1 libstdc++6
           libboost-thread1.74.0 libboost-iostreams1.74.0 libfmt9 libblkid1 libssl3 libudev1
           libibverbs1 librdmacm1 zlib1g libbz2-1.0 liblzma5 libzstd1 libnl-3-200 libnl-route-3-200)


stamp=$SYSROOT/.ec-sysroot-done
want="${BUILD_PKGS[*]} ${TOOL_PKGS[*]}"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "$SYSROOT"
  exit 0
fi

private_apt_config "$APT" deb ppc64el
export APT_CONFIG=$APT/apt.conf
mkdir -p "$DEBS"
missing=()
for p in "${BUILD_PKGS[@]}" "${TOOL_PKGS[@]}"; do
  compgen -G "$DEBS/${p}_*_ppc64el.deb" >/dev/null || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "private apt (ppc64el): update; download ${missing[*]}"
  apt-get update -q >&2
  (cd "$DEBS" && apt-get download -q "${missing[@]}" >&2)
fi

log "unpacking $(ls "$DEBS"/*.deb | wc -l) debs into $SYSROOT"
rm -rf "$SYSROOT"
mkdir -p "$SYSROOT"
# The sysroot lives in the work tree: it ignores itself, so no top-level .gitignore entry is needed.
echo '*' >"$SYSROOT/.gitignore"
for d in "$DEBS"/*.deb; do dpkg -x "$d" "$SYSROOT"; done
# libc6 ships /lib64/ld64.so.2 as an absolute symlink, which would point at the (absent) host path.
ln -sfn ../lib/powerpc64le-linux-gnu/ld64.so.2 "$SYSROOT/lib64/ld64.so.2"

# Fail now, not under qemu later, if a library the tool needs is missing.
libdirs=("$SYSROOT/lib/powerpc64le-linux-gnu" "$SYSROOT/usr/lib/powerpc64le-linux-gnu"
         "$SYSROOT/usr/lib/powerpc64le-linux-gnu/ceph" "$SYSROOT/usr/lib/powerpc64le-linux-gnu/ceph/erasure-code")
check() {
  local f=$1 so found d
  for so in $(readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    found=
    for d in "${libdirs[@]}"; do [ -e "$d/$so" ] && found=1 && break; done
    [ -n "$found" ] || die "$f needs $so, which no downloaded package provides"
  done
}
check "$SYSROOT/usr/bin/ceph-erasure-code-tool"
for f in "$SYSROOT"/usr/lib/powerpc64le-linux-gnu/ceph/*.so* "$SYSROOT"/usr/lib/powerpc64le-linux-gnu/ceph/erasure-code/*.so; do
  check "$f"
done
echo "$want" >"$stamp"
echo "$SYSROOT"
