#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Native build (RelWithDebInfo, -Werror) and the ctest suite: GF vs libjerasure, every kernel variant the
# CPU runs vs the reference, the codec and plugin, Ceph's ceph-erasure-code-tool against the plugin.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
ensure_packages "${EC_BUILD_PACKAGES[@]}"
cmake -S "$EC_TOP" -B "$EC_BUILD" -G Ninja
cmake --build "$EC_BUILD" -j"$(nproc)"
ctest --test-dir "$EC_BUILD" --output-on-failure -j"$(nproc)"
