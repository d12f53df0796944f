# SPDX-License-Identifier: LGPL-2.1-or-later
"""Runs the benchmark (ceph-ec-power8-benchmark, or Ceph's ceph_erasure_code_benchmark) once and turns its "<seconds>\t<KB>" line into GB/s.

Kept apart from the orchestration so the measurement rules (what a run is, how iterations are chosen)
live in one place.
"""
import subprocess
from dataclasses import dataclass, field
from typing import List, Optional

STOCK_DIR = "/usr/lib/x86_64-linux-gnu/ceph/erasure-code"
# Tentacle's shard calls (a tool built for Ceph 20.2's interface): encode_chunks on caller buffers, and
# the parity-delta pair, timed per data chunk.
DELTA_WORKLOADS = ("encode_delta", "apply_delta")
SHARD_WORKLOADS = ("encode_chunks",) + DELTA_WORKLOADS


@dataclass(frozen=True)
class Plugin:
    """One column of the comparison: a Ceph plugin name, where it lives, and extra profile keys."""
    label: str                      # what the tables call it (power8, power8:avx2, isa, jerasure)
    name: str                       # --plugin
    directory: str                  # --erasure-code-dir
    parameters: tuple = ()          # extra --parameter k=v
    workloads: tuple = ()           # the workloads it is timed on; () = all
    workload_as: tuple = ()         # (row's workload, the tool's --workload for it) pairs (bare: the yardsticks)

    def runs(self, config: "Config") -> bool:
        return not self.workloads or config.workload in self.workloads

    def workload(self, config: "Config") -> str:
        return dict(self.workload_as).get(config.workload, config.workload)


@dataclass(frozen=True)
class Config:
    """One row: code geometry, object size and workload."""
    k: int
    m: int
    size: int
    size_label: str                 # "1MiB" or "stripe" (k*4096, what the OSD passes per call)
    workload: str                   # encode | decode | encode_chunks | encode_delta | apply_delta
    erasures: int                   # 0 for encode

    @property
    def workload_label(self) -> str:
        if self.workload == "decode":
            return "decode-%d" % self.erasures
        return self.workload

    @property
    def bytes_per_call(self) -> int:
        # The delta workloads code one data chunk per call (the tool's --size is the object: k chunks).
        if self.workload in DELTA_WORKLOADS:
            return self.size // self.k
        return self.size


@dataclass
class RunResult:
    seconds: float
    iterations: int
    size: int                       # bytes coded per call
    error: Optional[str] = None
    argv: List[str] = field(default_factory=list)
    stderr: str = ""

    @property
    def corrupt(self) -> bool:
        """The tool found decoded bytes different from the originals: a codec bug, not a setup issue."""
        return bool(self.error) and ("recovered content are different" in self.stderr
                                     or "do not hold the input" in self.stderr
                                     or "decoded with length" in self.stderr
                                     or "differs from encode()'s chunk" in self.stderr
                                     or "the delta is not old ^ new" in self.stderr)

    @property
    def gbps(self) -> float:
        # GB/s of object data (the size given to encode, or rebuilt by decode; one chunk for the delta
        # workloads), 1 GB = 1e9 bytes.
        if self.error or self.seconds <= 0:
            return float("nan")
        return self.iterations * self.size / self.seconds / 1e9


def command(bench: str, plugin: Plugin, config: Config, iterations: int) -> List[str]:
    argv = [bench, "--plugin", plugin.name, "--workload", plugin.workload(config),
            "--iterations", str(iterations), "--size", str(config.size),
            "--parameter", "k=%d" % config.k, "--parameter", "m=%d" % config.m,
            "--erasure-code-dir", plugin.directory]
    if config.workload == "decode":
        # Random patterns from a fixed seed inside the tool: every plugin decodes the same sequence.
        argv += ["--erasures", str(config.erasures), "--erasures-generation", "random"]
    for p in plugin.parameters:
        argv += ["--parameter", p]
    return argv


def run_once(bench: str, plugin: Plugin, config: Config, iterations: int, timeout: float = 120) -> RunResult:
    argv = command(bench, plugin, config, iterations)
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return RunResult(0, iterations, config.bytes_per_call, "timeout after %gs" % timeout, argv)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        detail = (proc.stderr.strip() or proc.stdout.strip()).splitlines()
        return RunResult(0, iterations, config.bytes_per_call,
                         "exit %d: %s" % (proc.returncode, detail[-1] if detail else "no output"), argv,
                         proc.stderr)
    # power8 codes a forced variant this CPU cannot run with another one (same chunks) and says so on
    # stderr; timing that under the forced variant's name would be a lie.
    if "cannot be used on this host" in proc.stderr:
        return RunResult(0, iterations, config.bytes_per_call, "variant not usable on this host", argv, proc.stderr)
    try:
        seconds = float(lines[-1].split("\t")[0])
    except ValueError:
        return RunResult(0, iterations, config.bytes_per_call, "unexpected output: %r" % lines[-1], argv)
    return RunResult(seconds, iterations, config.bytes_per_call, None, argv, proc.stderr)


def calibrate(bench: str, plugin: Plugin, config: Config, target: float) -> RunResult:
    """Finds the iteration count for a run of about `target` seconds.

    Starts at roughly 16 MiB of data and grows tenfold until a run is long enough (>= target/10) for
    its time to be meaningful, then scales linearly. The returned result carries the chosen count
    (its seconds are those of the last probe, not a measurement).
    """
    iterations = max(1, (16 << 20) // config.bytes_per_call)
    while True:
        result = run_once(bench, plugin, config, iterations)
        if result.error:
            return result
        if result.seconds >= target / 10 or iterations >= 10 ** 8:
            break
        iterations *= 10
    chosen = max(1, int(iterations * target / max(result.seconds, 1e-6)))
    return RunResult(result.seconds, chosen, config.bytes_per_call, None, result.argv, result.stderr)
