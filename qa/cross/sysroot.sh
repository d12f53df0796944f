#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Builds a cross build's sysroot from Debian's packages of another architecture (ppc64el, s390x, arm64), without
# touching the host's apt state.
#
# `dpkg --add-architecture ARCH` is not an option: installing libisal-dev:ARCH would remove the amd64 one
# (not Multi-Arch: same), and a failing index of that architecture would break every later `apt-get
# update` on the host. So apt runs with a private configuration (own lists, cache and an empty
# dpkg status) that only downloads; the debs are unpacked with dpkg -x.
#
# Usage: qa/cross/sysroot.sh ARCH [SYSROOT]
#   ARCH is Debian's name of the architecture (ppc64el, s390x, arm64). SYSROOT defaults to
#   $EC_CACHE/ARCH/<release>/sysroot, the downloads go to $EC_CACHE/ARCH/<release>/ (<release>: the Ceph
#   release installed here, ceph-releases.tsv; the packages come from the suites of this system's apt
#   sources, so a release's root gets that release's packages).
# Result: SYSROOT/usr/include (rados, isa-l, jerasure headers) and a runnable userland of ARCH with
# /usr/bin/ceph-erasure-code-tool and its libraries.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/private-apt.sh"

ARCH=${1:?usage: qa/cross/sysroot.sh ARCH [SYSROOT], ARCH a Debian architecture: ppc64el, s390x or arm64}
SYSROOT=${2:-$(ec_cross_sysroot "$ARCH")}
CACHE=$(ec_cross_cache "$ARCH")
TRIPLE=$(dpkg-architecture -a"$ARCH" -qDEB_HOST_MULTIARCH 2>/dev/null)
APT=$CACHE/apt
DEBS=$CACHE/debs

# Headers and libraries the cross build links against (googletest's prebuilt: the unit suites link it
# instead of compiling it for the target), plus ISA-L for the evidence bench.
BUILD_PKGS=(libradospp-dev librados-dev librados2 libisal2 libisal-dev
            libjerasure2 libjerasure-dev libgf-complete1 libgf-complete-dev libgtest-dev)
# Debian's ceph-erasure-code-tool (in ceph-base) with its plugins, and everything they depend on: apt
# resolves the closure (library package names differ between suites), the NEEDED check below proves it.
TOOL_PKGS=(ceph-base ceph-osd ceph-common)


# Kept between runs, keyed by the package list and the versions the archive has now (this system's apt
# lists, the same source packages as ARCH's): a Ceph or library update in the archive makes it anew.
stamp=$SYSROOT/.ec-sysroot-done
# The candidates as apt sees them (the archive's versions; the installed ones in a root whose lists
# mmdebstrap cleaned), read from a copy of dpkg's status and without apt's cache files: another test's
# dpkg -i rewrites the status meanwhile, and an apt-cache reading it then fails ("E: Cache is out of sync").
status=$(mktemp)
trap 'rm -f "$status"' EXIT
cp /var/lib/dpkg/status "$status"
candidates=$(apt-cache -o Dir::State::status="$status" -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= \
  policy "${BUILD_PKGS[@]}" "${TOOL_PKGS[@]}" libc6) || die "apt-cache policy failed: cannot read the archive's versions"
rm -f "$status"
want="${BUILD_PKGS[*]} ${TOOL_PKGS[*]} $(awk '/^[^ ]/ {p = $1} /Candidate:/ {printf "%s%s ", p, $2}' <<<"$candidates")"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "$SYSROOT"
  exit 0
fi
# Downloads of other versions would be unpacked too.
[ ! -f "$stamp" ] || rm -rf "$DEBS"

private_apt_download "$APT" "$ARCH" "$DEBS" "${BUILD_PKGS[@]}" "${TOOL_PKGS[@]}"

log "unpacking $(ls "$DEBS"/*.deb | wc -l) debs into $SYSROOT"
rm -rf "$SYSROOT"
mkdir -p "$SYSROOT"
# The sysroot lives in the work tree: it ignores itself, so no top-level .gitignore entry is needed.
echo '*' >"$SYSROOT/.gitignore"
for d in "$DEBS"/*.deb; do dpkg -x "$d" "$SYSROOT"; done
# Debian 13 and later ship everything under /usr (merged /usr): the top-level links a system gets from
# usrmerge are made here, so qemu -L finds the dynamic linker at its PT_INTERP path (/lib64/ld64.so.2,
# /lib/ld64.so.1).
for d in bin sbin lib lib64; do
  [ -e "$SYSROOT/$d" ] || [ ! -d "$SYSROOT/usr/$d" ] || ln -s "usr/$d" "$SYSROOT/$d"
done
# libc6 ships the dynamic linker's PT_INTERP path as an absolute symlink, which would point at the
# host's path: pointed into the sysroot.
for link in "$SYSROOT"/lib64/ld64.so.* "$SYSROOT"/lib/ld64.so.*; do
  [ -L "$link" ] || continue
  target=$(readlink "$link")
  [ "${target#/}" = "$target" ] || ln -sfn "$SYSROOT$target" "$link"
done

# Fail now, not under qemu later, if a library the tool needs is missing.
missing=$(root_missing_libs "$SYSROOT" "$TRIPLE" "$SYSROOT/usr/bin/ceph-erasure-code-tool" \
  "$SYSROOT"/usr/lib/"$TRIPLE"/ceph/*.so* "$SYSROOT"/usr/lib/"$TRIPLE"/ceph/erasure-code/*.so)
[ -z "$missing" ] || die "no downloaded package provides: $(tr '\n' ';' <<<"$missing")"
echo "$want" >"$stamp"
echo "$SYSROOT"
