# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# An OSD set of qa/mixed/mixed-cluster-test, sourced by it: 4 more OSDs, Debian's ceph-osd of one
# architecture under qemu loading that architecture's power8 libraries (LIBS_FOR), each a CRUSH host of a
# root named after the architecture, placed there before it starts. The s390x set (EC_MIXED_S390X_SET) ends
# either part: being big-endian, it must share no PG with a little-endian OSD (Ceph's messenger cannot
# settle two such OSDs connecting to each other at once: doc/mixed-clusters.md; heartbeats, whose
# connections are lossy, can). The sets part runs an arm64 set and then the s390x one. Three pools on the
# set's root, k=2 m=2, pinned to a primary of the set in every seed:
#   - of power8's isa code: the profile `default` where it is power8's (the isa part's step 3), through a
#     rule on the root made from a profile that names it; elsewhere a profile of its own;
#   - of power8 with jerasure's code;
#   - of Debian's jerasure of that architecture, adopted into power8 (ceph-ec-power8 adopt), after which
#     the primary of seed 3 restarts without jerasure;
# objects written (encoded by the set's primaries), one of its OSDs killed: degraded reads decoded on that
# architecture, the OSD re-created empty and its shards rebuilt by the set's primaries; deep-scrub, every
# object byte for byte; no PG of any pool holds both an OSD of the set and another one; where the
# release's ceph-objectstore-tool opens a memstore, another OSD's shards, read from its store (memstore
# writes Ceph's little-endian encoding on either byte order), equal Debian's amd64
# ceph-erasure-code-tool's encoding with the stock jerasure and isa plugins.
# K, M, POOLS, LAYOUT, OBJECTS are mixed-cluster-test's, read by its helpers.
# shellcheck disable=SC2034,SC2086

SET_IDS=()

# osd_set_start ARCH: the set's 4 OSDs up, as the best CPU model of ARCH's build.
osd_set_start() {
  local arch=$1 model id uuid i
  model=$(ec_variant_qemu_cpus "${BUILD_FOR[$arch]}" | sed -n 1p)
  SET_IDS=()
  cl_ceph osd crush add-bucket "$arch" root >/dev/null 2>&1 || fail "crush add-bucket $arch root"
  for i in 1 2 3 4; do
    uuid=$(cat /proc/sys/kernel/random/uuid)
    id=$(cl_ceph osd new "$uuid") || fail "ceph osd new"
    CPU_OF[$id]=$model ARCH_OF[$id]=$arch
    SET_IDS+=("$id")
    # In its own root before it starts: never, not for a moment, where another OSD's PG could go.
    cl_ceph config set "osd.$id" crush_location "root=$arch host=mx-$arch-host$id" >/dev/null 2>&1 || fail "config set osd.$id crush_location"
    cl_ceph osd crush create-or-move "osd.$id" 0.001 root="$arch" "host=mx-$arch-host$id" >/dev/null 2>&1 || fail "crush create-or-move osd.$id"
    step "osd.$id: Debian's $arch ceph-osd under ${QEMU_FOR[$arch]} -cpu $model, CRUSH root $arch"
    emulated_osd_launch "$id" "$uuid"
  done
  emulated_osds_started
  CL_OSDS=$((CL_OSDS + 4))
  export CL_OSDS
  cl_write_env
  cl_wait_osds_up "$CL_OSDS"
}

# No PG of any pool whose up or acting set holds an OSD of the set and another one.
osd_set_apart() {
  local arch=$1 mixed
  mixed=$(cl_query "pg ls" | jq -r --argjson s "$(printf '%s\n' "${SET_IDS[@]}" | jq -s .)" '
    .pg_stats[] | ((.up + .acting) | map(select(. != 2147483647)) | unique) as $o
    | select(($o | map(select(. as $i | $s | index($i))) | length) as $n | $n > 0 and $n < ($o | length))
    | "\(.pgid) up \(.up) acting \(.acting)"')
  [ -z "$mixed" ] || fail "PGs holding $arch set OSDs and other OSDs: $(tr '\n' ';' <<<"$mixed")"
}

# osd_set_part ARCH [read-shards]: ARCH's set, its pools and phase; with read-shards, then the shards on one
# of its OSDs against the amd64 tool's (that OSD is left stopped).
osd_set_part() {
  local arch=$1 read_shards=${2:-} pool first
  step "================ an $arch OSD set in a CRUSH root of its own"
  osd_set_start "$arch"
  set -- "${SET_IDS[@]}"
  declare -A SET_LAYOUT=([0]="$1 $2 $3 $4" [1]="$2 $3 $4 $1" [2]="$3 $4 $1 $2" [3]="$4 $1 $2 $3")
  set_layout SET_LAYOUT
  K=2 M=2
  cl_ceph osd erasure-code-profile set "mx-$arch-isa" plugin=power8 power8-code=isa technique=reed_sol_van k=2 m=2 \
    crush-root="$arch" crush-failure-domain=host >"$WORK/out" 2>&1 || fail "profile mx-$arch-isa: $(cat "$WORK/out")"
  if [ "$(cl_query "osd erasure-code-profile get" name=default | jq -r .plugin)" = power8 ]; then
    # Tentacle's default profile, power8's isa code since step 3: its pool through a rule on the root.
    first=mx-$arch-default
    cl_ceph osd crush rule create-erasure "mx-$arch" "mx-$arch-isa" >"$WORK/out" 2>&1 || fail "crush rule mx-$arch: $(cat "$WORK/out")"
    cl_ceph osd pool create "$first" $PG_NUM $PG_NUM erasure default "mx-$arch" >"$WORK/out" 2>&1 ||
      fail "pool create $first erasure default mx-$arch: $(cat "$WORK/out")"
    [ "$(pool_field "$first" erasure_code_profile)" = default ] ||
      fail "$first does not use the profile 'default'"
    profile_is default plugin=power8 power8-code=isa technique=reed_sol_van k=2 m=2
  else
    first=mx-$arch-isa
    cl_ceph osd pool create "$first" $PG_NUM $PG_NUM erasure "$first" >"$WORK/out" 2>&1 || fail "pool create $first: $(cat "$WORK/out")"
  fi
  cl_ceph osd erasure-code-profile set "mx-$arch-power8" plugin=power8 power8-code=jerasure technique=reed_sol_van k=2 m=2 \
    crush-root="$arch" crush-failure-domain=host >"$WORK/out" 2>&1 || fail "profile mx-$arch-power8: $(cat "$WORK/out")"
  cl_ceph osd erasure-code-profile set "mx-$arch-jerasure" plugin=jerasure technique=reed_sol_van k=2 m=2 \
    crush-root="$arch" crush-failure-domain=host >"$WORK/out" 2>&1 || fail "profile mx-$arch-jerasure: $(cat "$WORK/out")"
  for pool in "mx-$arch-power8" "mx-$arch-jerasure"; do
    cl_ceph osd pool create "$pool" $PG_NUM $PG_NUM erasure "$pool" >"$WORK/out" 2>&1 || fail "pool create $pool: $(cat "$WORK/out")"
  done
  POOLS=("$first" "mx-$arch-power8" "mx-$arch-jerasure")
  for pool in "${POOLS[@]}"; do
    cl_ceph osd pool application enable "$pool" rados >/dev/null 2>&1
    pin_pool "$(pool_id "$pool")"
  done
  profile_is "mx-$arch-power8" plugin=power8 power8-code=jerasure technique=reed_sol_van k=2 m=2
  profile_is "mx-$arch-jerasure" plugin=jerasure technique=reed_sol_van k=2 m=2
  wait_pgs "pg-upmap layouts applied" "$(cl_scale 180)" "$(layout_pred)"
  wait_pgs "every PG active+clean" "$CL_TIMEOUT_CLEAN" '$3 == "active+clean"'
  osd_set_apart "$arch"
  step "pools ${POOLS[*]} active+clean on the $arch OSDs only (no PG of any pool holds an OSD of the set and another):"
  layout_steps
  pick_objects
  write_objects

  step "ceph-ec-power8 adopt mx-$arch-jerasure"
  "$EC_TOP/tools/ceph-ec-power8" adopt "mx-$arch-jerasure" >"$WORK/adopt.out" 2>&1 || fail "ceph-ec-power8 adopt mx-$arch-jerasure: $(cat "$WORK/adopt.out")"
  profile_is "mx-$arch-jerasure" plugin=power8 technique=reed_sol_van k=2 m=2
  # The primary of seed 3, which decodes its lost data shard 1 in the phase below.
  restart_without_jerasure "$4"
  phase "$1"
  scrub_clean "${POOLS[@]}"
  osd_set_apart "$arch"
  verify_written "final (${POOLS[*]})"
  final_checks
  # Where the release's ceph-objectstore-tool opens a memstore (not Tentacle's: qa/standalone/ec-pool-test),
  # the shards of its second OSD (in every PG, never rebuilt, written by all four of the set's primaries)
  # against the amd64 tool's.
  [ "$read_shards" != read-shards ] || shards_match_tool "${SET_IDS[1]}" set_tool_profile
}

# set_tool_profile POOL: the stock profile that encodes the set's pool POOL.
set_tool_profile() {
  case $1 in
    *-power8 | *-jerasure) echo plugin=jerasure,technique=reed_sol_van,k=2,m=2 ;;
    *) echo plugin=isa,technique=reed_sol_van,k=2,m=2 ;;
  esac
}
