#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The whole tree (plugin, engine, tools, tests) built by clang with -Werror and AddressSanitizer +
# UndefinedBehaviorSanitizer, its unit suite and the ceph-erasure-code-tool round trip: any report fails
# the stage. Stage 10 built and ran the same suite with gcc, so the variants are proven whichever compiler
# builds them, and clang's warnings hold as gcc's do. Optimised like the default build (RelWithDebInfo):
# clang's optimiser has miscompiled a kernel before (now worked around), so the suite runs on its output.
# The same tree builds stage 50's fuzz targets (ec_asan_configure). It needs nothing of stage 10's, so it
# starts as soon as the packages are there: the longest build of the run. Valgrind is stage 25.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
. "$EC_TOP/qa/lib/record.sh"
. "$EC_TOP/qa/lib/proof-cache.sh"
ensure_packages "${EC_BUILD_PACKAGES[@]}" clang libclang-rt-14-dev
build=$EC_ASAN_BUILD
ec_step configure ec_asan_configure
ec_build build cmake --build "$build" -j"$(nproc)"
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# Not the plugin's exhaustive decode (every erasure pattern of every k+m <= 12): its result is gcc's of
# stage 10, and under ASan the sampled patterns and stage 50's fuzz_decode (random profiles and erasures)
# walk the same decode paths. Not the coding matrices of more than 40 chunks either (the same code as
# those of up to 40, which run here, on larger arrays), nor the decode cache's memory bound (a
# measurement of the process heap, gcc's of stage 10; the cache's code runs under ASan in the other suites),
# nor the decode rows of every erasure pattern (the sampled shapes run the same code here), nor the
# stored golden chunks decoded under erasures (what they prove, chunks a later version must read, is no
# compiler's: gcc's stage 10 and the big-endian stage 32 run it; the decode paths run here in the sampled
# patterns), nor the checks of qa/'s own scripts and of the docs, which no compiler changes (stage 10's).
EC_PROOF_TREES=$build ec_proof_step ctest ctest --test-dir "$build" --output-on-failure -j"$(nproc)" \
  -E '^ceph_erasure_code_tool|^decode\.every_pattern|^gf\.GfMatrixLarge\.|^decode_cache_memory\.|^gf\.GfDecodeRows\.EveryPattern|^golden\.every_variant_decodes_the_stored_chunks_under_erasures$|'"$EC_TREE_CHECKS_PATTERN"
# The plugin libraries are dlopen()ed by Ceph's (uninstrumented) tool: clang links its ASan runtime into
# instrumented executables only, so preload the shared one (it carries UBSan's handlers too) for it.
asan_rt=$(clang -print-file-name=libclang_rt.asan-x86_64.so)
[ -f "$asan_rt" ] || die "clang's shared ASan runtime not found (clang -print-file-name gave $asan_rt)"
# The shards with the variant the plugin selects: the variants differ only in their kernels, built without
# ASan here and each checked by the unit suite above (stage 10's run forces each one through the tool).
EC_PROOF_TREES=$build ec_proof_step ceph-erasure-code-tool-test env LD_PRELOAD="$asan_rt" \
  "$EC_TOP/qa/tool/ceph-erasure-code-tool-test" "$build/lib" --auto-variant-only
