#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Everything the host's stages use, in one apt transaction before they start side by side (each stage's
# own ensure_packages then finds it installed). The other releases' roots do not wait for it.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
ensure_packages "${EC_BUILD_PACKAGES[@]}" ccache clang libclang-rt-14-dev valgrind \
  g++-powerpc64le-linux-gnu g++-s390x-linux-gnu g++-aarch64-linux-gnu qemu-user ceph-mon ceph-mgr ceph-common jq python3 iproute2 coreutils \
  dpkg-dev debhelper fakeroot lintian binutils ceph-test
