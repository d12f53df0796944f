#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Fetches Debian's libisal source package (the yardstick of the evidence bench) into .cache/ and prints
# the unpacked directory. It is compiled from there for the bench only; nothing of it enters the tree.
# Uses a private apt configuration with its own lists, like qa/cross/sysroot.sh: the host's apt state
# (and its sources.list) is never touched.
set -euo pipefail
. "$(dirname "$0")/../../../qa/lib/common.sh"
. "$(dirname "$0")/../../../qa/lib/private-apt.sh"

CACHE=$EC_TOP/.cache/ppc64le
APT=$CACHE/apt-src
SRC=$CACHE/src
dir=$(ls -d "$SRC"/libisal-*/ 2>/dev/null | head -1 || true)
if [ -n "$dir" ] && [ -f "$dir/erasure_code/ppc64le/ec_base_vsx.c" ]; then
  echo "${dir%/}"
  exit 0
fi
mkdir -p "$SRC"
private_apt_config "$APT" deb-src
export APT_CONFIG=$APT/apt.conf
log "private apt: libisal source package"
apt_retried apt-get update -q >&2
(cd "$SRC" && apt_retried apt-get source --download-only -q libisal >&2 && tar -xf libisal_*.orig.tar.xz)
dir=$(ls -d "$SRC"/libisal-*/ | head -1)
echo "${dir%/}"
