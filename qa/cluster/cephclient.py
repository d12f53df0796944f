# SPDX-License-Identifier: LGPL-2.1-or-later
"""What qa/cluster's librados helpers share: a connection to the cluster named by $CEPH_CONF with
qa/cluster's bounds, a monitor command, and a command's failure said as Ceph's CLI says it."""
import errno
import json
import os
import sys

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


def fail(ret, status):
    """`ceph`'s error line printed, and its exit status for the command's return value: the errno."""
    print(error_line(ret, status), file=sys.stderr)
    return abs(ret)


def mon_command(cluster, timeout=None, **command):
    """The monitor's answer to command (its named arguments), as text; RuntimeError naming the command and
    its arguments, with `ceph`'s error line, when it fails."""
    ret, out, status = cluster.mon_command(json.dumps(command), b"",
                                           timeout=timeout if timeout is not None else 60 * SCALE)
    if ret != 0:
        words = [command["prefix"]] + [str(v) for k, v in command.items() if k not in ("prefix", "format")]
        raise RuntimeError(f"{' '.join(words)}: {error_line(ret, status)}")
    return out.decode()


def query_command(argv):
    """ceph-query's PREFIX [KEY=VALUE...] as the monitor command it sends (JSON output); ValueError for
    arguments it does not take."""
    if not argv or any("=" not in a for a in argv[1:]):
        raise ValueError("usage: ceph-query PREFIX [KEY=VALUE...]")
    command = {"prefix": argv[0], "format": "json"}
    command.update(a.split("=", 1) for a in argv[1:])
    return command


def query(cluster, command):
    """(exit status, stdout text, stderr text) of query_command's command: what `ceph PREFIX ... -f json`
    prints, and `ceph`'s error line."""
    ret, out, status = cluster.mon_command(json.dumps(command), b"", timeout=60 * SCALE)
    if ret != 0:
        return abs(ret), "", error_line(ret, status) + "\n"
    return 0, out.decode(errors="replace") + "\n", ""
