# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The s390x OSD set of qa/mixed/mixed-cluster-test (EC_MIXED_S390X_SET), sourced by it and run at the end
# of either part: 4 more OSDs, Debian's s390x ceph-osd under qemu-s390x loading the s390x build's
# libraries, each a CRUSH host of a root of their own, placed there before they start, so that no PG joins
# a big-endian and a little-endian OSD (Ceph's messenger cannot settle two such OSDs connecting to each
# other at once: doc/mixed-clusters.md; heartbeats, whose connections are lossy, can). Three pools on that
# root, k=2 m=2, pinned to an s390x primary in every seed:
#   - of power8's isa code: the profile `default` where it is power8's (the isa part's step 3), through a
#     rule on the root made from a profile that names it; elsewhere a profile of its own;
#   - of power8 with jerasure's code;
#   - of Debian's s390x jerasure (jerasure_generic), adopted into power8 (ceph-ec-power8 adopt), after which
#     the primary of seed 3 restarts without jerasure;
# objects written (encoded on s390x), an s390x OSD killed: degraded reads decoded on s390x, the OSD
# re-created empty and its shards rebuilt by s390x primaries; deep-scrub, every object byte for byte; no
# PG of any pool holds both an s390x OSD and another one; where the release's ceph-objectstore-tool opens a
# memstore, another s390x OSD's shards, read from its store, equal Debian's amd64 ceph-erasure-code-tool's
# encoding with the stock jerasure and isa plugins.
# K, M, POOLS, LAYOUT, OBJECTS are mixed-cluster-test's, read by its helpers.
# shellcheck disable=SC2034,SC2086

S390X_IDS=()

s390x_set_start() {
  local model id uuid i
  model=$(ec_variant_qemu_cpus "$S390X_BUILD" | sed -n 1p)
  cl_ceph osd crush add-bucket s390x root >/dev/null 2>&1 || fail "crush add-bucket s390x root"
  for i in 1 2 3 4; do
    uuid=$(cat /proc/sys/kernel/random/uuid)
    id=$(cl_ceph osd new "$uuid") || fail "ceph osd new"
    CPU_OF[$id]=$model ARCH_OF[$id]=s390x
    S390X_IDS+=("$id")
    # In its own root before it starts: never, not for a moment, where a little-endian OSD's PG could go.
    cl_ceph config set "osd.$id" crush_location "root=s390x host=mx-s390x-host$id" >/dev/null 2>&1 || fail "config set osd.$id crush_location"
    cl_ceph osd crush create-or-move "osd.$id" 0.001 root=s390x "host=mx-s390x-host$id" >/dev/null 2>&1 || fail "crush create-or-move osd.$id"
    step "osd.$id: Debian's s390x ceph-osd under ${QEMU_FOR[s390x]} -cpu $model, CRUSH root s390x"
    emulated_osd_mkfs "$id" "$uuid"
    emulated_osd_start "$id"
  done
  CL_OSDS=$((CL_OSDS + 4))
  export CL_OSDS
  cl_write_env
  cl_wait_osds_up "$CL_OSDS"
}

# No PG of any pool whose up or acting set holds an s390x OSD and another one.
s390x_set_apart() {
  local mixed
  mixed=$(cl_query "pg ls" | jq -r --argjson s "$(printf '%s\n' "${S390X_IDS[@]}" | jq -s .)" '
    .pg_stats[] | ((.up + .acting) | map(select(. != 2147483647)) | unique) as $o
    | select(($o | map(select(. as $i | $s | index($i))) | length) as $n | $n > 0 and $n < ($o | length))
    | "\(.pgid) up \(.up) acting \(.acting)"')
  [ -z "$mixed" ] || fail "PGs holding s390x and other OSDs: $(tr '\n' ';' <<<"$mixed")"
}

# s390x_set_part [read-shards]: the set, its pools and phase; with read-shards, then the shards on one of
# its OSDs against the amd64 tool's.
s390x_set_part() {
  local read_shards=${1:-} pool first
  step "================ an s390x OSD set (big-endian) in a CRUSH root of its own"
  s390x_set_start
  set -- "${S390X_IDS[@]}"
  declare -A S390X_LAYOUT=([0]="$1 $2 $3 $4" [1]="$2 $3 $4 $1" [2]="$3 $4 $1 $2" [3]="$4 $1 $2 $3")
  set_layout S390X_LAYOUT
  K=2 M=2
  cl_ceph osd erasure-code-profile set mx-s390x-isa plugin=power8 power8-code=isa technique=reed_sol_van k=2 m=2 \
    crush-root=s390x crush-failure-domain=host >"$WORK/out" 2>&1 || fail "profile mx-s390x-isa: $(cat "$WORK/out")"
  if [ "$(cl_query "osd erasure-code-profile get" name=default | jq -r .plugin)" = power8 ]; then
    # Tentacle's default profile, power8's isa code since step 3: its pool through a rule on the root.
    first=mx-s390x-default
    cl_ceph osd crush rule create-erasure mx-s390x mx-s390x-isa >"$WORK/out" 2>&1 || fail "crush rule mx-s390x: $(cat "$WORK/out")"
    cl_ceph osd pool create "$first" $PG_NUM $PG_NUM erasure default mx-s390x >"$WORK/out" 2>&1 ||
      fail "pool create $first erasure default mx-s390x: $(cat "$WORK/out")"
    [ "$(pool_field "$first" erasure_code_profile)" = default ] ||
      fail "$first does not use the profile 'default'"
    profile_is default plugin=power8 power8-code=isa technique=reed_sol_van k=2 m=2
  else
    first=mx-s390x-isa
    cl_ceph osd pool create "$first" $PG_NUM $PG_NUM erasure "$first" >"$WORK/out" 2>&1 || fail "pool create $first: $(cat "$WORK/out")"
  fi
  cl_ceph osd erasure-code-profile set mx-s390x-power8 plugin=power8 power8-code=jerasure technique=reed_sol_van k=2 m=2 \
    crush-root=s390x crush-failure-domain=host >"$WORK/out" 2>&1 || fail "profile mx-s390x-power8: $(cat "$WORK/out")"
  cl_ceph osd erasure-code-profile set mx-s390x-jerasure plugin=jerasure technique=reed_sol_van k=2 m=2 \
    crush-root=s390x crush-failure-domain=host >"$WORK/out" 2>&1 || fail "profile mx-s390x-jerasure: $(cat "$WORK/out")"
  for pool in mx-s390x-power8 mx-s390x-jerasure; do
    cl_ceph osd pool create "$pool" $PG_NUM $PG_NUM erasure "$pool" >"$WORK/out" 2>&1 || fail "pool create $pool: $(cat "$WORK/out")"
  done
  POOLS=("$first" mx-s390x-power8 mx-s390x-jerasure)
  for pool in "${POOLS[@]}"; do
    cl_ceph osd pool application enable "$pool" rados >/dev/null 2>&1
    pin_pool "$(pool_id "$pool")"
  done
  profile_is mx-s390x-power8 plugin=power8 power8-code=jerasure technique=reed_sol_van k=2 m=2
  profile_is mx-s390x-jerasure plugin=jerasure technique=reed_sol_van k=2 m=2
  wait_pgs "pg-upmap layouts applied" "$(cl_scale 180)" "$(layout_pred)"
  wait_pgs "every PG active+clean" "$CL_TIMEOUT_CLEAN" '$3 == "active+clean"'
  s390x_set_apart
  step "pools ${POOLS[*]} active+clean on the s390x OSDs only (no PG of any pool holds an s390x OSD and another):"
  layout_steps
  pick_objects
  write_objects

  step "ceph-ec-power8 adopt mx-s390x-jerasure"
  "$EC_TOP/tools/ceph-ec-power8" adopt mx-s390x-jerasure >"$WORK/adopt.out" 2>&1 || fail "ceph-ec-power8 adopt mx-s390x-jerasure: $(cat "$WORK/adopt.out")"
  profile_is mx-s390x-jerasure plugin=power8 technique=reed_sol_van k=2 m=2
  # The primary of seed 3, which decodes its lost data shard 1 in the phase below.
  restart_without_jerasure "$4"
  phase "$1"
  scrub_clean "${POOLS[@]}"
  s390x_set_apart
  verify_written "final (${POOLS[*]})"
  final_checks
  # Where the release's ceph-objectstore-tool opens a memstore (not Tentacle's: qa/standalone/ec-pool-test),
  # the shards of its second OSD (in every PG, never rebuilt, written by all four s390x primaries) against the
  # amd64 tool's.
  [ "$read_shards" != read-shards ] || shards_match_tool "${S390X_IDS[1]}" s390x_tool_profile
}

# s390x_tool_profile POOL: the stock profile that encodes the s390x set's pool POOL.
s390x_tool_profile() {
  case $1 in
    mx-s390x-power8 | mx-s390x-jerasure) echo plugin=jerasure,technique=reed_sol_van,k=2,m=2 ;;
    *) echo plugin=isa,technique=reed_sol_van,k=2,m=2 ;;
  esac
}
