# SPDX-License-Identifier: LGPL-2.1-or-later
"""The benchmarks' result tables: bench-compare's medians (a TSV with everything, Markdown tables for
people) and rados-bench-compare's (Markdown), all written by table()."""
import math
import statistics
from typing import Dict, List, Sequence, Tuple


def table(head: Sequence[str], rows: Sequence[Sequence[str]], text_columns: int) -> str:
    """A Markdown table: the first text_columns columns left-aligned, the numbers after them right-aligned."""
    lines = ["| " + " | ".join(head) + " |",
             "|" + "|".join(["---"] * text_columns + ["---:"] * (len(head) - text_columns)) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def fmt(v: float, digits: int = 2) -> str:
    return "n/a" if v is None or math.isnan(v) else "%.*f" % (digits, v)


def write_tsv(path: str, configs, plugins, medians: Dict[Tuple, float], spreads: Dict[Tuple, Tuple],
              iterations: Dict[Tuple, int], passes: Dict[Tuple, int]) -> None:
    with open(path, "w") as out:
        out.write("plugin\tk\tm\tsize\tsize_label\tworkload\terasures\titerations\tpasses\t"
                  "median_GBps\tmin_GBps\tmax_GBps\n")
        for c in configs:
            for p in plugins:
                key = (p.label, c)
                lo, hi = spreads.get(key, (float("nan"), float("nan")))
                out.write("%s\t%d\t%d\t%d\t%s\t%s\t%d\t%d\t%d\t%s\t%s\t%s\n" % (
                    p.label, c.k, c.m, c.size, c.size_label, c.workload, c.erasures,
                    iterations.get(key, 0), passes.get(key, 0), fmt(medians.get(key, float("nan")), 4),
                    fmt(lo, 4), fmt(hi, 4)))


def size_cell(c) -> str:
    """The object size; a stripe as its chunks (k×4K) too. The delta workloads code one chunk of it."""
    if c.size_label == "stripe":
        return "%d (k×4K)" % c.size
    if c.size_label.startswith("stripe"):
        return "%d (k×%s)" % (c.size, c.size_label[len("stripe"):])
    return c.size_label


def ratio(a: float, b: float) -> float:
    if a is None or b is None or math.isnan(a) or math.isnan(b) or b == 0:
        return float("nan")
    return a / b


def times(r: float) -> str:
    return "n/a" if math.isnan(r) else "%.2f×" % r


def markdown(configs, plugins: Sequence, medians: Dict[Tuple, float], reference: str = "power8") -> str:
    """GB/s per plugin, then reference/isa, reference/jerasure and reference/bare (power8's engine on the
    buffers of encode_chunks and apply_delta) and power8-isa/isa when those columns exist."""
    labels = [p.label for p in plugins]
    ratio_cols = [(reference, other) for other in ("isa", "jerasure", "bare")
                  if other in labels and reference in labels]
    if "power8-isa" in labels and "isa" in labels:  # the same code as the isa column
        ratio_cols.append(("power8-isa", "isa"))
    head = ["k+m", "size", "workload"] + ["%s GB/s" % l for l in labels] + \
           ["%s/%s" % pair for pair in ratio_cols]
    rows: List[List[str]] = []
    for c in configs:
        row = ["%d+%d" % (c.k, c.m), size_cell(c), c.workload_label]
        row += [fmt(medians.get((l, c), float("nan"))) for l in labels]
        row += [times(ratio(medians.get((ours, c)), medians.get((other, c)))) for ours, other in ratio_cols]
        rows.append(row)
    return table(head, rows, 3)


def code_pairs(labels: Sequence[str]) -> List[Tuple[str, str]]:
    """(isa's code, jerasure's code) column pairs of the same power8 build: power8-isa beside power8,
    power8-isa:<variant> beside power8:<variant>."""
    pairs = []
    for label in labels:
        if label.startswith("power8-isa"):
            twin = "power8" + label[len("power8-isa"):]
            if twin in labels:
                pairs.append((label, twin))
    return pairs


def code_markdown(configs, plugins: Sequence, medians: Dict[Tuple, float]) -> str:
    """isa's code over jerasure's code, computed by the same power8 variant on the same data ("" when the
    run timed no such pair): the two codes differ only in their matrices, so any gap is the kernels'."""
    pairs = code_pairs([p.label for p in plugins])
    if not pairs:
        return ""
    head = ["k+m", "size", "workload"] + ["%s/%s" % pair for pair in pairs]
    rows = [["%d+%d" % (c.k, c.m), size_cell(c), c.workload_label] +
            [times(ratio(medians.get((isa_code, c)), medians.get((jerasure_code, c))))
             for isa_code, jerasure_code in pairs]
            for c in configs]
    return table(head, rows, 3)


def rados_markdown(results: Dict[Tuple[str, str], List[Dict[str, float]]], plugins: Sequence[str],
                   workloads: Sequence[str], reference: str = "jerasure") -> str:
    """rados-bench-compare's table: per plugin and workload, the medians over passes of MiB/s and of the
    OSDs' CPU seconds per GiB, their ranges, and both medians over the reference plugin's."""
    head = ["plugin", "workload", "MiB/s (median)", "MiB/s range", "OSD CPU s/GiB (median)", "CPU s/GiB range",
            "MiB/s vs %s" % reference, "CPU s/GiB vs %s" % reference]
    rows: List[List[str]] = []
    for wl in workloads:
        ref = results.get((reference, wl))
        for pl in plugins:
            runs = results.get((pl, wl))
            if not runs:
                continue
            bw = [r["mibps"] for r in runs]
            cpu = [r["cpu_s_per_gib"] for r in runs]
            mb, mc = statistics.median(bw), statistics.median(cpu)
            if ref:
                ratios = [times(ratio(mb, statistics.median([r["mibps"] for r in ref]))),
                          times(ratio(mc, statistics.median([r["cpu_s_per_gib"] for r in ref])))]
            else:
                ratios = ["–", "–"]
            rows.append([pl, wl, "%.1f" % mb, "%.0f–%.0f" % (min(bw), max(bw)), "%.2f" % mc,
                         "%.2f–%.2f" % (min(cpu), max(cpu))] + ratios)
    return table(head, rows, 2)

