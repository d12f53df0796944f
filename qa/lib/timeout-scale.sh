# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Every bound that fails a test, in one factor: the numbers in the scripts are what an idle machine needs,
# and a loaded one (six clusters on two cores, a slower CPU) must give the same verdict, only later. A
# bound guards against a hang; it must never be what a correct run meets. Sourced by qa/cluster/lib.sh
# and the tool tests; CL_TIMEOUT_SCALE=1 gives an idle machine's bounds (a hang fails sooner).
CL_TIMEOUT_SCALE=${CL_TIMEOUT_SCALE:-3}
[[ $CL_TIMEOUT_SCALE =~ ^[1-9][0-9]*$ ]] || { echo "CL_TIMEOUT_SCALE=$CL_TIMEOUT_SCALE: must be a positive integer" >&2; exit 2; }
# (qa/cluster's librados helpers scale their bounds by it too: qa/cluster/cephclient.py)
export CL_TIMEOUT_SCALE
# cl_scale SECONDS: an idle machine's bound, scaled (use it for every bound a script writes as a number).
cl_scale() { echo $(($1 * CL_TIMEOUT_SCALE)); }
