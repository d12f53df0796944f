# SPDX-License-Identifier: LGPL-2.1-or-later
"""Tables of bench-compare's medians: a TSV with everything, a Markdown table for people."""
import math
from typing import Dict, List, Sequence, Tuple


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


def markdown(configs, plugins: Sequence, medians: Dict[Tuple, float], reference: str = "power8") -> str:
    """GB/s per plugin, then reference/isa, reference/jerasure, reference/gfni_baseline and reference/bare
    (power8's engine on the buffers of encode_chunks and apply_delta) when those columns exist."""
    labels = [p.label for p in plugins]
    ratio_cols = [other for other in ("isa", "jerasure", "gfni_baseline", "bare")
                  if other in labels and reference in labels]
    head = ["k+m", "size", "workload"] + ["%s GB/s" % l for l in labels] + \
           ["%s/%s" % (reference, o) for o in ratio_cols]
    lines: List[str] = ["| " + " | ".join(head) + " |",
                        "|" + "|".join(["---"] * 3 + ["---:"] * (len(head) - 3)) + "|"]
    for c in configs:
        row = ["%d+%d" % (c.k, c.m), size_cell(c), c.workload_label]
        row += [fmt(medians.get((l, c), float("nan"))) for l in labels]
        for o in ratio_cols:
            r = ratio(medians.get((reference, c)), medians.get((o, c)))
            row.append("n/a" if math.isnan(r) else "%.2f×" % r)
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"
