#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# ppc64le without POWER hardware: cross-build the plugin and its suites with Debian's powerpc64le
# toolchain (not the engine's portable suites: ec_cross_configure), run them under qemu-ppc64le as a
# POWER8, a POWER9 and a POWER10 (each run asserts the variant the probe picks), then Debian's own ppc64el
# ceph-erasure-code-tool under qemu with the cross-built plugin against the amd64 tool's shards.
#   EC_PPC64LE_BUILD      build directory (default $EC_TOP/build-ppc64le)
#   EC_PPC64LE_UNIT_CPUS  qemu CPU models the unit suite runs under (default: the model of each variant the
#                         build lists, qa/lib/variants.sh); the release stage (70) sets it to "" for
#                         releases other than the host's: the suite does not depend on the Ceph release,
#                         Debian's ppc64el tool test below does. When it is empty only the plugins are
#                         cross-built (the unit suite would go unused)
#   EC_PPC64LE_TOOL_CPUS  qemu CPU models Debian's ppc64el ceph-erasure-code-tool runs under with the
#                         cross-built plugin: "all" (default) the model of each variant, "best" the best
#                         variant's only (stage 70 for a release between the installed one and the newest,
#                         see there), or models named
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$EC_TOP/qa/lib/cross-suite.sh"

BUILD=${EC_PPC64LE_BUILD:-$EC_TOP/$(ec_cross_build_dir ppc64el)}
ec_cross_prepare ppc64el "$BUILD"
all_cpus=$(ec_variant_qemu_cpus "$BUILD")
unit_cpus=$(ec_variant_qemu_cpus_ordered "$BUILD" "${EC_PPC64LE_UNIT_CPUS-$all_cpus}")
case ${EC_PPC64LE_TOOL_CPUS:-all} in
  all) tool_cpus=$all_cpus ;;
  best) tool_cpus=$(head -1 <<<"$all_cpus") ;;
  *) tool_cpus=$(ec_variant_qemu_cpus_ordered "$BUILD" "$EC_PPC64LE_TOOL_CPUS") ;;
esac
if [ -n "$unit_cpus" ]; then
  ec_build build cmake --build "$BUILD" -j"$(nproc)"
else
  # Nothing runs the cross-built unit suite here: only the plugins Debian's ppc64el tool loads below, and
  # the instruction counter's workloads driver, whose counts qa/release/run takes on the host (simd.counted_insns).
  log "unit suite under qemu: not run for $(release_installed) (EC_PPC64LE_UNIT_CPUS is empty): building the plugins only"
  ec_build build-plugins cmake --build "$BUILD" -j"$(nproc)" --target ec_power8 ec_ppc64le_workloads
  # The plugins' variant objects, built by this release's compiler: the options tuned for the kernels'
  # hot loops must still keep them off the stack (test/simd/hot_loop_spills.py; the unit suite below runs
  # the same tests where it runs).
  log "the variants' hot loops as $(release_installed)'s cross compiler builds them"
  ec_proof_step hot-loop-spills ctest --test-dir "$BUILD" --output-on-failure -L compiler-hooks
fi

ec_cross_unit_suite "$BUILD" "$(ec_cross_qemu ppc64el)" "$unit_cpus"

ec_cross_tool_test ppc64el "$BUILD" "$tool_cpus"
