#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Seeded random writes to the objects of one pool through librados, mirrored on local copies.

Used by qa/standalone/fastec-test. Every object NAME of the pool has a local copy MODEL/NAME; an operation
is applied to the pool first and, once librados reports it done, to the copy, so the copies always hold
what the pool must return. An operation that fails leaves the object in an unknown state: the run stops
with an error naming it.

  fastec-rados.py CONF POOL MODEL create SEED
      write_full the objects of assorted sizes (0 B .. 2 MiB + a tail, around the stripe geometry)
  fastec-rados.py CONF POOL MODEL ops SEED COUNT KINDS [PROGRESS]
      COUNT random operations of the comma-separated KINDS (below) on existing objects; one line per
      operation in PROGRESS (the caller watches it to kill an OSD mid-way)
  fastec-rados.py CONF POOL MODEL verify
      read every object back (stat + read) and compare it byte for byte with its copy

Geometry (environment): FASTEC_STRIPE_UNIT (chunk size, bytes) and FASTEC_K (data chunks).
Kinds:
  page      4 KiB-aligned write of whole pages inside one chunk (the pure parity-delta candidate)
  small     1..300 bytes at an unaligned offset inside one chunk
  span      across a chunk boundary (unaligned both ends)
  stripe    1.5 .. 2.5 stripes at an unaligned offset (may extend the object)
  append    append 1 byte .. 2 stripes
  full      write_full with a new size
"""
import os
import random
import sys

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


def ops(ioctx, model, rng, su, k, count, kinds, progress):
    unknown = set(kinds) - {"page", "small", "span", "stripe", "append", "full"}
    if unknown:
        die(f"unknown kind(s) {','.join(sorted(unknown))} (accepted: page small span stripe append full)")
    names = model.names()
    if not names:
        die("no objects to write to: run 'create' first")
    out = open(progress, "a", buffering=1) if progress else None
    done = {}
    for i in range(count):
        line = one_op(ioctx, model, rng, su, k, kinds, names)
        kind = line.split()[0]
        done[kind] = done.get(kind, 0) + 1
        if out:
            out.write(f"{i + 1} {line}\n")
    if out:
        out.close()
    print(f"{count} operations done: " + ", ".join(f"{n} {kind}" for kind, n in sorted(done.items())))


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
        die("usage: fastec-rados.py CONF POOL MODEL create SEED | ops SEED COUNT KINDS [PROGRESS] | verify")
    conf, pool, model_dir, cmd = argv[1:5]
    su, k = geometry()
    model = Model(model_dir)
    cluster = rados.Rados(conffile=conf)
    cluster.connect(timeout=60)
    try:
        ioctx = cluster.open_ioctx(pool)
        if cmd == "create" and len(argv) == 6:
            create(ioctx, model, random.Random(int(argv[5])), su, k)
        elif cmd == "ops" and len(argv) in (8, 9):
            kinds = argv[7].split(",")
            ops(ioctx, model, random.Random(int(argv[5])), su, k, int(argv[6]), kinds,
                argv[8] if len(argv) == 9 else None)
        elif cmd == "verify" and len(argv) == 5:
            verify(ioctx, model)
        else:
            die(f"bad command line: {' '.join(argv[4:])}")
        ioctx.close()
    finally:
        cluster.shutdown()


if __name__ == "__main__":
    main(sys.argv)
