# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Shards in the OSDs' object stores against an independent re-encode, for the FastEC tests
# (qa/standalone/fastec-test, qa/standalone/thrash-test). Deep-scrub of an allow_ec_overwrites pool keeps
# no hash info in Ceph 20.2, so it cannot see a wrong parity delta: these read every shard with
# ceph-objectstore-tool from the stopped OSDs and compare it with qa/tool/jerasure-shards.c's encode of
# the test's local copy. Source it after qa/cluster/pool-lib.sh (step, fail, CL_DIR, CL_STORE); PY is
# the python3 that runs the comparison.
#
#   oracle_args PLUGIN CODE_KEYS        jerasure-shards' options for a pool's code, on one line
#   store_lists DIR OSD_ID...           every object of every pool on those stopped OSDs: DIR/list.ID
#   mount_stores DIR OSD_ID...          each stopped OSD's store mounted at DIR/osd.ID (the tool's --op
#                                       fuse): one tool run per OSD, not one per shard (get-bytes). Where
#                                       there is no /dev/fuse (a container), or EC_QA_STORE_READ=get-bytes,
#                                       nothing is mounted and stored_shards reads each shard with get-bytes
#                                       (the same bytes, ten times slower)
#   umount_stores DIR                   and unmounted (what is mounted there; a test's cleanup calls it
#                                       too, or a failure between the two would leave the tools running)
#   stored_shards ACTING MOUNTS OUT N   shards 0..N-1 of each "OBJECT PGID OSD..." line of ACTING
#                                       (position j: the OSD holding shard j) into OUT/OBJECT.j, read from
#                                       the stores mounted in MOUNTS (or, unmounted, with get-bytes from the
#                                       stores store_lists listed)
#   corrupt_parity_in_store ACTING LISTS OBJECT SHARD
#                                       test of the test (EC_QA_CORRUPT_PARITY=1): one byte of that shard
#                                       flipped in its OSD's store
#   reference_shards MODEL REF K M UNIT ORACLE ORACLE_ARGS...
#                                       each local copy of MODEL encoded into REF/OBJECT.j
#   compare_shards STORED REF K N       every stored shard against the reference; prints counts, or what
#                                       differs (and fails)
#   flip_byte FILE                      one byte in the middle of FILE changed (the tests of the test)

oracle_args() {
  local plugin=$1 keys=$2 tech code=""
  tech=$(sed -n 's/.*technique=\([^ ]*\).*/\1/p' <<<"$keys")
  # libjerasure for jerasure's codes (plugin=jerasure, plugin=power8), libisal for isa's (plugin=isa,
  # power8-code=isa).
  case $plugin in
    jerasure) ;;
    power8) [[ " $keys " != *" power8-code=isa "* ]] || code="-c isa " ;;
    isa) code="-c isa " ;;
    *) fail "plugin $plugin: no reference encoder for its parity (known: power8 jerasure isa)" ;;
  esac
  echo "$code-t ${tech:-reed_sol_van}"
}

flip_byte() {
  "$PY" -c 'import sys; d = bytearray(open(sys.argv[1], "rb").read()); d[len(d) // 2] ^= 0x5a; open(sys.argv[1], "wb").write(d)' "$1"
}

# cot ID ARGS...: ceph-objectstore-tool on the stopped osd.ID's store (for at most COT_TIMEOUT seconds).
cot() {
  local id=$1
  shift
  timeout "${COT_TIMEOUT:-$(cl_scale 120)}" ceph-objectstore-tool --no-mon-config --data-path "$CL_DIR/osd.$id" --type "$CL_STORE" "$@" 2>>"$CL_DIR/log/cot.log"
}

store_lists() {
  local dir=$1 id
  shift
  mkdir -p "$dir"
  STORE_LISTS=$dir
  for id in "$@"; do
    # (no --log-file: with it the tool's --op list prints nothing)
    cot "$id" --op list >"$dir/list.$id" || fail "ceph-objectstore-tool --op list on osd.$id"
  done
}

# object_spec LISTS OSD PGSHARD OBJECT: the tool's JSON name of the head of OBJECT in PGSHARD on that OSD.
object_spec() {
  local spec
  spec=$(jq -c --arg pg "$3" --arg o "$4" 'select(.[0] == $pg and .[1].oid == $o and .[1].snapid == -2)' "$1/list.$2")
  [ "$(grep -c . <<<"$spec")" -eq 1 ] || fail "$4: not exactly one head in $3 on osd.$2: '$spec'"
  echo "$spec"
}

mount_stores() {
  local dir=$1 id start=$SECONDS limit
  shift
  limit=$(cl_scale 120)
  STORE_FUSE=1
  if [ "${EC_QA_STORE_READ:-fuse}" = get-bytes ] || [ ! -c /dev/fuse ]; then
    STORE_FUSE=0
    step "  shards read one tool run each (ceph-objectstore-tool get-bytes): $([ -c /dev/fuse ] && echo EC_QA_STORE_READ=get-bytes || echo no /dev/fuse here)"
    return 0
  fi
  for id in "$@"; do
    mkdir -p "$dir/osd.$id"
    COT_TIMEOUT=$(cl_scale 3600) cot "$id" --op fuse --mountpoint "$dir/osd.$id" >"$dir/osd.$id.log" &
  done
  for id in "$@"; do
    until [ -e "$dir/osd.$id/type" ]; do
      [ $((SECONDS - start)) -lt "$limit" ] || fail "osd.$id's store not mounted after ${limit}s: $(tail -3 "$dir/osd.$id.log")"
      sleep 0.5
    done
  done
}

umount_stores() {
  local m rc=0
  for m in "$1"/osd.*/; do
    ! mountpoint -q "$m" || umount "$m" || { echo "umount $m failed" >&2; rc=1; }
  done
  return $rc
}

# In a mounted store, a shard's data is COLLECTION/all/GHOBJECT/data: the collection PGIDsSHARD_head (shard
# in decimal), the object SHARD#POOL:HASH:::NAME:head# (shard in hex: "a#" for 10; the hash is not
# needed: the glob finds it).
stored_shards() {
  local acting=$1 mounts=$2 out=$3 n=$4 obj pg osds_line j
  local -a osds files
  mkdir -p "$out"
  while read -r obj pg osds_line; do
    read -r -a osds <<<"$osds_line"
    for j in $(seq 0 $((n - 1))); do
      if [ "${STORE_FUSE:-1}" = 0 ]; then
        cot "${osds[j]}" "$(object_spec "$STORE_LISTS" "${osds[j]}" "${pg}s$j" "$obj")" get-bytes >"$out/$obj.$j" ||
          fail "reading $obj shard $j from osd.${osds[j]}'s store (get-bytes)"
        continue
      fi
      files=("$mounts/osd.${osds[j]}/${pg}s${j}_head/all/$(printf %x "$j")#${pg%%.*}:"*":::$obj:head#/data")
      [ ${#files[@]} -eq 1 ] && [ -f "${files[0]}" ] || fail "$obj shard $j: not exactly one in ${pg}s$j on osd.${osds[j]}: ${files[*]}"
      cp "${files[0]}" "$out/$obj.$j" || fail "reading $obj shard $j from osd.${osds[j]}'s store"
    done
  done <"$acting"
}

corrupt_parity_in_store() {
  local acting=$1 lists=$2 obj=$3 shard=$4 pg osd spec tmp
  read -r pg osd <<<"$(awk -v o="$obj" -v c=$((shard + 3)) '$1 == o {print $2, $c}' "$acting")"
  [ -n "$osd" ] || fail "EC_QA_CORRUPT_PARITY: $obj is not in $acting"
  spec=$(object_spec "$lists" "$osd" "${pg}s$shard" "$obj")
  tmp=$lists/corrupt.$obj.$shard
  cot "$osd" "$spec" get-bytes >"$tmp" || fail "get-bytes of $obj shard $shard"
  flip_byte "$tmp"
  cot "$osd" "$spec" set-bytes "$tmp" || fail "set-bytes of $obj shard $shard"
  step "  EC_QA_CORRUPT_PARITY=1: one byte of $obj shard $shard flipped in osd.$osd's store"
}

reference_shards() {
  local model=$1 ref=$2 k=$3 m=$4 unit=$5 oracle=$6 f
  shift 6
  mkdir -p "$ref"
  for f in "$model"/*; do
    cp "$f" "$ref/"
    "$oracle" "$@" "$k" "$m" "$unit" "$ref/${f##*/}" || fail "jerasure-shards $* ${f##*/}"
  done
}

# Tentacle stores a shard without the zeros that pad the object to whole stripes, so a stored shard may be
# shorter: what it lacks must be zeros in the reference (and what it has beyond the reference, zeros).
compare_shards() {
  "$PY" - "$@" <<'PYEOF'
import os, sys
stored, ref, k, n = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
bad, count, shorter = [], [0, 0], 0
for obj in sorted({f.rsplit(".", 1)[0] for f in os.listdir(stored)}):
    for j in range(n):
        a = open(os.path.join(stored, f"{obj}.{j}"), "rb").read()
        b = open(os.path.join(ref, f"{obj}.{j}"), "rb").read()
        m = min(len(a), len(b))
        longer = a[m:] + b[m:]
        if a[:m] != b[:m] or longer.count(0) != len(longer):
            first = next((i for i in range(m) if a[i] != b[i]), m)
            kind = "data" if j < k else "parity"
            bad.append(f"{obj} shard {j} ({kind}): stored {len(a)} bytes, reference {len(b)}, first difference at {first}")
        count[j >= k] += 1
        shorter += len(a) < len(b)
if bad:
    print(f"{len(bad)} shard(s) in the stores differ from the re-encode: " + "; ".join(bad[:6]))
    sys.exit(1)
print(f"{count[0]} data and {count[1]} parity shards in the stores equal the re-encode"
      f" ({shorter} stored shorter than whole stripes, the rest zeros)")
PYEOF
}
