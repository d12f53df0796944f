#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Seeded random writes to the objects of one pool through librados, mirrored on local copies.

Used by qa/standalone/fastec-test and qa/standalone/thrash-test. Every object NAME of the pool has a local copy MODEL/NAME; an operation
is applied to the pool first and, once librados reports it done, to the copy, so the copies always hold
what the pool must return. An operation that fails leaves the object in an unknown state: the run stops
with an error naming it.

  fastec-rados.py CONF POOL MODEL create SEED
      write_full the objects of assorted sizes (0 B .. 2 MiB + a tail, around the stripe geometry)
  fastec-rados.py CONF POOL MODEL ops SEED COUNT KINDS [PROGRESS [HOLD_AT GATE]]
      COUNT random operations of the comma-separated KINDS (below) on existing objects; one line per
      operation in PROGRESS (the caller watches it to kill an OSD mid-way); with HOLD_AT, operation
      HOLD_AT + 1 waits until the file GATE exists (the caller's kill then always comes before the end,
      however slowly the caller looks)
  fastec-rados.py CONF POOL MODEL verify
      read every object back (stat + read) and compare it byte for byte with its copy
  fastec-rados.py CONF POOL MODEL thrash SEED OBJECTS STOPFILE [PAUSE]
      the model client of qa/standalone/thrash-test: random operations of every kind (below, and
      truncate, remove, read) over objects t-000 .. t-(OBJECTS-1) (a missing one is created) until
      STOPFILE exists, PAUSE seconds apart (default 0: one after the other); every read compared with the
      copy. A read that fails (EIO, timeout: OSDs die under it) is retried; one that returns other bytes
      than the copy is a mismatch, counted, and the run fails at the end. Prints its counts as one JSON
      line

Geometry (environment): FASTEC_STRIPE_UNIT (chunk size, bytes) and FASTEC_K (data chunks).
Kinds:
  page      4 KiB-aligned write of whole pages inside one chunk (the pure parity-delta candidate)
  small     1..300 bytes at an unaligned offset inside one chunk
  span      across a chunk boundary (unaligned both ends)
  stripe    1.5 .. 2.5 stripes at an unaligned offset (may extend the object)
  append    append 1 byte .. 2 stripes
  full      write_full with a new size
  truncate  (thrash) truncate to a random size, shorter or up to a stripe longer (zeros)
  remove    (thrash) remove the object (a later operation on it creates it again)
  read      (thrash) read a random range and compare it with the copy
"""
import json
import os
import random
import sys
import time

import rados

PAGE = 4096


def die(msg):
    print(f"fastec-rados: ERROR: {msg}", file=sys.stderr)
    sys.exit(1)


def geometry():
    try:
        su = int(os.environ["FASTEC_STRIPE_UNIT"])
        k = int(os.environ["FASTEC_K"])
    except (KeyError, ValueError):
        die("FASTEC_STRIPE_UNIT and FASTEC_K must be set to integers (chunk size in bytes, data chunks)")
    if su <= 0 or su % PAGE or k < 1:
        die(f"FASTEC_STRIPE_UNIT={su} must be a positive multiple of {PAGE}, FASTEC_K={k} at least 1")
    return su, k


class Model:
    """The local copies: MODEL/NAME holds what object NAME must contain."""

    def __init__(self, path):
        self.path = path
        os.makedirs(path, exist_ok=True)

    def names(self):
        return sorted(os.listdir(self.path))

    def get(self, name):
        with open(os.path.join(self.path, name), "rb") as f:
            return bytearray(f.read())

    def remove(self, name):
        os.unlink(os.path.join(self.path, name))

    def put(self, name, data):
        tmp = os.path.join(self.path, "." + name + ".tmp")
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, os.path.join(self.path, name))


def create(ioctx, model, rng, su, k):
    sw = su * k
    sizes = [0, 1, PAGE - 1, PAGE, su - 1, su + 1, sw, sw + PAGE + 3, 3 * sw + 777,
             1048576 + 13, 2 * 1048576 + sw - 5, 5 * sw]
    for i, size in enumerate(sizes):
        name = f"obj-{i:02d}-{size}"
        data = rng.randbytes(size)
        ioctx.write_full(name, bytes(data))
        model.put(name, data)
    print(f"created {len(sizes)} objects: {', '.join(str(s) for s in sizes)} bytes")


def apply_write(data, off, patch):
    end = off + len(patch)
    if end > len(data):
        data.extend(bytes(end - len(data)))  # a hole reads back as zeros
    data[off:end] = patch


def one_op(ioctx, model, rng, su, k, kinds, names):
    sw = su * k
    kind = rng.choice(kinds)
    name = rng.choice(names)
    data = model.get(name)
    size = len(data)
    if kind in ("page", "small", "span") and size < 2:
        kind = "append"  # nothing inside the object to overwrite yet
    if kind == "page":
        if size < PAGE:
            kind = "small"
        else:
            page = rng.randrange(size // PAGE)
            chunk_end = (page * PAGE // su + 1) * su
            pages = rng.randint(1, max(1, min((chunk_end - page * PAGE) // PAGE, (size - page * PAGE) // PAGE)))
            off, length = page * PAGE, pages * PAGE
    if kind == "small":
        off = rng.randrange(size)
        chunk_end = (off // su + 1) * su
        length = rng.randint(1, max(1, min(300, chunk_end - off, size - off)))
    elif kind == "span":
        boundary = rng.randrange(1, max(2, (size + su - 1) // su)) * su
        off = max(0, boundary - rng.randint(1, su // 2))
        length = boundary - off + rng.randint(1, su // 2)
    elif kind == "stripe":
        off = rng.randrange(max(1, size)) | 1
        length = rng.randint(sw + sw // 2, 2 * sw + sw // 2)
    elif kind == "append":
        off, length = size, rng.randint(1, 2 * sw)
    elif kind == "full":
        off, length = 0, rng.randint(1, 4 * sw + 999)
    elif kind != "page":
        die(f"unknown kind '{kind}' (accepted: page small span stripe append full)")
    patch = rng.randbytes(length)
    try:
        if kind == "append":
            ioctx.append(name, patch)
        elif kind == "full":
            ioctx.write_full(name, patch)
        else:
            ioctx.write(name, patch, off)
    except rados.Error as e:
        die(f"{kind} write of {length} bytes at {off} to {name} (size {size}) failed: {e}")
    if kind == "full":
        data = bytearray(patch)
    else:
        apply_write(data, off, patch)
    model.put(name, data)
    return f"{kind} {name} off={off} len={length} size {size}->{len(data)}"


def ops(ioctx, model, rng, su, k, count, kinds, progress, hold_at=None, gate=None):
    unknown = set(kinds) - {"page", "small", "span", "stripe", "append", "full"}
    if unknown:
        die(f"unknown kind(s) {','.join(sorted(unknown))} (accepted: page small span stripe append full)")
    names = model.names()
    if not names:
        die("no objects to write to: run 'create' first")
    out = open(progress, "a", buffering=1) if progress else None
    done = {}
    for i in range(count):
        while i == hold_at and not os.path.exists(gate):
            time.sleep(0.2)
        line = one_op(ioctx, model, rng, su, k, kinds, names)
        kind = line.split()[0]
        done[kind] = done.get(kind, 0) + 1
        if out:
            out.write(f"{i + 1} {line}\n")
    if out:
        out.close()
    print(f"{count} operations done: " + ", ".join(f"{n} {kind}" for kind, n in sorted(done.items())))


# Reads that fail while OSDs die, restart and peer are retried this often, this far apart.
READ_TRIES, READ_PAUSE = 20, 3


def read_retried(ioctx, name, length, off, counts):
    for attempt in range(READ_TRIES):
        try:
            return ioctx.read(name, length, off)
        except (rados.IOError, rados.TimedOut) as e:
            counts["read_retries"] += 1
            last = e
            time.sleep(READ_PAUSE)
    die(f"read {name} at {off} (+{length}) failed {READ_TRIES} times, the last: {last}")


def thrash_read(ioctx, model, rng, name, counts):
    """A random range, or to the end of the object and one byte past it (a pool's object longer than
    its copy then shows)."""
    want = model.get(name)
    off = rng.randrange(len(want) + 1)
    to_end = rng.random() < 0.5
    length = len(want) - off + 1 if to_end else rng.randint(1, max(1, len(want) - off))
    expected = want[off:off + length]
    got = read_retried(ioctx, name, length, off, counts)
    if got != expected:
        counts["mismatches"] += 1
        n = min(len(got), len(expected))
        first = next((i for i in range(n) if got[i] != expected[i]), n)
        print(f"fastec-rados: MISMATCH: {name} (size {len(want)} in the copy): read of {length} bytes at {off} "
              f"returned {len(got)} bytes, expected {len(expected)}; first difference at byte {off + first}",
              file=sys.stderr)
    counts["reads_compared"] += 1
    return f"read {name} off={off} len={length}"


def thrash_op(ioctx, model, rng, su, k, name, counts):
    if not os.path.exists(os.path.join(model.path, name)):
        data = rng.randbytes(rng.choice([0, 1, su - 3, su * k + 5, rng.randint(1, 3 * su * k)]))
        ioctx.write_full(name, bytes(data))
        model.put(name, bytearray(data))
        return f"create {name} size {len(data)}"
    kind = rng.choices(["write", "truncate", "remove", "read"], [60, 8, 4, 28])[0]
    if kind == "write":
        return one_op(ioctx, model, rng, su, k, ["page", "small", "span", "stripe", "append", "full"], [name])
    if kind == "read":
        return thrash_read(ioctx, model, rng, name, counts)
    data = model.get(name)
    if kind == "truncate":
        size = rng.randint(0, len(data) + su * k)
        ioctx.trunc(name, size)
        model.put(name, data[:size] + bytes(max(0, size - len(data))))
        return f"truncate {name} size {len(data)}->{size}"
    ioctx.remove_object(name)
    model.remove(name)
    return f"remove {name}"


def thrash(ioctx, model, rng, su, k, objects, stopfile, pause):
    counts = {"ops": {}, "reads_compared": 0, "mismatches": 0, "read_retries": 0}
    names = [f"t-{i:03d}" for i in range(objects)]
    while not os.path.exists(stopfile):
        time.sleep(pause)
        name = rng.choice(names)
        try:
            line = thrash_op(ioctx, model, rng, su, k, name, counts)
        except rados.Error as e:
            die(f"an operation on {name} failed: {e}")
        kind = line.split()[0]
        counts["ops"][kind] = counts["ops"].get(kind, 0) + 1
    print(json.dumps(counts, sort_keys=True))
    if counts["mismatches"]:
        sys.exit(1)


def verify(ioctx, model):
    total = 0
    for name in model.names():
        want = model.get(name)
        try:
            size, _ = ioctx.stat(name)
        except rados.Error as e:
            die(f"stat {name}: {e}")
        if size != len(want):
            die(f"{name}: size {size} in the pool, {len(want)} in the local copy")
        got = bytearray()
        while len(got) < size:
            try:
                part = ioctx.read(name, min(1 << 20, size - len(got)), len(got))
            except rados.Error as e:
                die(f"read {name} at {len(got)}: {e}")
            if not part:
                die(f"{name}: short read at {len(got)} of {size}")
            got += part
        if got != want:
            first = next(i for i in range(size) if got[i] != want[i])
            die(f"{name}: content differs from the local copy (first differing byte at {first} of {size})")
        total += size
    print(f"verified {len(model.names())} objects, {total} bytes, byte for byte")


def main(argv):
    if len(argv) < 5:
        die("usage: fastec-rados.py CONF POOL MODEL create SEED | ops SEED COUNT KINDS [PROGRESS [HOLD_AT GATE]] | verify | thrash SEED OBJECTS STOPFILE [PAUSE]")
    conf, pool, model_dir, cmd = argv[1:5]
    su, k = geometry()
    model = Model(model_dir)
    cluster = rados.Rados(conffile=conf)
    cluster.connect(timeout=60)
    try:
        ioctx = cluster.open_ioctx(pool)
        if cmd == "create" and len(argv) == 6:
            create(ioctx, model, random.Random(int(argv[5])), su, k)
        elif cmd == "ops" and len(argv) in (8, 9, 11):
            kinds = argv[7].split(",")
            ops(ioctx, model, random.Random(int(argv[5])), su, k, int(argv[6]), kinds,
                argv[8] if len(argv) >= 9 else None,
                int(argv[9]) if len(argv) == 11 else None, argv[10] if len(argv) == 11 else None)
        elif cmd == "thrash" and len(argv) in (8, 9):
            try:
                pause = float(argv[8]) if len(argv) == 9 else 0.0
            except ValueError:
                pause = -1.0
            if not 0 <= pause <= 10:
                die(f"thrash PAUSE {argv[8]}: seconds between operations, 0 to 10")
            thrash(ioctx, model, random.Random(int(argv[5])), su, k, int(argv[6]), argv[7], pause)
        elif cmd == "verify" and len(argv) == 5:
            verify(ioctx, model)
        else:
            die(f"bad command line: {' '.join(argv[4:])}")
        ioctx.close()
    finally:
        cluster.shutdown()


if __name__ == "__main__":
    main(sys.argv)
