# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Shards from Ceph's ceph-erasure-code-tool, whatever the release: Ceph 20.2.4's `encode` writes the data
# shards only (its parity buffers are never inserted before encoding; fixed upstream after 20.2.4, ceph/ceph
# pull request 63522), and its `decode` writes the object from the first byte of the first shard it read
# on. Tests that compare shards source this (it needs nothing else):
#
#   tool_writes_parity DIR TOOL...      0 if `TOOL... encode` writes parity shards, 1 if the data shards
#                                       only; dies if it writes none (TOOL: the command and its options
#                                       before the subcommand; DIR: scratch). EC_TOOL_NO_PARITY=1 answers
#                                       1 for any tool: it runs ceph-erasure-code-tool-test's no-parity
#                                       path on a release whose tool writes parity (stage 60 and
#                                       ceph-tool-test check that the tool wrote none: they fail with it)
#   reference_shards_build DIR          compiles qa/tool/jerasure-shards.c (libjerasure, the jerasure
#                                       plugin's library, and with -c isa libisal, the isa plugin's, as
#                                       the test oracles) into DIR; prints its path
#   decoded_offset OBJECT DECODED K M UNIT
#                                       where the tool's decode output DECODED starts in OBJECT after
#                                       decoding from shards M..K+M-1: 0 (the whole padded object) or
#                                       M*UNIT (Ceph 20.2.4); fails, printing why, for anything else or
#                                       when the bytes differ from OBJECT's

EC_TOOL_SHARDS_SOURCE=$(cd "$(dirname "${BASH_SOURCE[0]}")/../tool" && pwd)/jerasure-shards.c
tool_shards_die() { printf 'error: %s\n' "$*" >&2; exit 1; }

tool_writes_parity() {
  local dir=$1
  shift
  mkdir -p "$dir"
  head -c 8192 /dev/urandom >"$dir/obj"
  (cd "$dir" && "$@" encode plugin=jerasure,technique=reed_sol_van,k=2,m=1 4096 0,1,2 obj >log 2>&1) ||
    { cat "$dir/log" >&2; tool_shards_die "ceph-erasure-code-tool encode failed"; }
  [ "${EC_TOOL_NO_PARITY:-0}" != 1 ] || return 1
  [ -e "$dir/obj.2" ] && return 0
  [ -e "$dir/obj.1" ] || tool_shards_die "ceph-erasure-code-tool encode wrote neither data nor parity shards"
  return 1
}

reference_shards_build() {
  cc -O2 -Wall -Wextra -Werror -o "$1/jerasure-shards" "$EC_TOOL_SHARDS_SOURCE" -I/usr/include/jerasure \
    -lJerasure -lisal || tool_shards_die "cannot build qa/tool/jerasure-shards.c (libjerasure-dev, libisal-dev)"
  echo "$1/jerasure-shards"
}

decoded_offset() {
  local object=$1 decoded=$2 k=$3 m=$4 unit=$5 size padded got off
  size=$(stat -c %s "$object")
  local stripes=$(( (size + k * unit - 1) / (k * unit) ))
  padded=$((stripes * k * unit))
  [ "$padded" -gt 0 ] || padded=$((k * unit))
  got=$(stat -c %s "$decoded")
  off=$((padded - got))
  if [ "$off" -ne 0 ] && [ "$off" -ne $((m * unit)) ]; then
    echo "decode wrote $got bytes: neither the padded object ($padded) nor it from shard $m on"
    return 1
  fi
  if [ "$size" -le "$off" ]; then
    echo "decode wrote the object from byte $off on, and the object has $size bytes: nothing decoded to compare"
    return 1
  fi
  if ! cmp -s -n "$((size - off))" <(tail -c +$((off + 1)) "$object") "$decoded"; then
    echo "decode did not give back the object (compared from byte $off)"
    return 1
  fi
  echo "$off"
}
