#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# One cluster, three architectures: x86 mon, mgr and OSDs with the native plugin, plus Debian's ppc64el
# ceph-osd under qemu-ppc64le (the newest and the oldest model of the cross build's variants) and its
# arm64 ceph-osd under qemu-aarch64 (the arm64 build's best), each with its cross-built plugin; pools of
# every technique for power8 and, as the control, jerasure; degraded reads and rebuilds by primaries of
# the other architectures, deep-scrub, byte-for-byte reads (qa/mixed/mixed-cluster-test). Needs the
# native plugin of stage 10 ($EC_BUILD/lib). The ppc64el and arm64 plugins come from stages 30's and 34's
# cross builds when they ran; otherwise each is configured and built here the same way (plugin targets).
#   EC_PPC64LE_BUILD   ppc64el cross build directory (default $EC_TOP/build-ppc64le)
#   EC_ARM64_BUILD     arm64 cross build directory (default $EC_TOP/build-arm64; 0: no arm64 OSD, a third
#                      ppc64el one instead)
#   EC_S390X_BUILD     an s390x cross build (stage 32's, $EC_TOP/build-s390x): with it, osd.6 is Debian's
#                      s390x ceph-osd under qemu-s390x instead. Not the test command's: Ceph's messenger
#                      can deadlock a big-endian and a little-endian OSD that connect to each other at once
#                      (qa/mixed/mixed-cluster-test says how), which a run of this stage hit
# On Tentacle and later (stage 70 runs it in the newest release's root) the test runs its isa part only:
# Tentacle's default isa pool without power8, adopted and served by ppc64el and arm64 primaries, and a
# pool of a power8 default profile (the techniques part is the installed release's, and it reads shards
# from memstore with ceph-objectstore-tool, which Tentacle's cannot open). Its ppc64el OSDs run as POWER9
# and better
# (EC_MIXED_OLDEST_CPU): Debian's ppc64el ceph-osd 20.2.4 is built for POWER9 (xxspltib, stxv... in 1412
# of its functions) and dies of SIGILL at start under qemu-ppc64le -cpu power8. EC_MIXED_PART /
# EC_MIXED_CPUS override both.
set -euo pipefail
# shellcheck source=SCRIPTDIR/../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
. "$EC_TOP/qa/lib/record.sh"
ensure_packages ceph-mon ceph-mgr ceph-osd ceph-common jq iproute2 coreutils qemu-user \
  g++-powerpc64le-linux-gnu cmake ninja-build googletest dpkg-dev debhelper
[ -e "$EC_BUILD/lib/libec_power8.so" ] || die "$EC_BUILD/lib/libec_power8.so missing: run stage 10 (the build) first"
BUILD=${EC_PPC64LE_BUILD:-$EC_TOP/$(ec_cross_build_dir ppc64el)}

log "ppc64el root for ceph-osd (Debian packages via a private apt configuration)"
ROOT=$(ec_step osd-root bash "$EC_TOP/qa/ppc64le/osd-root.sh")

if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  log "no cross build in $BUILD: configuring it as stage 30 does"
  ec_cross_configure "$BUILD" ppc64el
fi
log "ppc64el plugin in $BUILD/lib"
ec_build build-plugins cmake --build "$BUILD" -j"$(nproc)" --target ec_power8
# cross_osd_plugins ARCH BUILD STAGE: ARCH's root with ceph-osd (the sysroot of qa/cross/sysroot.sh, whose
# closure holds ceph-osd) in OSD_ROOT, and the plugins of BUILD, configured as stage STAGE does if it
# has not run.
cross_osd_plugins() {
  local arch=$1 build=$2 stage=$3
  log "$arch root for ceph-osd"
  OSD_ROOT=$(ec_step "$arch-osd-root" bash "$EC_TOP/qa/cross/sysroot.sh" "$arch")
  if [ ! -f "$build/CMakeCache.txt" ]; then
    log "no cross build in $build: configuring it as stage $stage does"
    ec_cross_configure "$build" "$arch"
  fi
  log "$arch plugin in $build/lib"
  ec_build "build-$arch-plugins" cmake --build "$build" -j"$(nproc)" --target ec_power8
}
ARM64=${EC_ARM64_BUILD:-$EC_TOP/$(ec_cross_build_dir arm64)} ARM64_ROOT=""
[ "$ARM64" != 0 ] || ARM64=""
S390X=${EC_S390X_BUILD:-} S390X_ROOT=""
[ -z "$S390X" ] || ARM64="" # osd.6 is one or the other
if release_tentacle_or_later "$(release_installed)"; then
  export EC_MIXED_PART=${EC_MIXED_PART:-isa} EC_MIXED_OLDEST_CPU=power9
fi
# The arm64 OSD joins both parts: in Tentacle's root (qa/release/run sets EC_ARM64_BUILD) it serves the
# adopted default isa pool beside the ppc64el ones, its build made with sid's cross compiler.
if [ -n "$ARM64" ]; then
  ensure_packages g++-aarch64-linux-gnu
  cross_osd_plugins arm64 "$ARM64" 34
  ARM64_ROOT=$OSD_ROOT
else
  ARM64=""
fi
if [ -n "$S390X" ]; then
  # Only then: a package installed in a release's root changes every proof made in it.
  ensure_packages g++-s390x-linux-gnu
  cross_osd_plugins s390x "$S390X" 32
  S390X_ROOT=$OSD_ROOT
fi

# A proof (qa/lib/proof-cache.sh) of the tree, the plugin builds, the release's packages and the OSD
# roots': not run again while they are unchanged.
. "$EC_TOP/qa/lib/proof-cache.sh"
EC_PROOF_TREES="$EC_BUILD/lib $BUILD/lib${S390X:+ $S390X/lib}${ARM64:+ $ARM64/lib}" \
  EC_PROOF_FILES="$ROOT/.ec-sysroot-done${S390X_ROOT:+ $S390X_ROOT/.ec-sysroot-done}${ARM64_ROOT:+ $ARM64_ROOT/.ec-sysroot-done}" \
  EC_PPC64LE_BUILD=$BUILD EC_S390X_BUILD=$S390X EC_MIXED_ROOT=$ROOT EC_MIXED_S390X_ROOT=$S390X_ROOT \
  EC_ARM64_BUILD=$ARM64 EC_MIXED_ARM64_ROOT=$ARM64_ROOT \
  ec_proof_step mixed-cluster-test "$EC_TOP/qa/mixed/mixed-cluster-test" "$@"
