# SPDX-License-Identifier: LGPL-2.1-or-later
"""What qa/cluster's librados helpers share: a connection to the cluster named by $CEPH_CONF with
qa/cluster's bounds, a monitor command, ceph-query's queries and counts, and a command's failure said as
Ceph's CLI says it."""
import errno
import json
import os

import rados

# librados bounds, scaled as every bound of qa/cluster (lib.sh exports CL_TIMEOUT_SCALE; by hand: unscaled)
SCALE = int(os.environ.get("CL_TIMEOUT_SCALE", "1"))


def connect(conffile=None, timeout=None):
    """A connected rados.Rados (the caller shuts it down)."""
    cluster = rados.Rados(conffile=conffile if conffile is not None else os.environ.get("CEPH_CONF", ""))
    cluster.connect(timeout=timeout if timeout is not None else 30 * SCALE)
    return cluster


def error_line(ret, status):
    """`ceph`'s line for a failed command: "Error EXXX: status"."""
    return f"Error {errno.errorcode.get(abs(ret), 'Unknown')}: {status}"


def mon_command(cluster, timeout=None, **command):
    """The monitor's answer to command (its named arguments), as text; RuntimeError naming the command and
    its arguments, with `ceph`'s error line, when it fails."""
    ret, out, status = cluster.mon_command(json.dumps(command), b"",
                                           timeout=timeout if timeout is not None else 60 * SCALE)
    if ret != 0:
        words = [command["prefix"]] + [str(v) for k, v in command.items() if k not in ("prefix", "format")]
        raise RuntimeError(f"{' '.join(words)}: {error_line(ret, status)}")
    return out.decode()


def _pg_states(cluster, pool):
    """The state of each PG of pool, or None (no such pool: `pg ls-by-pool` fails)."""
    try:
        out = mon_command(cluster, prefix="pg ls-by-pool", poolstr=pool, format="json")
    except RuntimeError:
        return None
    return [pg["state"] for pg in json.loads(out).get("pg_stats", [])]


def _pgs_not_clean(cluster, pool=None):
    """How many PGs (of pool, or of the cluster) are not exactly active+clean; "x" for a pool with no PG."""
    if pool is not None:
        states = _pg_states(cluster, pool)
        return "x" if not states else str(sum(state != "active+clean" for state in states))
    summary = json.loads(mon_command(cluster, prefix="pg stat", format="json"))["pg_summary"]
    clean = sum(s["num"] for s in summary.get("num_pg_by_state", []) if s["name"] == "active+clean")
    return str(summary["num_pgs"] - clean)


def _pgs_not_active(cluster, pool):
    """How many PGs of pool are not active (degraded, undersized, recovering are) or are peering, down,
    incomplete or stale; "x" for no such pool."""
    states = _pg_states(cluster, pool)
    if states is None:
        return "x"
    return str(sum(not s.startswith("active") or any(w in s for w in ("peering", "down", "incomplete", "stale"))
                   for s in states))


# ceph-query's counts for the wait loops of qa/cluster/lib.sh (NAME [POOL]): one number, no JSON to filter.
COUNTS = {"--pgs-not-clean": (_pgs_not_clean, 0, 1), "--pgs-not-active": (_pgs_not_active, 1, 1)}


def query_command(argv):
    """ceph-query's PREFIX [KEY=VALUE...] as the monitor command it sends (JSON output), or its COUNT
    [POOL] as (count, arguments); ValueError for arguments it does not take."""
    if argv and argv[0] in COUNTS:
        _, least, most = COUNTS[argv[0]]
        if not least <= len(argv) - 1 <= most:
            raise ValueError(f"usage: ceph-query {argv[0]}{' POOL' if least else ' [POOL]'}")
        return argv[0], argv[1:]
    if not argv or argv[0].startswith("-") or any("=" not in a for a in argv[1:]):
        raise ValueError(f"usage: ceph-query PREFIX [KEY=VALUE...] | {' | '.join(COUNTS)} [POOL]")
    command = {"prefix": argv[0], "format": "json"}
    command.update(a.split("=", 1) for a in argv[1:])
    return command


def query(cluster, command):
    """(exit status, stdout text, stderr text) of query_command's command: what `ceph PREFIX ... -f json`
    prints, and `ceph`'s error line; for a count, its number."""
    if isinstance(command, tuple):
        name, args = command
        try:
            return 0, COUNTS[name][0](cluster, *args) + "\n", ""
        except RuntimeError as e:
            return 1, "", f"{e}\n"
    ret, out, status = cluster.mon_command(json.dumps(command), b"", timeout=60 * SCALE)
    if ret != 0:
        return abs(ret), "", error_line(ret, status) + "\n"
    return 0, out.decode(errors="replace") + "\n", ""
