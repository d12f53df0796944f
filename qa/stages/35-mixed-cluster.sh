#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# One cluster, four architectures: x86 mon, mgr and OSDs with the native plugin, plus Debian's ppc64el
# ceph-osd under qemu-ppc64le (the newest and the oldest model of the cross build's variants) and its
# arm64 ceph-osd under qemu-aarch64 (one of the arm64 variants' models), the ppc64el ones with the cross
# build's plugin, the arm64 one with the arm64 package's libraries (qa/lib/cross-package.sh; stage 60
# checks that package and takes it from here); pools of
# every technique for power8 and, as the control, jerasure; degraded reads and rebuilds by primaries of
# the other architectures, deep-scrub, byte-for-byte reads (qa/mixed/mixed-cluster-test). Needs the
# native plugin of stage 10 ($EC_BUILD/lib). The ppc64el plugin comes from stage 30's cross build when it
# ran; otherwise it is configured and built here the same way (plugin targets). The arm64 package is built
# here unless stage 60 built it first (ccache serves it from stage 34's tree).
#   EC_PPC64LE_BUILD   ppc64el cross build directory (default $EC_TOP/build-ppc64le)
#   EC_MIXED_ARM64=0   no arm64 OSD: a third ppc64el one instead
#   EC_S390X_BUILD     an s390x cross build (stage 32's, $EC_TOP/build-s390x): with it, osd.6 is Debian's
#                      s390x ceph-osd under qemu-s390x instead. Not the test command's: Ceph's messenger
#                      can deadlock a big-endian and a little-endian OSD that connect to each other at once
#                      (qa/mixed/mixed-cluster-test says how), which a run of this stage hit
# On Tentacle and later (stage 70 runs it in the newest release's root) the test runs its isa part only:
# Tentacle's default isa pool without power8, adopted and served by ppc64el and arm64 primaries, and a
# pool of a power8 default profile (the techniques part is the installed release's, and it reads shards
# from memstore with ceph-objectstore-tool, which Tentacle's cannot open), then an s390x OSD set in a
# CRUSH root of its own with the s390x package's libraries (EC_MIXED_S390X_SET=0: not). Its ppc64el OSDs run as POWER9
# and better
# (EC_MIXED_OLDEST_CPU): Debian's ppc64el ceph-osd 20.2.4 is built for POWER9 (xxspltib, stxv... in 1412
# of its functions) and dies of SIGILL at start under qemu-ppc64le -cpu power8. A trimmed release (Reef,
# qa/release/run) runs the sets part: no ppc64el OSD, an arm64 OSD set and then the s390x one, each with
# the release's package (qa/mixed/osd-set.sh). EC_MIXED_PART / EC_MIXED_CPUS override these.
set -euo pipefail
# shellcheck source=SCRIPTDIR/../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
. "$EC_TOP/qa/lib/record.sh"
ensure_packages ceph-mon ceph-mgr ceph-osd ceph-common jq iproute2 coreutils qemu-user \
  g++-powerpc64le-linux-gnu cmake ninja-build googletest dpkg-dev debhelper
[ -e "$EC_BUILD/lib/libec_power8.so" ] || die "$EC_BUILD/lib/libec_power8.so missing: run stage 10 (the build) first"
BUILD=${EC_PPC64LE_BUILD:-$EC_TOP/$(ec_cross_build_dir ppc64el)}
release=$(release_installed)
if release_trimmed "$release"; then
  export EC_MIXED_PART=${EC_MIXED_PART:-sets}
elif release_tentacle_or_later "$release"; then
  export EC_MIXED_PART=${EC_MIXED_PART:-isa} EC_MIXED_OLDEST_CPU=power9
fi

ROOT="" PPC_LIBS=""
if [ "${EC_MIXED_PART:-}" != sets ]; then
  log "ppc64el root for ceph-osd (Debian packages via a private apt configuration)"
  ROOT=$(ec_step osd-root bash "$EC_TOP/qa/ppc64le/osd-root.sh")
  if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    log "no cross build in $BUILD: configuring it as stage 30 does"
    ec_cross_configure "$BUILD" ppc64el
  fi
  log "ppc64el plugin in $BUILD/lib"
  ec_build build-plugins cmake --build "$BUILD" -j"$(nproc)" --target ec_power8
  PPC_LIBS=$BUILD/lib
fi
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
# package_osd_libs ARCH: ARCH's root with ceph-osd in OSD_ROOT, and the ARCH package of this tree
# (qa/lib/cross-package.sh: built here unless another stage built it first; stage 60 checks it): its build,
# which lists the variants and their CPU models, in PACKAGE_BUILD, the libraries the .deb holds (which the
# OSDs load) in PACKAGE_LIBS.
package_osd_libs() {
  local arch=$1 package
  . "$EC_TOP/qa/lib/cross-package.sh"
  log "$arch root for ceph-osd"
  OSD_ROOT=$(ec_step "$arch-osd-root" bash "$EC_TOP/qa/cross/sysroot.sh" "$arch")
  log "the $arch package, whose libraries the $arch OSDs load"
  package=$(ec_cross_package "$arch") || die "the $arch package failed to build"
  PACKAGE_BUILD=$package/src/obj-$(dpkg-architecture -a"$arch" -qDEB_HOST_GNU_TYPE 2>/dev/null)
  PACKAGE_LIBS=$package/root/usr/lib/$(dpkg-architecture -a"$arch" -qDEB_HOST_MULTIARCH 2>/dev/null)/ceph/erasure-code
}
ARM64="" ARM64_ROOT="" ARM64_PLUGINS=""
S390X=${EC_S390X_BUILD:-} S390X_ROOT=""
# The arm64 OSD joins every part (osd.6 is it or the s390x one; the sets part has a set of them): in
# Tentacle's root it serves the adopted default isa pool beside the ppc64el ones, its package made with
# sid's cross compiler.
if [ "${EC_MIXED_ARM64:-1}" != 0 ] && [ -z "$S390X" ]; then
  package_osd_libs arm64
  ARM64_ROOT=$OSD_ROOT ARM64=$PACKAGE_BUILD ARM64_PLUGINS=$PACKAGE_LIBS
fi
# At the end of every part, an s390x OSD set of its own CRUSH root serves pools of each code family, in
# Tentacle's one of the default profile (qa/mixed/osd-set.sh), with the s390x package's libraries.
# EC_MIXED_S390X_SET=0 leaves it out.
S390X_SET="" S390X_SET_PLUGINS=""
if [ "${EC_MIXED_S390X_SET:-1}" != 0 ] && [ -z "$S390X" ]; then
  package_osd_libs s390x
  S390X_ROOT=$OSD_ROOT S390X_SET=$PACKAGE_BUILD S390X_SET_PLUGINS=$PACKAGE_LIBS
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
EC_PROOF_TREES="$EC_BUILD/lib${PPC_LIBS:+ $PPC_LIBS}${S390X:+ $S390X/lib}${ARM64:+ $ARM64_PLUGINS}${S390X_SET:+ $S390X_SET_PLUGINS}" \
  EC_PROOF_FILES="${ROOT:+$ROOT/.ec-sysroot-done}${S390X_ROOT:+ $S390X_ROOT/.ec-sysroot-done}${ARM64_ROOT:+ $ARM64_ROOT/.ec-sysroot-done}" \
  EC_PPC64LE_BUILD=$BUILD EC_S390X_BUILD=$S390X EC_MIXED_ROOT=$ROOT EC_MIXED_S390X_ROOT=$S390X_ROOT \
  EC_MIXED_S390X_SET=$S390X_SET EC_MIXED_S390X_PLUGINS=$S390X_SET_PLUGINS \
  EC_ARM64_BUILD=$ARM64 EC_MIXED_ARM64_ROOT=$ARM64_ROOT EC_MIXED_ARM64_PLUGINS=$ARM64_PLUGINS \
  ec_proof_step mixed-cluster-test "$EC_TOP/qa/mixed/mixed-cluster-test" "$@"
