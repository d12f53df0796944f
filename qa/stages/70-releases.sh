#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Every supported Ceph release other than the installed one (ceph-releases.tsv), proven by its own binaries:
# in a Debian root of that release's suite (qa/lib/release-root.sh, made from Debian's archive, cached),
# with that suite's compiler and Ceph, the stages the installed release runs on the host:
#   10  build with -Werror and the unit suite; Ceph's ceph-erasure-code-tool vs its jerasure (chunk sizes,
#       shards, cross decoding, defaults held to the table); our interface vs its libec_jerasure.so vtables
#   30  the ppc64el cross build with that suite's cross compiler and Debian's ppc64el ceph-erasure-code-tool
#       of that release under qemu POWER8/9/10 (the unit suite under qemu runs on the host's stage 30)
#   40  the local-cluster EC-pool test with that release's daemons
#   45  ceph-ec-power8 adopt/revert of jerasure pools with that release's daemons and its profile syntax
#   60  the Debian package of that release (amd64 and ppc64el), installed and used by its daemons
# then, on the host: the interface of releases declared alike (same generation in the table) compared
# whole through the ceph::ErasureCode vtables of their libec_jerasure.so, and the upgrade from the release
# before it (qa/upgrade/upgrade-test) when that is the installed one.
#   EC_RELEASES      releases to run (default: all but the installed one)
#   EC_RELEASE_STAGES stages run in each root (default "10 30 40 45 60")
#   EC_RELEASE_POOL_PARTS  ec-pool-test parts stage 60 runs against the installed package in the root
#                    (default "lrc bad": stage 40 just ran them all against the build tree)
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$EC_TOP/qa/lib/release-root.sh"
ensure_packages "${EC_BUILD_PACKAGES[@]}" mmdebstrap util-linux binutils

host=$(release_installed)
releases=${EC_RELEASES:-$(release_names | grep -vx "$host")}
[ -n "$releases" ] || die "no release to run besides the installed $host (ceph-releases.tsv)"
stock_lib=/usr/lib/$(gcc -dumpmachine)/ceph/erasure-code/libec_jerasure.so
prev=""
for release in $(release_names); do
  if ! grep -qx "$release" <<<"$releases"; then prev=$release; continue; fi
  log "Ceph $release ($(release_field "$release" debian), Debian $(release_field "$release" suite)): its own binaries"
  root=$(release_root_ensure "$release")

  if [ "$(release_field "$release" interface)" = "$(release_field "$host" interface)" ]; then
    # Same generation: the whole ceph::ErasureCode vtable (interface and base class virtuals, with full
    # signatures) is the same in both releases' binaries, so no virtual was added or changed.
    diff <("$EC_TOP/test/abi/vtable-slots" dump "$stock_lib" ceph::ErasureCode) \
         <("$EC_TOP/test/abi/vtable-slots" dump "$root$stock_lib" ceph::ErasureCode) >&2 ||
      die "ceph::ErasureCode's vtable differs between $host and $release, which ceph-releases.tsv declares alike"
    log "$host and $release: ceph::ErasureCode vtables identical ($("$EC_TOP/test/abi/vtable-slots" dump "$stock_lib" ceph::ErasureCode | wc -l) entries)"
  fi

  # The stages in the root, each with build directories of its own.
  EC_BUILD=$EC_TOP/build-$release EC_PPC64LE_BUILD=$EC_TOP/build-ppc64le-$release EC_PPC64LE_UNIT_CPUS="" \
    EC_DEB_POOL_PARTS=${EC_RELEASE_POOL_PARTS:-lrc bad} EC_STAGES=${EC_RELEASE_STAGES:-10 30 40 45 60} \
    release_root_run "$release" "bash qa/test-all.sh" || die "$release: stages failed in its root ($root)"

  if [ "$prev" = "$host" ]; then
    log "upgrade $host -> $release with power8 pools"
    [ -e "$EC_BUILD/lib/libec_power8.so" ] ||
      { cmake -S "$EC_TOP" -B "$EC_BUILD" -G Ninja >/dev/null && cmake --build "$EC_BUILD" -j"$(nproc)" >/dev/null; }
    bash "$EC_TOP/qa/upgrade/upgrade-test" "$release"
  fi
  prev=$release
done
