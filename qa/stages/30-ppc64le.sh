#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# ppc64le without POWER hardware: cross-build the whole project with Debian's powerpc64le toolchain, run
# the unit suite under qemu-ppc64le as a POWER8, a POWER9 and a POWER10 (each run asserts the variant the
# probe picks), then Debian's own ppc64el ceph-erasure-code-tool under qemu with the cross-built plugin
# against the amd64 tool's jerasure shards.
#   EC_PPC64LE_BUILD   build directory (default $EC_TOP/build-ppc64le)
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"

ensure_packages g++-powerpc64le-linux-gnu qemu-user cmake ninja-build googletest ceph-base
BUILD=${EC_PPC64LE_BUILD:-$EC_TOP/build-ppc64le}
SYSROOT=$EC_TOP/.ppc-sysroot

log "ppc64el sysroot (Debian packages via a private apt configuration)"
bash "$EC_TOP/qa/ppc64le/sysroot.sh" "$SYSROOT" >/dev/null

log "cross build in $BUILD"
cmake -S "$EC_TOP" -B "$BUILD" -G Ninja \
  -DCMAKE_TOOLCHAIN_FILE="$EC_TOP/cmake/ppc64le-toolchain.cmake" \
  -DEC_PPC64LE_SYSROOT="$SYSROOT" \
  -DCEPH_VERSION="$(dpkg-deb -f "$(ls "$EC_TOP"/.cache/ppc64le/debs/ceph-base_*_ppc64el.deb)" Version | sed 's/^[0-9]*://; s/[+-].*//')" >/dev/null
cmake --build "$BUILD" -j"$(nproc)"

# What the loader picks on a POWER10: power9 (no power10 variant is written, and the probe names only
# variants a build produces).
p10=power9
# The ceph_erasure_code_benchmark tests name their program by $<TARGET_FILE:...>, so ctest does not put
# the emulator in front of them: they are excluded here until they name the target instead.
exclude='^bench_'
for cpu in power8 power9 power10; do
  expect=$cpu
  [ "$cpu" = power10 ] && expect=$p10
  log "unit tests under qemu-ppc64le -cpu $cpu (the probe must pick $expect)"
  QEMU_CPU=$cpu EC_EXPECT_VARIANT=$expect \
    ctest --test-dir "$BUILD" --output-on-failure -j"$(nproc)" -E "$exclude"
done

log "Debian's ppc64el ceph-erasure-code-tool under qemu vs the amd64 tool"
bash "$EC_TOP/qa/ppc64le/ceph-tool-test" --sysroot "$SYSROOT" --plugin-dir "$BUILD/lib" --cpus "power8 power9 power10"
