# SPDX-License-Identifier: LGPL-2.1-or-later
"""`ceph ARG...` through Ceph's own CLI code (ceph_argparse) on a connected librados client: what
ceph-command runs in a process of its own and ceph-server on its one client. What `ceph` itself must do
(tell, daemon, -o/-i files, -s, watch, other options, a command no signature takes) raises Unhandled."""
import io
import json
from contextlib import redirect_stderr

import ceph_argparse

import cephclient


class Unhandled(Exception):
    """What this module leaves to `ceph`."""


def parse(argv):
    """(conffile, format, connect timeout, command words) from `ceph`'s arguments, or Unhandled."""
    conf, fmt, timeout, words = None, None, None, []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a in ("-c", "--conf", "-f", "--format", "--connect-timeout"):
            if not args:
                raise Unhandled(a)
            value = args.pop(0)
        elif a.startswith(("--conf=", "--format=", "--connect-timeout=")):
            a, value = a.split("=", 1)
        elif a in ("--yes-i-really-mean-it", "--yes-i-really-really-mean-it") or not a.startswith("-"):
            words.append(a)
            continue
        else:
            raise Unhandled(a)
        if a in ("-c", "--conf"):
            conf = value
        elif a in ("-f", "--format"):
            fmt = value
        elif value.isdigit():
            timeout = int(value)
        else:
            raise Unhandled(a)  # `ceph` says what it accepts
    if not words or words[0] in ("tell", "daemon", "ping", "injectargs", "help") or \
            ceph_argparse.find_cmd_target(words) != ("mon", ""):
        raise Unhandled(" ".join(words[:2]))
    return conf, fmt, timeout, words


def candidate_signatures(descriptions, words):
    """The signatures whose leading literal words are the command's own: the only ones that can match."""
    kept = {}
    for tag, cmd in descriptions.items():
        literals = []
        for desc in cmd.get("sig", []):
            if not isinstance(desc, str):
                break
            literals.append(desc)
        if literals and all(i < len(words) and words[i] == w for i, w in enumerate(literals)):
            kept[tag] = cmd
    return kept


def run(cluster, fmt, words, timeout=0):
    """(exit status, stdout bytes, stderr text) of `ceph WORDS [-f FMT]`, as `ceph` gives them; Unhandled
    when no signature takes the words."""
    ret, out, status = ceph_argparse.json_command(cluster, prefix="get_command_descriptions", timeout=timeout)
    if ret < 0:
        return abs(ret), b"", cephclient.error_line(ret, f"problem getting command descriptions from mon.: {status}") + "\n"
    sigdict = ceph_argparse.parse_json_funcsigs(json.dumps(candidate_signatures(json.loads(out), words)), "cli")
    with redirect_stderr(io.StringIO()):  # `ceph` itself says why it takes no signature
        command = ceph_argparse.validate_command(sigdict, words)
    if not command:
        raise Unhandled(" ".join(words))
    if fmt:
        command["format"] = fmt
    ret, out, status = ceph_argparse.json_command(cluster, argdict=command, timeout=timeout)
    # As `ceph`: a blank line before JSON, which its consumers skip.
    out = (b"\n" if fmt and fmt.startswith("json") else b"") + (out or b"")
    if ret < 0:
        return abs(ret), out, cephclient.error_line(ret, status) + "\n"
    return 0, out, status + "\n" if status else ""
