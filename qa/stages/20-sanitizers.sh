#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The unit suite (GF, kernels, codec, plugin) and the ceph-erasure-code-tool round trip built with
# AddressSanitizer + UndefinedBehaviorSanitizer: any report fails the stage.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
ensure_packages "${EC_BUILD_PACKAGES[@]}"
build="$EC_TOP/build-asan"
cmake -S "$EC_TOP" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DEC_SANITIZE=address,undefined \
  -DEC_BUILD_TOOLS=OFF
cmake --build "$build" -j"$(nproc)"
# The plugin libraries are dlopen()ed by Ceph's (uninstrumented) tool: preload the ASan runtime for it.
asan_rt=$(gcc -print-file-name=libasan.so)
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$build" --output-on-failure -j"$(nproc)" -E ceph_erasure_code_tool
LD_PRELOAD="$asan_rt" "$EC_TOP/qa/tool/ceph-erasure-code-tool-test" "$build/lib"
# Valgrind memcheck on encode/decode round trips through Ceph's tool, with the optimised plugin build
# (stage 10's; built here if this stage runs alone).
ensure_packages valgrind
cmake -S "$EC_TOP" -B "$EC_BUILD" -G Ninja >/dev/null && cmake --build "$EC_BUILD" -j"$(nproc)" >/dev/null
"$EC_TOP/qa/tool/valgrind-round-trip" "$EC_BUILD/lib"
