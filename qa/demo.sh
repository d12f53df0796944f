#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The main job, on a fresh Debian 12 machine too: install what is needed, build the plugin, then use it
# the way an operator would and show the result:
#   1. Ceph's ceph-erasure-code-tool encodes an object with plugin=power8 and with the stock jerasure
#      plugin: the shards are identical; each decodes the other's shards with two of them gone.
#   2. A throw-away local cluster (1 mon, 1 mgr, 6 OSDs on 127.0.0.1) with a plugin=power8 pool: store an
#      object, read it back, kill an OSD holding a shard, read it again (decoded by the plugin in the OSD).
#   3. The variant the loader picked on this CPU, and a quick benchmark: power8 vs isa vs jerasure.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

ensure_packages "${EC_BUILD_PACKAGES[@]}" ceph-mon ceph-mgr ceph-common jq python3 iproute2

log "build (cmake + ninja) in $EC_BUILD"
cmake -S "$EC_TOP" -B "$EC_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
# Only what the demo uses (the plugins and the benchmark): the test suite is ./qa/test-all.sh's job.
cmake --build "$EC_BUILD" -j"$(nproc)" --target ec_power8 ceph_erasure_code_benchmark | tail -1
plugins="$EC_BUILD/lib"
ls "$plugins"/libec_power8*.so

work=$(mktemp -d)
cluster=""
cleanup() {
  [ -n "$cluster" ] && "$EC_TOP/qa/cluster/stop" "$cluster" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

log "1. ceph-erasure-code-tool: plugin=power8 vs plugin=jerasure (reed_sol_van k=4 m=2)"
profile="technique=reed_sol_van,k=4,m=2"
tool() { ceph-erasure-code-tool -c /dev/null --crash_dir "$work/crash" "$@"; }
head -c 1000000 /dev/urandom >"$work/object"
mkdir "$work/power8" "$work/jerasure"
cp "$work/object" "$work/power8/" && cp "$work/object" "$work/jerasure/"
(cd "$work/power8" && tool --erasure_code_dir "$plugins" encode "plugin=power8,$profile" 4096 0,1,2,3,4,5 object 2>&1 |
  grep 'ceph-ec-power8' || true)
(cd "$work/jerasure" && tool encode "plugin=jerasure,$profile" 4096 0,1,2,3,4,5 object >/dev/null 2>&1)
printf '%-6s %-34s %-34s %s\n' shard "power8 md5" "jerasure md5" same
for i in 0 1 2 3 4 5; do
  a=$(md5sum <"$work/power8/object.$i" | cut -d' ' -f1)
  b=$(md5sum <"$work/jerasure/object.$i" | cut -d' ' -f1)
  printf '%-6s %-34s %-34s %s\n' "$i" "$a" "$b" "$([ "$a" = "$b" ] && echo yes || echo NO)"
  [ "$a" = "$b" ] || die "shard $i differs from jerasure's"
done
rm "$work/jerasure/object.0" "$work/jerasure/object.3" "$work/jerasure/object"
(cd "$work/jerasure" && tool --erasure_code_dir "$plugins" decode "plugin=power8,$profile" 4096 1,2,4,5 object >/dev/null 2>&1)
cmp <(head -c 1000000 "$work/jerasure/object") "$work/object" && echo "power8 rebuilt the object from jerasure's shards 1,2,4,5: identical"

log "2. a local Ceph cluster with a plugin=power8 pool"
cluster=$("$EC_TOP/qa/cluster/start" -n 6 -s memstore -p "$plugins" -l "jerasure lrc isa power8")
. "$cluster/env"
ceph osd erasure-code-profile set power8_demo plugin=power8 technique=reed_sol_van k=4 m=2 crush-failure-domain=osd
echo "profile stored by the monitor:"; ceph osd erasure-code-profile get power8_demo | sed 's/^/  /'
ceph osd pool create demo 8 8 erasure power8_demo >/dev/null
ceph osd pool set demo min_size 4 >/dev/null
ceph osd pool application enable demo rados >/dev/null
echo "pool demo: $(ceph osd pool ls detail | grep "'demo'" | grep -o 'stripe_width [0-9]*')"
head -c 4194305 /dev/urandom >"$work/sample"
timeout 60 rados -p demo put sample "$work/sample"
timeout 60 rados -p demo get sample "$work/read1"
cmp "$work/sample" "$work/read1" && echo "rados put/get of a 4 MiB+1 object: identical"
map=$(ceph osd map demo sample -f json)
victim=$(jq -r '.acting[1]' <<<"$map")
echo "object sample is on OSDs $(jq -c '.acting' <<<"$map"); killing osd.$victim"
ceph osd set noout >/dev/null
kill -9 "$(cat "$cluster/run/osd.$victim.pid")"
ceph osd down "$victim" >/dev/null 2>&1 || true
timeout 60 rados -p demo get sample "$work/read2"
cmp "$work/sample" "$work/read2" && echo "read with osd.$victim dead (decoded by plugin=power8 in the OSDs): identical"
echo "variant selected by the OSDs' loader:"
grep -h 'ceph-ec-power8: selected' "$cluster/log/daemon-stdio.log" | sort | uniq -c | sed 's/^/  /'
"$EC_TOP/qa/cluster/stop" "$cluster" >/dev/null 2>&1 || true
cluster=""

log "3. benchmark: power8 vs isa vs jerasure (quick interleaved run; tools/research/bench-compare for the full one)"
"$EC_TOP/tools/research/bench-compare" --plugins power8,isa,jerasure --configs 4+2,10+4 \
  --workloads encode,decode-m --passes 3 --target 0.1 --quiet --out-dir "$work/bench" --power8-dir "$plugins" \
  --bench "$EC_BUILD/tools/ceph_erasure_code_benchmark/ceph-ec-power8-benchmark"
echo
echo "demo finished: plugin=power8 is byte-identical to jerasure and serves a real Ceph pool on this machine."
