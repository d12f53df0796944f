# SPDX-License-Identifier: LGPL-2.1-or-later
"""Runs ceph_erasure_code_benchmark once and turns its "<seconds>\t<KB>" line into GB/s.

Kept apart from the orchestration so the measurement rules (what a run is, how iterations are chosen)
live in one place.
"""
import subprocess
from dataclasses import dataclass, field
from typing import List, Optional

STOCK_DIR = "/usr/lib/x86_64-linux-gnu/ceph/erasure-code"


@dataclass(frozen=True)
class Plugin:
    """One column of the comparison: a Ceph plugin name, where it lives, and extra profile keys."""
    label: str                      # what the tables call it (power8, power8:avx2, isa, jerasure)
    name: str                       # --plugin
    directory: str                  # --erasure-code-dir
    parameters: tuple = ()          # extra --parameter k=v
    workloads: tuple = ()           # the workloads it is timed on; () = all

    def runs(self, config: "Config") -> bool:
        return not self.workloads or config.workload in self.workloads


@dataclass(frozen=True)
class Config:
    """One row: code geometry, object size and workload."""
    k: int
    m: int
    size: int
    size_label: str                 # "1MiB" or "stripe" (k*4096, what the OSD passes per call)
    workload: str                   # encode | decode
    erasures: int                   # 0 for encode

    @property
    def workload_label(self) -> str:
        if self.workload == "encode":
            return "encode"
        return "decode-%d" % self.erasures


@dataclass
class RunResult:
    seconds: float
    iterations: int
    size: int
    error: Optional[str] = None
    argv: List[str] = field(default_factory=list)
    stderr: str = ""

    @property
    def corrupt(self) -> bool:
        """The tool found decoded bytes different from the originals: a codec bug, not a setup issue."""
        return bool(self.error) and ("recovered content are different" in self.stderr
                                     or "do not hold the input" in self.stderr
                                     or "decoded with length" in self.stderr)

    @property
    def gbps(self) -> float:
        # GB/s of object data (the size given to encode, or rebuilt by decode), 1 GB = 1e9 bytes.
        if self.error or self.seconds <= 0:
            return float("nan")
        return self.iterations * self.size / self.seconds / 1e9


def command(bench: str, plugin: Plugin, config: Config, iterations: int) -> List[str]:
    argv = [bench, "--plugin", plugin.name, "--workload", config.workload,
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
        return RunResult(0, iterations, config.size, "timeout after %gs" % timeout, argv)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        detail = (proc.stderr.strip() or proc.stdout.strip()).splitlines()
        return RunResult(0, iterations, config.size,
                         "exit %d: %s" % (proc.returncode, detail[-1] if detail else "no output"), argv,
                         proc.stderr)
    # power8 codes a forced variant this CPU cannot run with another one (same chunks) and says so on
    # stderr; timing that under the forced variant's name would be a lie.
    if "cannot be used on this host" in proc.stderr:
        return RunResult(0, iterations, config.size, "variant not usable on this host", argv, proc.stderr)
    try:
        seconds = float(lines[-1].split("\t")[0])
    except ValueError:
        return RunResult(0, iterations, config.size, "unexpected output: %r" % lines[-1], argv)
    return RunResult(seconds, iterations, config.size, None, argv, proc.stderr)


def calibrate(bench: str, plugin: Plugin, config: Config, target: float) -> RunResult:
    """Finds the iteration count for a run of about `target` seconds.

    Starts at roughly 16 MiB of data and grows tenfold until a run is long enough (>= target/10) for
    its time to be meaningful, then scales linearly. The returned result carries the chosen count
    (its seconds are those of the last probe, not a measurement).
    """
    iterations = max(1, (16 << 20) // config.size)
    while True:
        result = run_once(bench, plugin, config, iterations)
        if result.error:
            return result
        if result.seconds >= target / 10 or iterations >= 10 ** 8:
            break
        iterations *= 10
    chosen = max(1, int(iterations * target / max(result.seconds, 1e-6)))
    return RunResult(result.seconds, chosen, config.size, None, result.argv, result.stderr)
