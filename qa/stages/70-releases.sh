#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Every supported Ceph release other than the installed one (ceph-releases.tsv), proven by its own binaries:
# in a Debian root of that release's suite (qa/lib/release-root.sh, made from Debian's archive, cached),
# with that suite's compiler and Ceph, the stages the installed release runs on the host:
#   10  build with -Werror and the unit suite; Ceph's ceph-erasure-code-tool vs its jerasure (chunk sizes,
#       shards, cross decoding, defaults held to the table); our interface vs its libec_jerasure.so vtables
#   30  the ppc64el cross build with that suite's cross compiler and Debian's ppc64el ceph-erasure-code-tool
#       of that release under qemu POWER8/9/10 (the unit suite under qemu runs on the host's stage 30)
#   35  the mixed cluster with that release's x86 daemons and its Debian ppc64el ceph-osd under qemu; on
#       Tentacle its isa part only: the default isa pool without power8 (a ppc64el OSD asserts), adopted
#       and served by ppc64el primaries, and a pool of a power8 default profile (qa/mixed/part-isa.sh)
#   40  the local-cluster EC-pool test with that release's daemons
#   45  ceph-ec-power8 adopt/revert of jerasure pools with that release's daemons and its profile syntax
#   60  the Debian package of that release (amd64 and ppc64el), installed and used by its daemons
# then, on the host: the interface of releases declared alike (same generation in the table) compared
# whole through the ceph::ErasureCode vtables of their libec_jerasure.so, and the upgrade from the release
# before it in the table (qa/upgrade/upgrade-test: the installed one on the host, any other in its root).
#
# CI time: a release between the installed one and the newest that is declared alike with the installed
# one (Reef: its vtables compared identical above) runs a trimmed set, what the other releases and the
# upgrade tests do not already prove with that release's binaries:
#   - no stage 45 (ceph-ec-power8 adopt/revert): Pacific's on the host, the newest's in its root
#     (EC_RELEASE_FULL=1 runs it);
#   - no stage 40: stage 60 runs ec-pool-test's profiles part, with reed_sol_r6_op only
#     (EC_QA_PROFILES=r6), beside its LRC and bad-profile parts, on the daemons that load the installed
#     package: one cluster instead of three. The upgrade tests into and out of that release run
#     reed_sol_van and cauchy_good pools on its daemons (put/get, degraded reads and writes, recovery,
#     deep-scrub); partial overwrites run on Pacific (same interface generation, vtables compared) and
#     Tentacle;
#   - Debian's ppc64el tool under qemu as a POWER9 only (EC_PPC64LE_TOOL_CPUS): POWER8/9/10 run for the
#     installed release (stage 30) and the newest;
#   - stage 60 builds, lints, installs and uses the amd64 package only (EC_DEB_CROSS=0): the ppc64el package
#     comes from the same debian/rules for the installed release and the newest, and this release's
#     ppc64el plugin is cross-built and run in its ppc64el tool by its stage 30.
# The newest release and any release of another interface generation run everything, except that a
# release with the FastEC path (Tentacle on) runs stage 40's profiles part with cauchy_good and
# reed_sol_r6_op only: its FastEC test takes a reed_sol_van pool through partial overwrites, a killed
# OSD, recovery and deep-scrub on the same daemons.
#   EC_RELEASES      releases to run (default: all but the installed one); each upgrade test runs with its
#                    TO release (the FROM release's plugin is built in its root first if it is not there)
#   EC_RELEASE_STAGES stages run in each root (default "10 30 35 40 45 60", trimmed as above)
#   EC_RELEASE_POOL_PARTS  ec-pool-test parts stage 60 runs against the installed package in the root
#                    (default "lrc bad": stage 40 just ran them all against the build tree; "profiles lrc
#                    bad" for a trimmed release, which runs no stage 40)
#   EC_RELEASE_FULL=1  no trimming
#   EC_UPGRADE_PLUGIN  the upgrade tests' pool plugin (default power8; jerasure proves the upgrade of a
#                    release the plugin is not built for yet)
#
# qa/test-all.sh starts each release's part in its root early, in the background, as
# `70-releases.sh --in-root RELEASE` (qa/lib/release-root.sh, release_early_start); this stage then waits
# for it and prints its log instead of running it, and runs the upgrade tests once both roots are done.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$EC_TOP/qa/lib/release-root.sh"

host=$(release_installed)
stock_lib=/usr/lib/$(gcc -dumpmachine)/ceph/erasure-code/libec_jerasure.so
newest=$(release_names | tail -1)

# run_in_root RELEASE: RELEASE's root (made unless cached), the interface check against the host, and the
# stages in the root, each with build directories of its own; trimmed for a middle release declared alike
# (see the header).
run_in_root() {
  local release=$1 root alike=0 stages profiles tool_cpus deb_cross pool_parts=${EC_RELEASE_POOL_PARTS:-lrc bad} t
  log "Ceph $release ($(release_field "$release" debian), Debian $(release_field "$release" suite)): its own binaries"
  root=$(release_root_ensure "$release")
  if [ "$(release_field "$release" interface)" = "$(release_field "$host" interface)" ]; then
    # Same generation: the whole ceph::ErasureCode vtable (interface and base class virtuals, with full
    # signatures) is the same in both releases' binaries, so no virtual was added or changed.
    diff <("$EC_TOP/test/abi/vtable-slots" dump "$stock_lib" ceph::ErasureCode) \
         <("$EC_TOP/test/abi/vtable-slots" dump "$root$stock_lib" ceph::ErasureCode) >&2 ||
      die "ceph::ErasureCode's vtable differs between $host and $release, which ceph-releases.tsv declares alike"
    log "$host and $release: ceph::ErasureCode vtables identical ($("$EC_TOP/test/abi/vtable-slots" dump "$stock_lib" ceph::ErasureCode | wc -l) entries)"
    alike=1
  fi
  stages=${EC_RELEASE_STAGES:-10 30 35 40 45 60} profiles="rsv cauchy r6 isa" tool_cpus="power8 power9 power10" deb_cross=1
  if [ $alike = 1 ] && [ "$release" != "$newest" ] && [ "${EC_RELEASE_FULL:-0}" != 1 ]; then
    [ -n "${EC_RELEASE_STAGES:-}" ] || stages="10 30 60"
    [ -n "${EC_RELEASE_POOL_PARTS:-}" ] || pool_parts="profiles lrc bad"
    profiles=r6 tool_cpus=power9 deb_cross=0
    log "$release: between $host and $newest, declared alike with $host: stages $stages, stage 60's pool test" \
        "$pool_parts (profiles $profiles), ppc64el tool under qemu $tool_cpus, amd64 package only" \
        "(EC_RELEASE_FULL=1 runs everything)"
  elif release_tentacle_or_later "$release" && [ "${EC_RELEASE_FULL:-0}" != 1 ]; then
    # Stage 40's FastEC test runs a reed_sol_van pool through partial overwrites, a kill, recovery and
    # deep-scrub there: the plain test needs only the other techniques (and isa's code, Tentacle's default).
    profiles="cauchy r6 isa"
  fi
  t=$SECONDS
  EC_BUILD=$EC_TOP/build-$release EC_PPC64LE_BUILD=$EC_TOP/build-ppc64le-$release EC_PPC64LE_UNIT_CPUS="" \
    EC_PPC64LE_TOOL_CPUS=$tool_cpus EC_QA_PROFILES=$profiles EC_DEB_CROSS=$deb_cross \
    EC_DEB_POOL_PARTS=$pool_parts EC_STAGES=$stages \
    release_root_run "$release" "bash qa/test-all.sh" || die "$release: stages failed in its root ($root)"
  log "$release: stages $stages in its root passed in $((SECONDS - t))s"
}

if [ "${1:-}" = --in-root ]; then
  [ $# -eq 2 ] || die "usage: $0 --in-root RELEASE"
  run_in_root "$2"
  exit 0
fi

ensure_packages "${EC_BUILD_PACKAGES[@]}" mmdebstrap util-linux binutils
releases=$(release_others_to_run)
[ -n "$releases" ] || die "no release to run besides the installed $host (ceph-releases.tsv)"
upgrade_plugin=${EC_UPGRADE_PLUGIN:-power8}

# build_plugin_in_root RELEASE: the plugin for RELEASE in build-RELEASE (what stage 10 builds there), for an
# upgrade test whose FROM release did not run in this invocation.
build_plugin_in_root() {
  [ ! -e "$EC_TOP/build-$1/lib/libec_power8.so" ] || return 0
  log "$1: building the plugin in its root for the upgrade from it (build-$1)"
  release_root_run "$1" "cmake -S . -B build-$1 -G Ninja >/dev/null && cmake --build build-$1 -j$(nproc) >/dev/null" ||
    die "$1: the plugin build failed in its root"
}

prev=""
for release in $(release_names); do
  if ! grep -qx "$release" <<<"$releases"; then prev=$release; continue; fi
  if release_early_started "$release"; then
    release_early_wait "$release" || die "$release: its stages failed in its root (run early, log above)"
  else
    run_in_root "$release"
  fi

  if [ -n "$prev" ]; then
    log "upgrade $prev -> $release with $upgrade_plugin pools"
    t=$SECONDS
    if [ "$upgrade_plugin" = power8 ]; then
      if [ "$prev" = "$host" ]; then
        [ -e "$EC_BUILD/lib/libec_power8.so" ] ||
          { cmake -S "$EC_TOP" -B "$EC_BUILD" -G Ninja >/dev/null && cmake --build "$EC_BUILD" -j"$(nproc)" >/dev/null; }
      else
        build_plugin_in_root "$prev"
      fi
    fi
    bash "$EC_TOP/qa/upgrade/upgrade-test" --from "$prev" "$release"
    log "upgrade $prev -> $release passed in $((SECONDS - t))s"
  fi
  prev=$release
done
