#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Reliability: the thread-safety tests (plugin and engine) under ThreadSanitizer, then a short libFuzzer run of each fuzz
# target (profile parsing, decode with arbitrary chunk maps, every kernel vs the reference) under
# ASan + UBSan. The other reliability and golden tests are ordinary ctest tests: stage 10 runs them,
# stage 20 built by clang under ASan + UBSan, stage 30 under qemu-ppc64le.
#   EC_FUZZ_SECONDS   seconds per fuzz target (default 20; fuzz/README.md has the long run)
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$EC_TOP/qa/lib/record.sh"
ensure_packages "${EC_BUILD_PACKAGES[@]}" clang libclang-rt-14-dev

log "ThreadSanitizer: one codec shared by 8 threads (through the plugin's interface), one engine Codec by 4"
tsan=$EC_TOP/build-tsan
# -g1: line tables and function names, what ThreadSanitizer's reports print, for less than -g's cost.
cmake -S "$EC_TOP" -B "$tsan" -G Ninja -DEC_SANITIZE=thread -DEC_BUILD_TOOLS=OFF -DEC_TESTS_UNITY_BUILD=ON \
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
secs=${EC_FUZZ_SECONDS:-20}
for t in "${targets[@]}"; do
  # New inputs go to a scratch corpus (first directory); the checked-in seeds are only read.
  work=$(mktemp -d "/tmp/ec-$t.XXXXXX")
  mkdir "$work/corpus"
  log "$t for ${secs}s (artifacts in $work)"
  if ! "$fuzz/fuzz/$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$work/" "$work/corpus" "$EC_TOP/fuzz/corpus/$t" >"$work/log" 2>&1; then
    tail -n 60 "$work/log"
    die "$t found a failure: reproduce with $fuzz/fuzz/$t $work/<crash-|timeout-|oom-file>"
  fi
  tail -n 12 "$work/log"
  rm -rf "$work"
done
