# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# One count of the workloads driver (workloads.cc) under qemu-user with the instruction counter
# (insn_count.c), shared by the evidence tables (tools/research/ppc64le/workload-counts,
# tools/research/s390x/evidence) and test/simd/counted_insns (the compiler hooks' check). The counter is
# written to qemu 7.2's plugin API v1, Debian 12's qemu-user: later qemu refuses a v1 plugin, so counts
# run under the host's qemu whichever suite's compiler built the driver.
#   EC_COUNT_QEMU  the emulator and its options (default qemu-ppc64le; e.g. "qemu-s390x -L SYSROOT" for a
#                  dynamically linked driver)

# ec_count_plugin DIR: the counter built with this machine's C compiler in DIR; prints its path.
ec_count_plugin() {
  local plugin=$1/libinsn_count.so
  gcc -std=c11 -O2 -shared -fPIC -fvisibility=hidden -Wall -Wextra -Werror -o "$plugin" \
    "$(dirname "${BASH_SOURCE[0]}")/insn_count.c" || return 1
  echo "$plugin"
}

# ec_count_workload PLUGIN DRIVER IMPL CPU FILTERS WORKLOAD K M CHUNK CALLS: runs DRIVER (IMPL WORKLOAD K M
# CHUNK CALLS) as qemu -cpu CPU, counting the symbols FILTERS names (comma-separated sym=...; empty: every
# instruction, shared libraries' included) between the driver's markers, but the driver's own main (its
# loop and an update's bookkeeping: the libraries are called from wrappers of their own). Prints
# "instructions_per_byte digest layer_instructions_per_call": bytes are k data
# chunks a call for encode and decode, one chunk for update; the layer is what the counted symbols hold
# beyond the kernels (RegionLoops, _vsx). Fails saying why on a driver failure, an unreached window or no
# count.
ec_count_workload() {
  local plugin=$1 driver=$2 impl=$3 cpu=$4 filters=$5 workload=$6 k=$7 m=$8 chunk=$9 calls=${10} bytes out qemu
  bytes=$((k * chunk * calls))
  [ "$workload" != update ] || bytes=$((chunk * calls))
  read -ra qemu <<<"${EC_COUNT_QEMU:-qemu-ppc64le}"
  out=$("${qemu[@]}" -cpu "$cpu" -plugin "$plugin,${filters:+$filters,}start=ec_bench_count_start,stop=ec_bench_count_stop" \
          -d plugin "$driver" "$impl" "$workload" "$k" "$m" "$chunk" "$calls" 2>&1) ||
    { echo "$impl $workload $k+$m $chunk: $out" >&2; return 1; }
  ! grep -q 'never ran' <<<"$out" ||
    { echo "$impl $workload $k+$m $chunk: the counting window was not reached" >&2; return 1; }
  awk -F'\t' -v bytes="$bytes" -v calls="$calls" '
    NF == 2 && $2 != "main" { n += $1; if ($2 !~ /RegionLoops/ && $2 !~ /_vsx/) layer += $1 }
    / digest=/ { sub(/.* digest=/, ""); d = $0 }
    END { if (d == "" || n == 0) exit 1; printf "%.3f %s %d\n", n / bytes, d, layer / calls }' <<<"$out" ||
    { echo "$impl $workload $k+$m $chunk: no count or digest in: $out" >&2; return 1; }
}

# The symbols counted for power8's engine: every kernel (RegionLoops), all of ec::codec (mangled 2ec5codec)
# and the driver's wrapper of apply_delta (ec_bench_codec_), whose common case is inline in codec.h.
EC_COUNT_ENGINE_FILTERS=sym=RegionLoops,sym=2ec5codec,sym=ec_bench_codec_
# ISA-L's: ec_encode_data, ec_encode_data_update and every gf_*_vsx kernel.
EC_COUNT_ISAL_FILTERS=sym=_vsx,sym=ec_encode_data

# ec_count_ratio A B [DIGITS]: A / B as "0.123x" (DIGITS decimals, default 3).
ec_count_ratio() { awk -v a="$1" -v b="$2" -v d="${3:-3}" 'BEGIN{printf "%.*fx", d, a/b}'; }
# ec_count_kib BYTES: "64 KiB".
ec_count_kib() { echo "$(($1 / 1024)) KiB"; }
# ec_count_workloads M: the workloads of a shape with M parities: encode, update, decode of 1, 2 and M lost.
ec_count_workloads() {
  local m=$1 lost workloads="encode update"
  for lost in 1 2 "$m"; do
    [ "$lost" -le "$m" ] && [[ " $workloads " != *" decode-$lost "* ]] && workloads+=" decode-$lost"
  done
  echo "$workloads"
}
