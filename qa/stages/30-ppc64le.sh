#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# ppc64le without POWER hardware: cross-build the whole project with Debian's powerpc64le toolchain, run
# the unit suite under qemu-ppc64le as a POWER8, a POWER9 and a POWER10 (each run asserts the variant the
# probe picks), then Debian's own ppc64el ceph-erasure-code-tool under qemu with the cross-built plugin
# against the amd64 tool's jerasure shards.
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
. "$EC_TOP/qa/lib/record.sh"
. "$EC_TOP/qa/lib/proof-cache.sh"
. "$EC_TOP/qa/lib/variants.sh"

# libjerasure-dev, libisal-dev: the reference shards of ceph-tool-test where the release's tool writes no parity
# (20.2.4; qa/tool/jerasure-shards.c links both). dpkg-dev, debhelper: debian/rules configures the cross
# build (ec_ppc_configure).
ensure_packages g++-powerpc64le-linux-gnu qemu-user cmake ninja-build googletest ceph-base libjerasure-dev libisal-dev \
  dpkg-dev debhelper
BUILD=${EC_PPC64LE_BUILD:-$EC_TOP/build-ppc64le}
SYSROOT=$(ec_ppc_sysroot)

log "ppc64el sysroot (Debian packages via a private apt configuration)"
ec_step sysroot bash "$EC_TOP/qa/ppc64le/sysroot.sh" "$SYSROOT" >/dev/null

log "cross build in $BUILD"
# The unit suite and Debian's tool below run the cross build against the sysroot: a proof of both.
export EC_PROOF_TREES=$BUILD EC_PROOF_FILES=$SYSROOT/.ec-sysroot-done
ec_ppc_configure "$BUILD"
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

# Every test but two (below), ceph_erasure_code_benchmark's included (they name their program by its target,
# so ctest puts the emulator in front of them), under the newest CPU model, which runs every variant; under the
# older ones what depends on the CPU: the kernels of the variant it is the model of (an instruction it lacks
# is a SIGILL there; the older variants' kernels ran under their own models, the generic and test-only ones
# under the newest, and qemu executes an instruction alike under each model that has it), the probe's pick
# (each run asserts it), the loader and the plugin on the picked variant.
# The GF and codec suites, the threads and memory tests and the refusals give the same result on any
# model (qemu executes an instruction alike on each), so they run once, and so does the golden decode under
# erasures (the kernels it calls are the simd suite's), the check of the variants' hot loops (their
# objects' disassembly, no qemu) and their instruction counts (each under its own model, named in the test).
# The exhaustive decode (every erasure pattern), the
# decode cache's memory bounds and the coding matrices of more than 40 chunks run on none: their matrices
# and bookkeeping are portable code that the host's gcc of the same release proves, the kernels they call
# are the simd suite's, and the sampled decode patterns and the matrices of up to 40 chunks run here.
newest_cpu=$(head -1 <<<"$unit_cpus")
for cpu in $unit_cpus; do
  variant=$(ec_variant_of_qemu_cpu "$BUILD" "$cpu")
  scope=(-E '^decode\.every_pattern|^decode_cache_memory\.|^gf\.GfMatrixLarge\.') what=""
  if [ "$cpu" != "$newest_cpu" ]; then
    what="; what depends on the CPU"
    # The kernel suites' other parameters: every other variant, the reference and the test-only all_hooks.
    others=$(ec_variants "$BUILD" | grep -vxF "$variant" | paste -sd'|')
    scope=(-E "^(gf|codec|abi)\.|^(thread_safety|decode_cache_memory|cache_alloc|ConformanceProfileMap)\.|^decode\.every_pattern|^golden\.every_variant_decodes|^isal_compare|^bench_(refuses|jerasure)|^simd\.(hot_loop_spills|counted_insns)\.|^(simd|vectors)\.Variants/.*/($others|reference|all_hooks)( |\$)")
  fi
  log "unit tests under qemu-ppc64le -cpu $cpu (the probe must pick $variant)$what"
  QEMU_CPU=$cpu EC_EXPECT_VARIANT=$variant ec_proof_step "ctest-$cpu" ctest --test-dir "$BUILD" --output-on-failure -j"$(nproc)" "${scope[@]}"
done

log "Debian's ppc64el ceph-erasure-code-tool under qemu vs the amd64 tool"
ec_proof_step ceph-tool-test bash "$EC_TOP/qa/ppc64le/ceph-tool-test" --sysroot "$SYSROOT" --build "$BUILD" --cpus "$(tr '\n' ' ' <<<"$tool_cpus")"
