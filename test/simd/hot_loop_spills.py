#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# hot_loop_spills.py OBJDUMP OBJECT MAX: fails when the hot loops of a POWER variant's kernel object touch
# the stack more than MAX times. A hot loop is a loop of a dot_rows or mad_rows closed by bdnz with a
# vpermxor in it (the loops over the registers of a block); a stack access is a load or store based on
# r1 (reg+disp or reg+reg). The build's own compiler and objdump, no qemu: the check that the options
# and code shapes tuned to keep those loops off the stack (-fno-schedule-insns -frename-registers in
# src/simd/ppc64le/CMakeLists.txt, power9_traits.h's load_table) still do it with the compiler that
# built them. Counted per loop as written, not per execution.
import re
import subprocess
import sys

objdump, obj, limit = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = subprocess.run([objdump, '-d', '--no-show-raw-insn', '-C', obj], check=True, capture_output=True,
                      text=True).stdout
fn_re = re.compile(r'^[0-9a-f]+ <(.*)>:$')
ins_re = re.compile(r'^ +([0-9a-f]+):\t(\S+)\s*(\S*)')
stack_re = re.compile(r'\(r1\)$|,r1(,|$)')
loops = []  # (function, instructions, stack accesses)
fn = None
body = []
for line in text.splitlines():
    m = fn_re.match(line)
    if m:
        k = re.search(r'::((dot_rows|mad_rows)<[^>]*>)', m.group(1))
        fn = k.group(1) if k else None
        body = []
        continue
    m = fn and ins_re.match(line)
    if not m:
        continue
    addr, mn, ops = int(m.group(1), 16), m.group(2), m.group(3)
    body.append((addr, mn, mn.startswith(('l', 'st')) and bool(stack_re.search(ops))))
    if mn == 'bdnz':
        loop = [i for i in body if int(ops, 16) <= i[0] <= addr]
        if any(i[1] == 'vpermxor' for i in loop):
            loops.append((fn, len(loop), sum(i[2] for i in loop)))
if not loops:
    sys.exit(f'{obj}: no bdnz loop with vpermxor in any dot_rows or mad_rows: nothing checked')
spills = sum(s for _, _, s in loops)
for f, n, s in loops:
    if s:
        print(f'{f}: a loop of {n} instructions with {s} stack accesses')
print(f'{len(loops)} hot loops, {sum(n for _, n, _ in loops)} instructions, {spills} stack accesses (at most {limit})')
if spills > limit:
    sys.exit(f'{obj}: the hot loops spill ({spills} stack accesses, more than {limit}): the compiler no longer '
             'keeps them off the stack with the options and code tuned for it')
