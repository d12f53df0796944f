#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# EC pools with plugin=power8 on a throw-away local Ceph cluster (1 mon, 1 mgr, 6 OSDs on 127.0.0.1):
# profiles and stripe widths, put/get, degraded reads/writes, recovery, deep-scrub + detected corruption +
# repair, an lrc profile whose layers use power8, refused bad profiles, overwrites on bluestore.
# Needs the plugin built by stage 10 in $EC_BUILD/lib. EC_QA_* variables pass through (see the script).
set -euo pipefail
# shellcheck source=SCRIPTDIR/../lib/common.sh
. "$(dirname "$0")/../lib/common.sh"
ensure_packages ceph-mon ceph-mgr ceph-osd ceph-common jq python3 iproute2 coreutils
[ -e "$EC_BUILD/lib/libec_power8.so" ] || die "$EC_BUILD/lib/libec_power8.so missing: run stage 10 (the build) first"
exec "$EC_TOP/qa/standalone/ec-pool-test" "$@"
