#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Reliability: the thread-safety tests (plugin and engine) under ThreadSanitizer, then libFuzzer on each fuzz
# target (profile parsing, decode with arbitrary chunk maps, every kernel vs the reference) under ASan +
# UBSan, a fixed number of inputs from the tree's seed. The other reliability and golden tests are ordinary
# ctest tests: stage 10 runs them, stage 20 built by clang under ASan + UBSan, stage 30 under qemu-ppc64le.
#   EC_FUZZ_RUNS      inputs per fuzz target, one number for all or "target=N ..." (default below;
#                     fuzz/README.md has the long run)
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$EC_TOP/qa/lib/record.sh"
. "$EC_TOP/qa/lib/timeout-scale.sh"
ensure_packages "${EC_BUILD_PACKAGES[@]}" clang libclang-rt-14-dev

log "ThreadSanitizer: one codec shared by 8 threads (through the plugin's interface), one engine Codec by 4"
tsan=$EC_TOP/build-tsan
# -g1: line tables and function names, what ThreadSanitizer's reports print, for less than -g's cost.
# Two variants, the portable one and a vector one every x86-64 machine here runs (the tests share codecs
# and caches between threads that run different variants): the other kernel units, instrumented, were
# most of the tree.
cmake -S "$EC_TOP" -B "$tsan" -G Ninja -DEC_SANITIZE=thread -DEC_BUILD_TOOLS=OFF -DEC_TESTS_UNITY_BUILD=ON \
  -DEC_SIMD_ONLY="generic;avx2" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" >/dev/null
# Only what the tests need (the codec, the kernels, googletest), not the whole tree.
ec_build build-tsan cmake --build "$tsan" -j"$(nproc)" --target reliability_thread_test codec_threads_test
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" "$tsan/test/reliability/reliability_thread_test"
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" "$tsan/test/codec/codec_threads_test"

log "libFuzzer targets (clang, ASan + UBSan)"
# Stage 20's tree (built there already when it ran; only these targets are built if this stage runs alone).
fuzz=$EC_ASAN_BUILD
ec_asan_configure
targets=(fuzz_profile fuzz_decode fuzz_kernels)
ec_build build-fuzzers cmake --build "$fuzz" -j"$(nproc)" --target "${targets[@]}"
# A fixed number of inputs from a seed, not a time box: the same inputs on a loaded or slower machine, only
# later (about 10 s each on a Zen 4 VM beside a cluster test; the corpus's seeds run first). The seed is the
# tree's (ec_seeded), so each run is a proof of the tree and the fuzz build (qa/lib/proof-cache.sh).
declare -A runs=([fuzz_profile]=6000 [fuzz_decode]=40000 [fuzz_kernels]=6000)
for spec in ${EC_FUZZ_RUNS:-}; do
  case $spec in
    *=*) [ -n "${runs[${spec%%=*}]:-}" ] || die "EC_FUZZ_RUNS: no fuzz target ${spec%%=*} (${targets[*]})"
         runs[${spec%%=*}]=${spec#*=} ;;
    *) for t in "${targets[@]}"; do runs[$t]=$spec; done ;;
  esac
done
# fuzz_target TARGET: RUNS inputs of TARGET from seed EC_QA_SEED; a finding fails with its reproducer.
fuzz_target() {
  local t=$1 work
  [[ ${runs[$t]} =~ ^[1-9][0-9]*$ ]] || die "EC_FUZZ_RUNS: $t=${runs[$t]} is not a positive number of inputs"
  # New inputs go to a scratch corpus (first directory); the checked-in seeds are only read.
  work=$(mktemp -d "/tmp/ec-$t.XXXXXX")
  mkdir "$work/corpus"
  log "$t: ${runs[$t]} inputs, seed $EC_QA_SEED (artifacts in $work)"
  # -timeout: one input that runs this long is a hang (scaled as every bound of qa/).
  if ! "$fuzz/fuzz/$t" -runs="${runs[$t]}" -seed="$EC_QA_SEED" -timeout="$(cl_scale 10)" -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$work/" "$work/corpus" "$EC_TOP/fuzz/corpus/$t" >"$work/log" 2>&1; then
    tail -n 60 "$work/log"
    die "$t found a failure: reproduce with $fuzz/fuzz/$t $work/<crash-|timeout-|oom-file>"
  fi
  tail -n 12 "$work/log"
  rm -rf "$work"
}
. "$EC_TOP/qa/lib/proof-cache.sh"
export EC_PROOF_TREES=$fuzz/fuzz
for t in "${targets[@]}"; do
  ec_seeded ec_proof_step "$t" fuzz_target "$t"
done
