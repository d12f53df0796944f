# SPDX-License-Identifier: LGPL-2.1-or-later
# shellcheck shell=bash
# Throw-away local Ceph cluster (the installed release's daemons): one mon, one mgr, N OSDs on 127.0.0.1, everything under one directory.
# Source this file; qa/cluster/start and qa/cluster/stop are thin wrappers around cl_start / cl_stop.
#
# Everything lives in $CL_DIR: ceph.conf, env (what tests source), mon.a/ mgr.x/ osd.N/ data, log/, run/
# (admin sockets, pid files), crash/, ec-plugins/ (symlinks: the erasure_code_dir of the daemons).
# Daemons are stopped only through the pid files in $CL_DIR/run, after checking that the process really
# is one of ours (its command line names our ceph.conf).

CL_STOCK_PLUGIN_DIR=${CL_STOCK_PLUGIN_DIR:-/usr/lib/x86_64-linux-gnu/ceph/erasure-code}
. "$(cd "$(dirname "${BASH_SOURCE[0]}")/../lib" && pwd)/timeout-scale.sh"
# Bounds for every wait (seconds, already scaled; a value set in the environment is taken as it is).
CL_TIMEOUT_CMD=${CL_TIMEOUT_CMD:-$(cl_scale 90)}
CL_TIMEOUT_UP=${CL_TIMEOUT_UP:-$(cl_scale 120)}
CL_TIMEOUT_CLEAN=${CL_TIMEOUT_CLEAN:-$(cl_scale 300)}
CL_TIMEOUT_STOP=${CL_TIMEOUT_STOP:-$(cl_scale 60)}
# Seconds between two looks of a wait loop (cl_wait_*, pool-lib.sh): a look is a few milliseconds of a
# connected client's (ceph-server), so a wait ends half a second sooner on average for next to no CPU.
CL_POLL=${CL_POLL:-1}

cl_log() { printf '[%(%H:%M:%S)T cluster] %s\n' -1 "$*" >&2; }
cl_die() {
  printf '[%(%H:%M:%S)T cluster] ERROR: %s\n' -1 "$*" >&2
  cl_dump_logs || true
  exit 1
}

# ceph / rados with a bound, talking to this cluster (CEPH_CONF/CEPH_ARGS from the env file). cl_ceph is
# `ceph` parsed and sent by Ceph's CLI code in a third of a `ceph` process's CPU (qa/cluster/ceph-command),
# which hands what it does not take (tell, files, -s...) to `ceph` itself.
# Both go to the cluster's ceph-server first (below: the same answer, no process started).
CL_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cl_ceph() {
  local rc=0
  _cl_served command --connect-timeout "$(cl_scale 30)" "$@" || rc=$?
  [ "$rc" = "$CL_NOT_SERVED" ] || return "$rc"
  timeout "$CL_TIMEOUT_CMD" /usr/bin/python3 "$CL_HERE/ceph-command" --connect-timeout "$(cl_scale 30)" "$@"
}
# cl_query PREFIX [KEY=VALUE...]: what `ceph PREFIX ... -f json` prints, for the status reads of wait loops
# and checks, named arguments through librados (qa/cluster/ceph-query: a fifth of a `ceph` process's CPU).
CL_QUERY=$CL_HERE/ceph-query
cl_query() {
  local rc=0
  _cl_served query "$@" || rc=$?
  [ "$rc" = "$CL_NOT_SERVED" ] || return "$rc"
  timeout "$CL_TIMEOUT_CMD" /usr/bin/python3 "$CL_QUERY" "$@"
}
# _cl_served KIND ARG...: ceph-command's (KIND command) or ceph-query's (query) answer from this cluster's
# qa/cluster/ceph-server, one librados client kept connected (started with the mon, stopped with the
# cluster), through bash's /dev/tcp: its output, error line and status as the helper's. CL_NOT_SERVED
# when nothing was sent to the cluster (no server, or what the helper must do itself): the caller runs
# the helper; a server that does not answer in time is the helper's timeout (124).
CL_NOT_SERVED=200
_cl_served() {
  local port="" fd status errlen err="" IFS
  [ -n "${CL_DIR:-}" ] && [ -r "$CL_DIR/run/ceph-server.port" ] || return "$CL_NOT_SERVED"
  read -r port <"$CL_DIR/run/ceph-server.port" && { exec {fd}<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null ||
    return "$CL_NOT_SERVED"
  IFS=$'\x1f'
  printf '%s\n' "$1${IFS}${CEPH_CONF:-}${IFS}${CEPH_ARGS:-}${IFS}${*:2}" >&"$fd"
  IFS=' '
  if ! read -r -t "$CL_TIMEOUT_CMD" status errlen <&"$fd"; then
    exec {fd}<&-
    echo "cl_ceph/cl_query: the ceph-server of $CL_DIR gave no answer within ${CL_TIMEOUT_CMD}s: $1 ${*:2}" >&2
    return 124
  fi
  if [ "$status" = -1 ]; then
    exec {fd}<&-
    return "$CL_NOT_SERVED"
  fi
  [ "$errlen" = 0 ] || LC_ALL=C IFS= read -r -N "$errlen" err <&"$fd" || true
  cat <&"$fd"
  exec {fd}<&-
  printf '%s' "$err" >&2
  return "$status"
}
# qa/cluster/flush-pg-stats: every up OSD's PG stats of now in the PG map (what a state read after it sees).
cl_flush_pg_stats() { timeout "$CL_TIMEOUT_CMD" /usr/bin/python3 "$CL_HERE/flush-pg-stats" "$@"; }
# A daemon stopped or started by the helpers below leaves this file: until a flush, the PG map can still
# show the states from before (an OSD just killed, its PGs still active+clean), so the next wait for clean
# PGs believes them only after cl_flush_pg_stats.
cl_stats_stale_file() { echo "$CL_DIR/run/pg-stats-stale"; }
# qa/cluster/rados-objects: recorded objects read back and compared through one librados client.
CL_RADOS_OBJECTS=$CL_HERE/rados-objects
cl_rados() { timeout "$CL_TIMEOUT_CMD" rados "$@"; }

# The ports of one cluster: mon v2 and v1 at P and P+1, its ceph-server at P+2, every other bind
# (ms_bind_port_min/max) in P+3 .. P+CL_PORT_SPAN-1.
CL_PORT_SPAN=303

# cl_free_port: a P whose whole block has no socket in any state but TIME-WAIT on this host, outside the
# kernel's ephemeral range (ip_local_port_range): a port in that range can be taken by any outgoing
# connection (the daemons' and clients' own) between this check and the bind, which a listening-only
# check misses. TIME-WAIT sockets (a stopped cluster's, for a minute) block no listener: Ceph's messenger
# and ceph-server bind with SO_REUSEADDR; counted, a test's previous cluster filled its lane.
cl_free_port() {
  local eph_lo eph_hi lo hi p i
  read -r eph_lo eph_hi </proc/sys/net/ipv4/ip_local_port_range
  if [ $((eph_lo - CL_PORT_SPAN)) -gt 10000 ]; then
    lo=10000 hi=$((eph_lo - CL_PORT_SPAN))
  elif [ $((eph_hi + 1)) -lt $((65535 - 2 * CL_PORT_SPAN)) ]; then
    lo=$((eph_hi + 1)) hi=$((65536 - CL_PORT_SPAN))
  else
    lo=1024 hi=$((65536 - CL_PORT_SPAN)) # no room outside it: the socket check alone
  fi
  # Tests that start clusters at the same time on one host (qa/test-all.sh runs them side by side, each
  # with a lane of its own: qa/suite/CMakeLists.txt) take disjoint lanes of the range: the socket check
  # cannot see a block that another test has picked but not bound yet.
  local lanes=${EC_PORT_LANES:-1} lane=${EC_PORT_LANE:-0} width
  if [ "$lanes" -gt 1 ] && [ "$lane" -ge 0 ] && [ "$lane" -lt "$lanes" ] && [ $(((hi - lo) / lanes)) -gt $((2 * CL_PORT_SPAN)) ]; then
    width=$(((hi - lo) / lanes))
    lo=$((lo + lane * width))
    hi=$((lo + width - CL_PORT_SPAN))
  fi
  for i in $(seq 1 200); do
    p=$((lo + (RANDOM * 32768 + RANDOM) % (hi - lo)))
    if ! ss -Hantu exclude time-wait "( sport >= :$p and sport <= :$((p + CL_PORT_SPAN - 1)) )" 2>/dev/null | grep -q .; then
      echo "$p"
      return 0
    fi
    : "$i"
  done
  return 1
}

cl_write_conf() {
  local store=$1 plugins=$2 port=$3 fsid=$4
  local bport=$(( port + 3 ))
  cat >"$CL_DIR/ceph.conf" <<EOF
[global]
fsid = $fsid
mon_host = [v2:127.0.0.1:$port,v1:127.0.0.1:$((port + 1))]
mon_initial_members = a
public_addr = 127.0.0.1
ms_bind_ipv4 = true
ms_bind_ipv6 = false
ms_bind_port_min = $bport
ms_bind_port_max = $(( port + CL_PORT_SPAN - 1 ))
auth_cluster_required = none
auth_service_required = none
auth_client_required = none
run_dir = $CL_DIR/run
admin_socket = $CL_DIR/run/\$name.asok
pid_file = $CL_DIR/run/\$name.pid
log_file = $CL_DIR/log/\$name.log
crash_dir = $CL_DIR/crash
keyring = $CL_DIR/\$name/keyring
mon_data = $CL_DIR/\$name
mgr_data = $CL_DIR/\$name
osd_data = $CL_DIR/\$name
# Object classes (cls_lock: the mgr's sqlite database on RADOS): Debian sid's Tentacle defaults to a
# relative osd_class_dir (lib/<multiarch>/rados-classes), which the OSDs cannot open.
osd_class_dir = $(dirname "$(dirname "$CL_STOCK_PLUGIN_DIR")")/rados-classes
# Plugins: one private directory (stock plugins + the ones under test, as symlinks); read by mon and osd.
erasure_code_dir = $CL_DIR/ec-plugins
osd_erasure_code_plugins = $plugins
# Single host: everything is one failure domain.
osd_crush_chooseleaf_type = 0
mon_osd_reporter_subtree_level = osd
mon_osd_min_down_reporters = 1
mon_data_avail_warn = 2
mon_data_avail_crit = 1
mon_allow_pool_delete = true
mon_warn_on_insecure_global_id_reclaim = false
mon_warn_on_insecure_global_id_reclaim_allowed = false
mon_allow_pool_size_one = true
mon_warn_on_pool_no_redundancy = false
mon_max_pg_per_osd = 1000
osd_pool_default_pg_autoscale_mode = off
osd_pool_default_pg_num = 8
osd_pool_default_pgp_num = 8
mgr_initial_modules = iostat
mgr_stats_period = 1
mon_mgr_digest_period = 1
# A map change commits at once, not up to a second after the last one (Paxos' damping for big clusters):
# each pool, profile or upmap command of a test otherwise takes a second. Ceph's standalone tests do the same.
paxos_propose_interval = 0.1
osd_objectstore = $store
# A stopped OSD: memstore writes its data out only in the clean shutdown, so it takes that path; bluestore
# keeps Ceph's default, the fast shutdown, which operators run. Ceph keeps the clean path for valgrind's
# leak checks, and it races: Tentacle 20.2.4's osd.5 asserted in BlueStore::_shutdown_cache
# (p.second->get_nref() == 1, "pgid 8.6s3 has ref count of 2") when SIGTERM met a map epoch's PG events.
osd_fast_shutdown = $([ "$store" = memstore ] && echo false || echo true)
# No mClock capacity benchmark at each new OSD's first start (Reef and later; Pacific schedules with wpq):
# thousands of 4 KiB writes, emulated OSDs' too, and a config commit, for a figure no test reads.
osd_mclock_skip_benchmark = true
osd_memory_target = 1073741824
bluestore_block_size = 4294967296
bluestore_block_create = true
bluestore_fsck_on_mount = false
# Each bluestore OSD takes bdev_aio_max_queue_depth (1024) of the host's fs.aio-max-nr (65536 on Debian) per
# device at mkfs and start: a few test clusters at once on one host run out (mkfs fails with io_setup EAGAIN).
# A test cluster's queues never get that deep.
bdev_aio_max_queue_depth = 128
memstore_device_bytes = 1073741824
# Fast recovery and scrubs on a test box; bluestore on a file looks rotational.
osd_recovery_sleep = 0
osd_recovery_sleep_hdd = 0
osd_recovery_sleep_hybrid = 0
osd_scrub_sleep = 0
osd_max_scrubs = 8
osd_scrub_backoff_ratio = 0
osd_scrub_during_recovery = true
osd_scrub_auto_repair = false
osd_scrub_min_interval = 86400
osd_scrub_max_interval = 604800
osd_deep_scrub_interval = 604800
osd_heartbeat_grace = 10
osd_beacon_report_interval = 5
osd_mon_report_interval = 1
osd_pool_default_size = 3
osd_pool_default_min_size = 1
# The caller's own [global] settings (CL_EXTRA_CONF: "key = value" lines), read before any daemon starts.
${CL_EXTRA_CONF:-}

[client]
admin_socket =
log_file = $CL_DIR/log/client.log
# (a client's op that times out fails its test: scaled as every other bound)
client_mount_timeout = $(cl_scale 30)
rados_mon_op_timeout = $(cl_scale 60)
rados_osd_op_timeout = $(cl_scale 120)
EOF
}

cl_write_env() {
  cat >"$CL_DIR/env" <<EOF
# Source this to talk to the throw-away cluster in $CL_DIR.
export CL_DIR='$CL_DIR'
export CL_OSDS='$CL_OSDS'
export CL_STORE='$CL_STORE'
export CL_PLUGIN_DIR='$CL_PLUGIN_DIR'
export CL_PLUGINS='$CL_PLUGINS'
export CEPH_CONF='$CL_DIR/ceph.conf'
export CEPH_ARGS='--conf $CL_DIR/ceph.conf'
EOF
}

# Private erasure_code_dir: symlinks to every stock plugin, then to every libec_*.so of the plugin dir
# under test (those win on a name clash).
cl_link_plugins() {
  local d=$CL_DIR/ec-plugins f
  mkdir -p "$d"
  for f in "$CL_STOCK_PLUGIN_DIR"/libec_*.so; do
    ln -sf "$f" "$d/"
  done
  if [ -n "$CL_PLUGIN_DIR" ] && [ "$CL_PLUGIN_DIR" != "$CL_STOCK_PLUGIN_DIR" ]; then
    local n=0
    for f in "$CL_PLUGIN_DIR"/libec_*.so; do
      [ -e "$f" ] || continue
      ln -sf "$(readlink -f "$f")" "$d/$(basename "$f")"
      n=$((n + 1))
    done
    cl_log "linked $n plugin(s) from $CL_PLUGIN_DIR"
  fi
  local p
  for p in $CL_PLUGINS; do
    [ -e "$d/libec_$p.so" ] || cl_die "plugin $p preloaded (osd_erasure_code_plugins) but $d/libec_$p.so is missing"
  done
}

# Pid files: each daemon writes run/NAME.pid itself, but removes it when it dies of a fatal signal, so we keep
# our own copy run/NAME.qa-pid (written once the daemon runs, removed only when we stop it on purpose):
# a qa-pid without a live process is a crashed daemon.
# These three run in every wait loop's poll, for every daemon: bash alone, no process started.
cl_pid() {
  local pid=""
  [ ! -r "$CL_DIR/run/$1.qa-pid" ] || read -r pid <"$CL_DIR/run/$1.qa-pid" || true
  echo "$pid"
}

# Is PID a live process of this cluster (its command line names our ceph.conf)?
cl_pid_ours() {
  local args=()
  [ -n "$1" ] && [ -r "/proc/$1/cmdline" ] && mapfile -d '' -t args 2>/dev/null <"/proc/$1/cmdline" &&
    [[ " ${args[*]} " == *"$CL_DIR/ceph.conf"* ]]
}

# Is daemon NAME (mon.a, mgr.x, osd.3) running, as one of ours?
cl_alive() {
  local pid=""
  [ -r "$CL_DIR/run/$1.qa-pid" ] || return 1
  read -r pid <"$CL_DIR/run/$1.qa-pid" || [ -n "$pid" ] || return 1
  cl_pid_ours "$pid"
}

# Wait until the daemon wrote its pid file and runs (daemonized ceph daemons write it after the fork),
# then record the pid in our own pid file.
cl_wait_pidfile() {
  local name=$1 start=$SECONDS limit pid
  limit=$(cl_scale 30)
  while :; do
    pid=$(cat "$CL_DIR/run/$name.pid" 2>/dev/null || true)
    cl_pid_ours "$pid" && break
    # (elapsed time, not a count of sleeps: a loaded machine's sleeps last longer than they say)
    [ $((SECONDS - start)) -lt "$limit" ] || cl_die "$name did not start (no live pid in $CL_DIR/run/$name.pid after ${limit}s)"
    sleep 0.2
  done
  echo "$pid" >"$CL_DIR/run/$name.qa-pid"
}

cl_start_mon() {
  cl_log "mon.a: mkfs + start"
  monmaptool --create --clobber --fsid "$1" \
    --addv a "[v2:127.0.0.1:$2,v1:127.0.0.1:$(($2 + 1))]" "$CL_DIR/monmap" >/dev/null
  mkdir -p "$CL_DIR/mon.a"
  timeout "$CL_TIMEOUT_CMD" ceph-mon --conf "$CL_DIR/ceph.conf" --mkfs -i a --monmap "$CL_DIR/monmap" \
    >>"$CL_DIR/log/mkfs.log" 2>&1 || cl_die "ceph-mon --mkfs failed (see $CL_DIR/log/mkfs.log)"
  cl_mon_start
}

# _cl_server_start: the cluster's qa/cluster/ceph-server (see _cl_served), detached, with a qa-pid as the
# daemons have: cl_stop stops it and counts its CPU with theirs, and a crash fails the waits as theirs does.
# It takes requests once connected (its port file): until then the helpers run as processes.
_cl_server_start() {
  local port
  read -r port <"$CL_DIR/run/ceph-server.listen" || cl_die "no port for the ceph-server of $CL_DIR"
  rm -f "$CL_DIR/run/ceph-server.port"
  (/usr/bin/python3 "$CL_HERE/ceph-server" "$CL_DIR/ceph.conf" "$port" "$CL_DIR/run/ceph-server.port" \
     >>"$CL_DIR/log/ceph-server.log" 2>&1 </dev/null &
   echo $! >"$CL_DIR/run/ceph-server.qa-pid")
}

# Start mon.a on its existing data.
cl_mon_start() {
  ceph-mon --conf "$CL_DIR/ceph.conf" -i a >>"$CL_DIR/log/daemon-stdio.log" 2>&1 || cl_die "ceph-mon failed to start"
  cl_wait_pidfile mon.a
}

# The mgr loads only the modules it runs: the always-on ones, as the mon's map lists them for every release
# up to the mon's (read at each start: an upgraded mon's may list more), and iostat (mgr_initial_modules).
# The others it would import at start just to list them, half of its start (on Pacific 1 of 2 CPU seconds);
# none serves a test.
cl_disable_idle_mgr_modules() {
  local path always idle
  path=$(ceph-conf -D 2>/dev/null | sed -n 's/^mgr_module_path = //p')
  always=$(cl_query "mgr dump" | jq -r '[.always_on_modules[][]] | unique | .[]') ||
    cl_die "mgr dump: no always-on modules in the mon's map"
  idle=$(comm -23 <(find "$path" -mindepth 1 -maxdepth 1 -type d ! -name __pycache__ -printf '%f\n' | sort) \
                  <(printf '%s\n' $always iostat | sort))
  [ -z "$idle" ] || cl_ceph config set mgr mgr_disabled_modules "$(paste -sd' ' <<<"$idle")" >/dev/null ||
    cl_die "config set mgr mgr_disabled_modules failed"
}

cl_start_mgr() {
  cl_disable_idle_mgr_modules
  cl_log "mgr.x: start"
  mkdir -p "$CL_DIR/mgr.x"
  ceph-mgr --conf "$CL_DIR/ceph.conf" -i x >>"$CL_DIR/log/daemon-stdio.log" 2>&1 || cl_die "ceph-mgr failed to start"
  cl_wait_pidfile mgr.x
}

# mkfs osd.ID with uuid UUID in an empty data dir.
cl_osd_mkfs() {
  local id=$1 uuid=$2
  rm -rf "$CL_DIR/osd.$id"
  mkdir -p "$CL_DIR/osd.$id"
  echo "$uuid" >"$CL_DIR/run/osd.$id.uuid"
  timeout "$CL_TIMEOUT_CMD" ceph-osd --conf "$CL_DIR/ceph.conf" -i "$id" --mkfs --osd-uuid "$uuid" \
    >>"$CL_DIR/log/mkfs.log" 2>&1 || cl_die "ceph-osd -i $id --mkfs failed (see $CL_DIR/log/mkfs.log)"
}

cl_osd_start() {
  local id=$1
  : >"$(cl_stats_stale_file)"
  ceph-osd --conf "$CL_DIR/ceph.conf" -i "$id" >>"$CL_DIR/log/daemon-stdio.log" 2>&1 || cl_die "ceph-osd -i $id failed to start"
  cl_wait_pidfile "osd.$id"
}

# New OSD: allocate an id from the mon, mkfs, start. Prints the id.
cl_osd_new() {
  local uuid id
  uuid=$(cat /proc/sys/kernel/random/uuid)
  id=$(cl_ceph osd new "$uuid") || cl_die "ceph osd new failed"
  cl_osd_mkfs "$id" "$uuid"
  cl_osd_start "$id"
  echo "$id"
}

# Re-create osd.ID empty with its old id and uuid (memstore after a SIGKILL: the data is gone) and start it.
cl_osd_recreate() {
  local id=$1 uuid
  uuid=$(cat "$CL_DIR/run/osd.$id.uuid") || cl_die "no uuid recorded for osd.$id"
  cl_alive "osd.$id" && cl_die "osd.$id is still running, refusing to re-create it"
  cl_osd_mkfs "$id" "$uuid"
  cl_osd_start "$id"
}

# Signal daemon NAME (default TERM) and wait for it to exit; TERM that times out becomes KILL.
cl_daemon_stop() {
  local name=$1 sig=${2:-TERM} pid t=0 ticks=""
  cl_alive "$name" || return 0
  pid=$(cl_pid "$name")
  : >"$(cl_stats_stale_file)"
  ticks=$(_cl_daemon_ticks "$pid") || true
  kill "-$sig" "$pid" 2>/dev/null || true
  while [ -d "/proc/$pid" ]; do
    # Its CPU time as late as it can be read: the shutdown's share counts too.
    ticks=$(_cl_daemon_ticks "$pid") || break
    sleep 0.2
    t=$((t + 1))
    if [ $t -ge $((5 * CL_TIMEOUT_STOP)) ]; then
      cl_log "$name (pid $pid) ignored SIG$sig for ${CL_TIMEOUT_STOP}s: SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      sleep 1
      break
    fi
  done
  # Stopped on purpose: forget the pid (a killed daemon also leaves its own pid file behind).
  rm -f "$CL_DIR/run/$name.qa-pid" "$CL_DIR/run/$name.pid"
  [ -z "$ticks" ] || echo "$name $ticks" >>"$CL_DIR/run/daemon-cpu"
}

# _cl_daemon_ticks PID: the user + system clock ticks PID has used (/proc/PID/stat, fields 14 and 15;
# the command name before them is in parentheses and may hold spaces).
_cl_daemon_ticks() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  # shellcheck disable=SC2086 # the fields after the name, as words
  set -- $stat
  echo $((${12} + ${13}))
}

# _cl_record_daemon_cpu: the CPU seconds of the daemons stopped since the last call (cl_daemon_stop's
# readings), as a "daemons" row of the test command's record (qa/lib/record.sh): they detach, so the
# test's own CPU seconds do not hold them. Wall: the seconds since the cluster's daemons were started
# (or resumed). Nothing without a record (a cluster started by hand).
_cl_record_daemon_cpu() {
  local f=$CL_DIR/run/daemon-cpu since
  [ -s "$f" ] || return 0
  if [ -n "${EC_RECORD:-}" ]; then
    since=$(cat "$CL_DIR/run/daemons-since" 2>/dev/null || date +%s)
    awk -v test="${EC_RECORD_TEST:--}" -v hz="$(getconf CLK_TCK)" -v wall=$(($(date +%s) - since)) \
      '{ t += $2 } END { printf "%s\tdaemons\t%.1f\t%.1f\tok\n", test, wall, t / hz }' "$f" >>"$EC_RECORD"
  fi
  rm -f "$f"
}

# Both an OSD count and each one's state: ids of the OSDs the osdmap says are up.
cl_osds_up() { cl_query "osd dump" | jq -r '.osds[] | select(.up == 1) | .osd' | sort -n | tr '\n' ' '; }

cl_wait_osds_up() {
  local want=$1 timeout=${2:-$CL_TIMEOUT_UP} start=$SECONDS n
  while :; do
    n=$(cl_query "osd stat" 2>/dev/null | jq -r '"\(.num_up_osds) \(.num_in_osds)"' || true)
    [ "$n" = "$want $want" ] && return 0
    [ $((SECONDS - start)) -lt "$timeout" ] || cl_die "timeout (${timeout}s) waiting for $want OSDs up and in (have up/in: $n)"
    cl_fail_if_crashed "waiting in cl_wait_osds_up"
    sleep "$CL_POLL"
  done
}

# PG states summary of the cluster, or of one pool: "N active+clean, M active+degraded, ..."
cl_pg_states() {
  if [ -n "${1:-}" ]; then
    cl_query "pg ls-by-pool" poolstr="$1" | jq -r '.pg_stats[].state' | sort | uniq -c | awk '{printf "%s%s %s", (NR>1?", ":""), $1, $2}'
  else
    cl_query "pg stat" | jq -r '.pg_summary.num_pg_by_state[] | "\(.num) \(.name)"' | paste -sd, -
  fi
}

# Whether every PG (of POOL, or of the cluster) is active+clean now (exactly; nothing else in the state).
# A pool with no PG (no such pool) is not clean. (The count is ceph-query's: no JSON filtered here, in
# every poll of the waits.)
cl_is_clean() {
  local bad
  bad=$(cl_query --pgs-not-clean ${1:+"$1"} 2>/dev/null) || bad=x
  [ "$bad" = 0 ]
}

# Wait until every PG (of POOL, or of the cluster) is active+clean; after a daemon was stopped or started
# (cl_stats_stale_file), by the PG stats of now (cl_flush_pg_stats), not the map's last ones.
cl_wait_clean() {
  local pool=${1:-} timeout=${2:-$CL_TIMEOUT_CLEAN} start=$SECONDS left
  while :; do
    if cl_is_clean "$pool"; then
      [ -e "$(cl_stats_stale_file)" ] || return 0
      # Since a daemon was stopped or started: clean by the stats of now too.
      # (The flush waits at most what is left of this wait: an OSD just killed, still up, never answers.)
      rm -f "$(cl_stats_stale_file)"
      left=$((timeout - (SECONDS - start)))
      cl_flush_pg_stats "$((left < 1 ? 1 : left))" 2>/dev/null && cl_is_clean "$pool" && return 0
      : >"$(cl_stats_stale_file)"
    fi
    [ $((SECONDS - start)) -lt "$timeout" ] || cl_die "timeout (${timeout}s) waiting for active+clean ${pool:+in $pool }(now: $(cl_pg_states "$pool" || true))"
    cl_fail_if_crashed "waiting in cl_wait_clean"
    sleep "$CL_POLL"
  done
}

# cl_is_active POOL: every PG of POOL is active (any of degraded/undersized/recovering allowed), none
# peering/down/incomplete/stale; one look, no wait.
cl_is_active() {
  local bad
  bad=$(cl_query --pgs-not-active "$1" 2>/dev/null) || bad=x
  [ "$bad" = 0 ]
}

# Wait until every PG of POOL is active (cl_is_active).
cl_wait_active() {
  local pool=$1 timeout=${2:-$CL_TIMEOUT_CLEAN} start=$SECONDS
  while :; do
    cl_is_active "$pool" && return 0
    [ $((SECONDS - start)) -lt "$timeout" ] || cl_die "timeout (${timeout}s) waiting for all PGs of $pool active (now: $(cl_pg_states "$pool" || true))"
    cl_fail_if_crashed "waiting in cl_wait_active"
    sleep "$CL_POLL"
  done
}

# Print what helps on failure: status, and the tail + errors of every daemon log.
cl_dump_logs() {
  [ -n "${CL_DIR:-}" ] && [ -d "$CL_DIR/log" ] || return 0
  echo "----- cluster $CL_DIR: status -----" >&2
  timeout 20 ceph --conf "$CL_DIR/ceph.conf" --connect-timeout 10 -s >&2 2>&1 || true
  local f
  for f in "$CL_DIR"/log/mon.*.log "$CL_DIR"/log/mgr.*.log "$CL_DIR"/log/osd.*.log "$CL_DIR/log/mkfs.log" "$CL_DIR/log/daemon-stdio.log"; do
    [ -s "$f" ] || continue
    echo "----- $f: errors -----" >&2
    grep -aE 'ERR|FAILED|Abort|abort|Segmentation|error|\*\*\* Caught signal' "$f" | grep -v 'log_channel(cluster) log \[DBG\]' | tail -n 15 | cut -c1-400 >&2 || true
    echo "----- $f: tail -----" >&2
    grep -av '^ ' "$f" | tail -n 15 | cut -c1-400 >&2
  done
  if [ -d "$CL_DIR/crash" ] && [ -n "$(ls -A "$CL_DIR/crash" 2>/dev/null)" ]; then
    echo "----- crash dumps in $CL_DIR/crash -----" >&2
    local d
    for d in "$CL_DIR"/crash/*/; do echo "$(basename "$d"): $(cl_crash_summary "$d")" >&2; done
  fi
}

# Daemons that died on their own: our qa-pid file is there (cl_daemon_stop removes it when it stops one on
# purpose) but the process is gone.
cl_crashed_daemons() {
  local f n crashed=()
  for f in "$CL_DIR"/run/*.qa-pid; do
    [ -e "$f" ] || continue
    n=${f##*/}
    n=${n%.qa-pid}
    cl_alive "$n" || crashed+=("$n")
  done
  echo "${crashed[*]}"
}

# One line on a crash report directory: who crashed, and the failed assert, or the first four frames that
# are not libc's (its signal return, raise, abort), C++ arguments elided; enough to tell from a CI log
# alone whose bug it was (a segfault's first frame is the faulting function itself).
cl_crash_summary() {
  jq -r '(.entity_name // .process_name // "?") + ": " +
         (if .assert_condition then "FAILED ceph_assert(\(.assert_condition)) in \(.assert_func)"
          elif .mgr_module then "module \(.mgr_module): \(.mgr_python_exception // "?")"
          else ((.backtrace // []) | map(select(test("/libc\\.so|/libpthread") | not)) | .[0:4]
                | map(sub("\\(std::.*"; "(...)")) | join(" <- ")) end)' "$1/meta" 2>/dev/null ||
    echo "no readable meta"
}

# Crash dumps in $CL_DIR/crash that are crashes of a daemon: the id and cl_crash_summary, one a line. Not
# counted, but logged: a ceph-mgr Python module that fails to load (the report has mgr_module, and
# mgr_python_exception ImportError or mgr_module_caller PyModule::*, the loader): Debian 13's Reef mgr
# cannot import any module ("PyO3 modules do not yet support subinterpreters", python3-bcrypt); Debian
# sid's Tentacle mgr (Python 3.14) reports an AttributeError (NOTIFY_TYPES) from
# PyModule::load_subclass_of for most modules. The mgr itself, which EC pools need, runs
# (cl_dead_daemons). A module failing while it runs still counts.
cl_crash_dumps() {
  local d ids=() all=0
  for d in "$CL_DIR"/crash/*/; do [ -e "$d" ] && all=$((all + 1)); done
  for d in $(cl_daemon_crash_dirs); do ids+=("$(basename "$d"): $(cl_crash_summary "$d")"); done
  [ $((all - ${#ids[@]})) -eq 0 ] ||
    cl_log "$((all - ${#ids[@]})) ceph-mgr Python module(s) failed to load (reports in $CL_DIR/crash; not daemon crashes)"
  [ ${#ids[@]} -eq 0 ] || printf '%s\n' "${ids[@]}"
}
# cl_is_module_load_report DIR: the crash dump is a ceph-mgr Python module that failed to load
# (cl_crash_dumps says why it does not count).
cl_is_module_load_report() {
  [ -f "$1/meta" ] && jq -e '.mgr_module and (.mgr_python_exception == "ImportError"
                              or ((.mgr_module_caller // "") | startswith("PyModule::")))' "$1/meta" >/dev/null 2>&1
}
# cl_daemon_crash_dirs: the directories of the crash dumps that are daemons' crashes, one a line.
cl_daemon_crash_dirs() {
  local d
  for d in "$CL_DIR"/crash/*/; do [ -e "$d" ] && ! cl_is_module_load_report "$d" && echo "${d%/}"; done
  return 0
}

# Ceph's own aborts that no plugin can cause or steer, met at random by a thrash of FastEC pools; one a
# line, "CEPH_VERSION_REGEX|ASSERT_FUNC|ASSERT_CONDITION|OSD_LOG_LINE_REGEX|WHY" (no field holds a "|"),
# the log line naming the PG. Why no plugin steers it: doc/fastec.md, "Ceph 20.2.4's peering abort".
CL_KNOWN_ABORTS=(
  '^20\.2\.4(?![0-9])|void MissingLoc::add_active_missing(const pg_missing_t&)|0 == "unexpected need for missing item"| unexpected need for |two shards of a FastEC PG missing one object at different versions, which partial writes allow, on activation'
)
# cl_known_abort CRASH_DIR: "WHY|LOG_LINE" when the crash dump is one of CL_KNOWN_ABORTS (LOG_LINE: the
# daemon's log line that names the PG, if found); status 1 when it is not.
cl_known_abort() {
  local k ver func cond line why entity
  for k in "${CL_KNOWN_ABORTS[@]}"; do
    IFS='|' read -r ver func cond line why <<<"$k"
    jq -e --arg v "$ver" --arg f "$func" --arg c "$cond" \
      '((.ceph_version // "") | test($v)) and .assert_func == $f and .assert_condition == $c' "$1/meta" >/dev/null 2>&1 ||
      continue
    entity=$(jq -r '.entity_name // ""' "$1/meta")
    echo "$why|$(grep -E -- "$line" "$CL_DIR/log/$entity.log" 2>/dev/null | tail -1)"
    return 0
  done
  return 1
}
# cl_known_aborts_only: every daemon crash dump is one of CL_KNOWN_ABORTS (and there is one): for each,
# "SUMMARY|WHY|LOG_LINE", one a line.
cl_known_aborts_only() {
  local d k lines=()
  for d in $(cl_daemon_crash_dirs); do
    k=$(cl_known_abort "$d") || return 1
    lines+=("$(cl_crash_summary "$d")|$k")
  done
  [ ${#lines[@]} -gt 0 ] && printf '%s\n' "${lines[@]}"
}

# Fail a wait at once when a daemon crashed (instead of waiting for the timeout).
cl_fail_if_crashed() {
  local c
  c=$(cl_crashed_daemons)
  # (CL_CRASHED: what a script's exit trap can tell this failure by)
  [ -z "$c" ] || { CL_CRASHED=$c; cl_die "daemon(s) crashed: $c (while $1)"; }
}

# All of our daemons that should be running are: names of those that are not.
cl_dead_daemons() {
  local n dead=()
  for n in mon.a mgr.x $(for i in $(seq 0 $((CL_OSDS - 1))); do echo "osd.$i"; done); do
    cl_alive "$n" || dead+=("$n")
  done
  echo "${dead[*]}"
}

# cl_start [-n OSDS] [-s memstore|bluestore] [-p PLUGIN_DIR] [-l "PRELOADED PLUGINS"] [-d DIR]
# CL_EXTRA_CONF (optional): more "key = value" lines for [global] of ceph.conf.
cl_start() {
  CL_OSDS=${CL_OSDS:-6}
  CL_STORE=${CL_STORE:-memstore}
  CL_PLUGIN_DIR=${CL_PLUGIN_DIR:-${EC_BUILD:-/work/main/build}/lib}
  CL_PLUGINS=${CL_PLUGINS:-jerasure lrc isa}
  local dir="" opt
  OPTIND=1
  while getopts "n:s:p:l:d:" opt; do
    case $opt in
      n) CL_OSDS=$OPTARG ;;
      s) CL_STORE=$OPTARG ;;
      p) CL_PLUGIN_DIR=$OPTARG ;;
      l) CL_PLUGINS=$OPTARG ;;
      d) dir=$OPTARG ;;
      *) cl_die "usage: start [-n osds] [-s memstore|bluestore] [-p plugin_dir] [-l 'preloaded plugins'] [-d dir]" ;;
    esac
  done
  case $CL_STORE in memstore | bluestore) ;; *) cl_die "objectstore must be memstore or bluestore, not $CL_STORE" ;; esac
  command -v jq >/dev/null || cl_die "jq is needed"
  command -v ss >/dev/null || cl_die "ss (iproute2) is needed to pick the cluster's ports"
  if [ -z "$dir" ]; then
    dir=$(mktemp -d "${TMPDIR:-/tmp}/ceph-qa.XXXXXX")
  fi
  mkdir -p "$dir"
  CL_DIR=$(cd "$dir" && pwd)
  export CL_DIR CL_OSDS CL_STORE CL_PLUGIN_DIR CL_PLUGINS
  [ ! -e "$CL_DIR/ceph.conf" ] || cl_die "$CL_DIR already holds a cluster"
  mkdir -p "$CL_DIR/log" "$CL_DIR/run" "$CL_DIR/crash"
  date +%s >"$CL_DIR/run/daemons-since"
  local t0=$SECONDS port fsid
  port=$(cl_free_port) || cl_die "no free port"
  fsid=$(cat /proc/sys/kernel/random/uuid)
  cl_log "cluster in $CL_DIR: $CL_OSDS x $CL_STORE OSDs, mon on 127.0.0.1:$port, plugins preloaded: $CL_PLUGINS"
  cl_link_plugins
  cl_write_conf "$CL_STORE" "$CL_PLUGINS" "$port" "$fsid"
  echo $((port + 2)) >"$CL_DIR/run/ceph-server.listen"
  cl_write_env
  export CEPH_CONF=$CL_DIR/ceph.conf CEPH_ARGS="--conf $CL_DIR/ceph.conf"
  cl_start_mon "$fsid" "$port"
  _cl_server_start
  cl_start_mgr
  # OSD ids come from the mon in order; mkfs and start in parallel.
  local i uuid pids=()
  for i in $(seq 0 $((CL_OSDS - 1))); do
    uuid=$(cat /proc/sys/kernel/random/uuid)
    [ "$(cl_ceph osd new "$uuid")" = "$i" ] || cl_die "ceph osd new did not give id $i"
    (cl_osd_mkfs "$i" "$uuid" && cl_osd_start "$i") &
    pids+=($!)
  done
  for i in "${pids[@]}"; do wait "$i" || cl_die "an OSD failed to mkfs/start"; done
  cl_wait_osds_up "$CL_OSDS"
  # The mgr must be active: pg commands hang without one.
  local start=$SECONDS
  until [ "$(cl_query "mgr dump" 2>/dev/null | jq -r .available)" = true ]; do
    [ $((SECONDS - start)) -lt "$CL_TIMEOUT_UP" ] || cl_die "mgr not available after ${CL_TIMEOUT_UP}s"
    sleep 1
  done
  # The always-on balancer would move PGs (upmap) under the tests' feet.
  cl_ceph balancer off >/dev/null 2>&1 || cl_log "warning: could not turn the balancer off"
  cl_wait_clean "" "$CL_TIMEOUT_UP"
  cl_log "cluster up in $((SECONDS - t0))s: $(cl_ceph health 2>&1 | head -1)"
}

# cl_start_retried ATTEMPTS [-d DIR] [other cl_start options]: cl_start, again when it fails. The mon's
# ports are picked free, outside the ephemeral range, but something else on the host can still bind one
# before the mon does ("unable to bind monitor ... Address already in use"). Each attempt gets a new
# directory, or with -d the same DIR, holding again only what it held before (a caller's files stay).
# The last attempt's directory is kept for its logs. Sets CL_DIR and sources its env (CL_OSDS, CL_STORE,
# ...). Give the settings as options, not as CL_*=... prefixes of the call: a prefix assignment lasts only
# for the call, and bash 5.3 (Debian sid) drops what the env file set under it when the call returns.
cl_start_retried() {
  local attempts=$1 fixed="" before="" i dir entry
  shift
  if [ "${1:-}" = -d ]; then
    fixed=$2
    shift 2
    mkdir -p "$fixed"
    before=$(ls -A "$fixed")
  fi
  for i in $(seq 1 "$attempts"); do
    dir=${fixed:-$(mktemp -d "${TMPDIR:-/tmp}/ceph-qa.XXXXXX")}
    if (cl_start "$@" -d "$dir"); then
      # shellcheck source=/dev/null
      . "$dir/env"
      return 0
    fi
    # Whatever the failed attempt started (mon, mgr, OSDs that came up) stops, the last attempt's too.
    (cl_stop "$dir") >/dev/null 2>&1 || true
    [ "$i" -lt "$attempts" ] || break
    cl_log "cluster start, attempt $i of $attempts, failed: starting again in a clean $dir"
    if [ -z "$fixed" ]; then
      rm -rf "$dir"
    else
      while IFS= read -r entry; do
        grep -Fxq -- "$entry" <<<"$before" || rm -rf "${dir:?}/$entry"
      done < <(ls -A "$dir")
    fi
  done
  cl_die "the cluster did not start in $attempts attempts (the last one's logs are in $dir)"
}

cl_stop() {
  CL_DIR=$(cd "$1" && pwd)
  [ -f "$CL_DIR/ceph.conf" ] || { cl_log "no cluster in $CL_DIR"; return 1; }
  local f name
  cl_daemon_stop ceph-server TERM
  rm -f "$CL_DIR/run/ceph-server.port"
  # OSDs first (clean unmount), then mgr, then mon.
  for f in "$CL_DIR"/run/osd.*.qa-pid; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .qa-pid)
    cl_daemon_stop "$name" TERM &
  done
  wait
  cl_daemon_stop mgr.x TERM
  cl_daemon_stop mon.a TERM
  _cl_record_daemon_cpu
  cl_log "stopped cluster $CL_DIR"
}

# cl_resume DIR: start the daemons of a stopped cluster again on their data (an upgrade restarts them with
# another release's binaries), with the plugin links made anew from CL_STOCK_PLUGIN_DIR and CL_PLUGIN_DIR
# (the stock plugins of the binaries now running, the plugin build for them).
cl_resume() {
  CL_DIR=$(cd "$1" && pwd)
  [ -f "$CL_DIR/ceph.conf" ] || cl_die "no cluster in $CL_DIR"
  # shellcheck source=/dev/null
  . "$CL_DIR/env"
  CL_PLUGIN_DIR=${2:-$CL_PLUGIN_DIR}
  cl_write_env
  rm -rf "$CL_DIR/ec-plugins"
  cl_link_plugins
  local t0=$SECONDS d id
  date +%s >"$CL_DIR/run/daemons-since"
  cl_mon_start
  _cl_server_start
  cl_start_mgr
  for d in "$CL_DIR"/osd.*/; do
    id=${d%/}
    id=${id##*/osd.}
    cl_osd_start "$id"
  done
  cl_wait_osds_up "$CL_OSDS"
  cl_log "cluster resumed in $((SECONDS - t0))s with $(ceph-osd --version | cut -d' ' -f1-3)"
}
