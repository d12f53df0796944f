# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The isa part of qa/mixed/mixed-cluster-test (EC_MIXED_PART=isa), sourced by it: its cluster (x86 mon,
# mgr, osd.0-3; emulated osd.4-6: ppc64el, osd.6 arm64 with EC_ARM64_BUILD) and steps. Tentacle's
# default erasure-code profile is `plugin=isa technique=reed_sol_van k=2 m=2`, and Debian builds no
# libec_isa.so for ppc64el (for arm64 it does):
#
#   1. without power8: a pool made with the cluster's own default profile (checked to be isa's), its PGs
#      pinned to the x86 OSDs (the emulated ones up but out: an OSD marked in is given PGs of the pool to
#      create, pg-upmap or not), objects written; then osd.4 (ppc64el; its erasure_code_dir has Debian's
#      ppc64el plugins, no isa) is marked in and given one PG as its primary.
#      The OSD must die of it, of Ceph's ceph_assert(ec_impl) in PGBackend::build_pg_backend (printed, log
#      lines and crash report kept in the work directory); the test fails if it serves the PG.
#      The PG goes back to the x86 OSDs, osd.4 is marked out;
#   2. `ceph-ec-power8 adopt` of that pool (profile `default`: plugin=power8 power8-code=isa, other keys
#      unchanged), osd.4 re-created empty, the emulated OSDs in, every PG pinned to an emulated primary
#      (the shards moved by backfill from the old, x86, acting set), reads through them; osd.0 (x86)
#      killed: degraded reads decoded on ppc64el and arm64 from the shards isa computed on x86, osd.0
#      re-created empty and its shards (data and parity) rebuilt by the emulated primaries; deep-scrub (each shard's crc against
#      the one x86's isa recorded when the object was written); every object byte for byte;
#   3. the pool deleted, osd_pool_default_erasure_code_profile set on the mon to power8's isa mode, the
#      stored `default` removed, a new pool made without a profile (checked: `default` is remade with
#      power8's keys), the same layouts: objects written (encoded on ppc64el and arm64), osd.0 killed, degraded
#      reads, rebuild, deep-scrub, every object byte for byte;
#   4. with EC_MIXED_S390X_SET: that pool deleted, the option removed (`default` stays power8's), and the
#      s390x OSD set of qa/mixed/osd-set.sh, whose first pool is then one of the profile `default`.
# No daemon may die but osd.4 in step 1. Each OSD is a CRUSH host of its own (crush_location): the
# default profile's failure domain is `host`, which one host of seven OSDs would not satisfy.
# The objects' bytes are checked by reads and by deep-scrub; their shards are not read from the stores:
# Tentacle's ceph-objectstore-tool cannot open a memstore (qa/standalone/ec-pool-test).
# Layouts are split into words on purpose; the awk predicates are single-quoted on purpose.
# K, M, POOLS, LAYOUT, OBJECTS are mixed-cluster-test's, read by its helpers.
# shellcheck disable=SC2016,SC2086,SC2034

# Up sets by PG seed for k=2 m=2 (position 0 is the primary; 0..1 data, 2..3 parity).
# Step 1: x86 only.
declare -A ISA_X86_LAYOUT=([0]="0 1 2 3" [1]="1 2 3 0" [2]="2 3 0 1" [3]="3 0 1 2")
# Steps 2 and 3: an emulated primary in every seed (osd.6, arm64 where it is, in seed 2); osd.0 (the victim) holds data shard 1 in seeds 0 and 1
# (degraded reads decode) and parity in seeds 2 and 3 (its rebuild encodes).
declare -A ISA_PPC_LAYOUT=([0]="4 0 3 1" [1]="5 0 6 3" [2]="6 3 0 2" [3]="4 3 5 0")
ISA_GIVEN=4 # the ppc64el OSD given an isa PG in step 1

# isa_pin POOL_ID: the pool pinned, and every PG of POOLS mapped so and active+clean.
isa_pin() {
  pin_pool "$1"
  wait_pgs "pg-upmap layouts applied" "$(cl_scale 120)" "$(layout_pred)"
  wait_pgs "every PG active+clean" "$CL_TIMEOUT_CLEAN" '$3 == "active+clean"'
}

# Step 1: the ppc64el OSD given PG ID.0 of an isa pool must die of it. Prints the evidence.
isa_without_power8() {
  local id=$1 osd=$ISA_GIVEN start=$SECONDS log ev d dumps=()
  [ "${ARCH_OF[$osd]:-}" = ppc64el ] || fail "osd.$osd is $(arch_of "$osd"), not ppc64el: step 1 needs an OSD without libec_isa.so (EC_MIXED_CPUS: a ppc64el model first)"
  [ ! -e "$PPC_PLUGINS/libec_isa.so" ] || fail "the ppc64el OSDs' erasure_code_dir has a libec_isa.so: Debian builds none for ppc64el"
  step "without power8: osd.$osd ($(arch_of $osd)) in, given PG $id.0 as its primary: pg-upmap $id.0 $osd 1 2 3"
  cl_ceph osd in "$osd" >/dev/null 2>&1 || fail "osd in $osd"
  cl_ceph osd pg-upmap "$id.0" "$osd" 1 2 3 >/dev/null 2>&1 || fail "pg-upmap $id.0"
  while cl_alive "osd.$osd"; do
    [ $((SECONDS - start)) -lt "$(cl_scale 180)" ] ||
      fail "osd.$osd ($(arch_of $osd), no libec_isa.so) still runs $((SECONDS - start))s after it was given PG $id.0 of an isa pool: expected it to fail (pg_table: $(pg_table | awk '$2 == 0' | tr '\n' ';'))"
    sleep 1
  done
  # No other daemon went with it.
  rm -f "$CL_DIR/run/osd.$osd.qa-pid" "$CL_DIR/run/osd.$osd.pid"
  cl_fail_if_crashed "osd.$osd died of the isa PG"
  log=$CL_DIR/log/osd.$osd.log
  ev=$WORK/isa-without-power8
  mkdir -p "$ev"
  # What failed: PrimaryLogPG's constructor builds the PG's backend, whose codec the plugin registry could
  # not make (its error is not logged); Ceph asserts on it.
  grep -m1 -o "In function '[^(]*build_pg_backend" "$log" >"$ev/function" ||
    fail "osd.$osd died, but not in PGBackend::build_pg_backend ($log)"
  grep -m1 'FAILED ceph_assert(ec_impl)' "$log" >"$ev/assert" || fail "osd.$osd died without Ceph's ceph_assert(ec_impl) in $log"
  step "  osd.$osd died $((SECONDS - start))s later; its log:"
  step "    $(cat "$ev/function"): $(cut -c1-200 "$ev/assert")"
  # Its crash report is the expected one: moved out of the cluster's crash directory, every other one stays.
  for d in "$CL_DIR"/crash/*/; do
    if [ ! -f "$d/meta" ] || [ "$(jq -r .entity_name "$d/meta")" != "osd.$osd" ]; then continue; fi
    dumps+=("$(basename "$d")")
    mv "$d" "$ev/"
  done
  [ ${#dumps[@]} -gt 0 ] || fail "osd.$osd died without a crash report in $CL_DIR/crash"
  step "  its crash report ($(jq -r '.assert_condition // .assert_msg // "?"' "$ev/${dumps[0]}/meta" | head -1 | cut -c1-120)) and the log lines kept in $ev"

  # The PG back to its x86 OSDs; osd.4 down and out until the pool is power8's.
  cl_ceph osd down "osd.$osd" >/dev/null 2>&1 || true
  cl_ceph osd out "osd.$osd" >/dev/null 2>&1 || fail "osd out $osd"
  cl_ceph osd pg-upmap "$id.0" ${LAYOUT[0]} >/dev/null 2>&1 || fail "pg-upmap $id.0"
  wait_pgs "PG $id.0 back on x86" "$(cl_scale 120)" "$(layout_pred)"
  wait_pgs "every PG active+clean" "$CL_TIMEOUT_CLEAN" '$3 == "active+clean"'
  step "  PG $id.0 back on x86 OSDs, osd.$osd down and out"
}

# Steps 2 and 3 after the pool is power8's: emulated primaries, osd.0 killed and rebuilt, deep-scrub.
isa_serve_on_emulated() {
  local id=$1
  set_layout ISA_PPC_LAYOUT
  isa_pin "$id"
  step "every PG active+clean on an emulated primary:"
  layout_steps
}

part_isa() {
  local id rt out
  K=2 M=2
  for id in $(seq 0 $((CL_OSDS - 1))); do
    cl_ceph config set "osd.$id" crush_location "root=default host=mx-host$id" >/dev/null 2>&1 || fail "config set osd.$id crush_location"
    cl_ceph osd crush create-or-move "osd.$id" 0.001 root=default "host=mx-host$id" >/dev/null 2>&1 || fail "crush create-or-move osd.$id"
  done
  step "each OSD a CRUSH host of its own (the default profile's failure domain is host)"
  cl_ceph osd set-require-min-compat-client luminous >/dev/null 2>&1 || fail "set-require-min-compat-client luminous (pg-upmap)"

  # ------------------------------------------------ 1. Tentacle's default pool; a ppc64el OSD given a PG
  POOLS=(mx-isa-default)
  set_layout ISA_X86_LAYOUT
  cl_ceph osd out 4 5 6 >/dev/null 2>&1 || fail "osd out 4 5 6"
  cl_ceph osd pool create "${POOLS[0]}" $PG_NUM $PG_NUM erasure >"$WORK/out" 2>&1 || fail "pool create ${POOLS[0]} erasure: $(cat "$WORK/out")"
  cl_ceph osd pool application enable "${POOLS[0]}" rados >/dev/null 2>&1
  [ "$(pool_field "${POOLS[0]}" erasure_code_profile)" = default ] ||
    fail "${POOLS[0]} does not use the profile 'default'"
  step "pool ${POOLS[0]} made with the cluster's default profile (ceph osd pool create ${POOLS[0]} $PG_NUM $PG_NUM erasure):"
  profile_is default plugin=isa technique=reed_sol_van k=2 m=2
  id=$(pool_id "${POOLS[0]}")
  isa_pin "$id"
  step "every PG active+clean on x86 OSDs only (the emulated ones up, out):"
  layout_steps
  pick_objects
  write_objects
  isa_without_power8 "$id"

  # ------------------------------------------------ 2. adopted, served by emulated primaries
  step "ceph-ec-power8 adopt ${POOLS[0]}"
  "$EC_TOP/tools/ceph-ec-power8" adopt "${POOLS[0]}" >"$WORK/adopt.out" 2>&1 || fail "ceph-ec-power8 adopt ${POOLS[0]}: $(cat "$WORK/adopt.out")"
  profile_is default plugin=power8 power8-code=isa technique=reed_sol_van k=2 m=2
  osd_recreate "$ISA_GIVEN"
  cl_ceph osd in 4 5 6 >/dev/null 2>&1 || fail "osd in 4 5 6"
  cl_wait_osds_up "$CL_OSDS"
  step "osd.$ISA_GIVEN re-created empty, the emulated OSDs in"
  isa_serve_on_emulated "$id"
  verify_written "adopted, read through emulated primaries"
  phase 0
  scrub_clean "${POOLS[@]}"
  verify_written "final (${POOLS[0]})"
  final_checks

  # ------------------------------------------------ 3. a new pool from power8's isa mode as the default
  cl_ceph osd pool rm "${POOLS[0]}" "${POOLS[0]}" --yes-i-really-really-mean-it >/dev/null 2>&1 || fail "pool rm ${POOLS[0]}"
  out='plugin=power8 power8-code=isa technique=reed_sol_van k=2 m=2 crush-failure-domain=host'
  cl_ceph config set mon osd_pool_default_erasure_code_profile "$out" >/dev/null 2>&1 || fail "config set mon osd_pool_default_erasure_code_profile"
  cl_ceph osd erasure-code-profile rm default >"$WORK/out" 2>&1 || fail "erasure-code-profile rm default: $(cat "$WORK/out")"
  POOLS=(mx-isa-power8-default)
  cl_ceph osd pool create "${POOLS[0]}" $PG_NUM $PG_NUM erasure >"$WORK/out" 2>&1 || fail "pool create ${POOLS[0]} erasure: $(cat "$WORK/out")"
  cl_ceph osd pool application enable "${POOLS[0]}" rados >/dev/null 2>&1
  step "pool ${POOLS[0]} made without a profile, osd_pool_default_erasure_code_profile='$out':"
  profile_is default plugin=power8 power8-code=isa technique=reed_sol_van k=2 m=2 crush-failure-domain=host
  id=$(pool_id "${POOLS[0]}")
  rt=$SECONDS
  isa_serve_on_emulated "$id"
  step "  (in $((SECONDS - rt))s)"
  pick_objects
  write_objects
  phase 0
  scrub_clean "${POOLS[@]}"
  verify_written "final (${POOLS[0]})"
  final_checks
  [ -n "$S390X_SET" ] || return 0
  # Step 4 (qa/mixed/osd-set.sh), the other OSDs' pool gone. The option back to the release's own;
  # `default` stays as step 3 made it. While the option names power8, the monitor merges its keys into
  # every power8 profile set, and adopt refuses the jerasure pool.
  cl_ceph osd pool rm "${POOLS[0]}" "${POOLS[0]}" --yes-i-really-really-mean-it >/dev/null 2>&1 || fail "pool rm ${POOLS[0]}"
  cl_ceph config rm mon osd_pool_default_erasure_code_profile >/dev/null 2>&1 || fail "config rm mon osd_pool_default_erasure_code_profile"
  osd_set_part s390x
}
