# SPDX-License-Identifier: LGPL-2.1-or-later
"""Hand-written SVG bar chart of bench-compare's medians (no plotting library on the test machines).

One panel per workload (encode, decode-1, decode-m); in each, one group of bars per (k+m, size), one bar
per plugin, height = median GB/s. A shared y scale across panels keeps them comparable.
"""
import math
from typing import Dict, List, Sequence, Tuple
from xml.sax.saxutils import escape

PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
           "#bcbd22", "#17becf"]

BAR_W, BAR_GAP, GROUP_GAP = 10, 1, 18
PANEL_H, TOP, LEFT, BOTTOM = 220, 30, 60, 48


def nice_ceiling(v: float) -> float:
    """Smallest 1/2/5×10^n at or above v, so the axis ends on a round number."""
    if v <= 0 or math.isnan(v):
        return 1.0
    exp = 10 ** math.floor(math.log10(v))
    for f in (1, 2, 5, 10):
        if f * exp >= v:
            return f * exp
    return 10 * exp


def plot(path: str, configs: Sequence, plugins: Sequence, medians: Dict[Tuple, float], title: str) -> None:
    labels = [p.label for p in plugins]
    # Decode-m differs per geometry (m erasures); group it as one panel called decode-m.
    panels: Dict[str, List] = {}
    for c in configs:
        name = "decode-m" if c.workload == "decode" and c.erasures != 1 else c.workload_label
        panels.setdefault(name, []).append(c)

    values = [v for v in medians.values() if v is not None and not math.isnan(v)]
    ymax = nice_ceiling(max(values) if values else 1.0)
    group_w = len(labels) * (BAR_W + BAR_GAP) + GROUP_GAP
    widest = max(len(cs) for cs in panels.values()) if panels else 1
    legend_w = sum(24 + 7 * len(label) for label in labels)
    # Wide enough for the bars, the title and the legend, whichever is widest.
    width = max(LEFT + widest * group_w + 20, LEFT + 10 * len(title), LEFT + legend_w + 20)
    legend_h = 24
    height = TOP + legend_h + len(panels) * (PANEL_H + BOTTOM + 20)

    out: List[str] = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
                      'font-family="sans-serif" font-size="11">' % (width, height),
                      '<rect width="100%" height="100%" fill="white"/>',
                      '<text x="%d" y="18" font-size="14" font-weight="bold">%s</text>' % (LEFT, escape(title))]
    # Legend: one swatch per plugin.
    x = LEFT
    for i, label in enumerate(labels):
        out.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>' % (x, TOP, PALETTE[i % len(PALETTE)]))
        out.append('<text x="%d" y="%d">%s</text>' % (x + 14, TOP + 9, escape(label)))
        x += 24 + 7 * len(label)

    y0 = TOP + legend_h
    for name, cs in panels.items():
        base = y0 + PANEL_H  # y of the zero line
        out.append('<text x="%d" y="%d" font-weight="bold">%s (GB/s)</text>' % (LEFT, y0 + 10, escape(name)))
        for t in range(6):  # gridlines at 0, 20, ... 100 % of ymax
            v = ymax * t / 5
            y = base - (PANEL_H - 20) * t / 5
            out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>' % (LEFT, width - 10, y, y))
            out.append('<text x="%d" y="%.1f" text-anchor="end">%g</text>' % (LEFT - 4, y + 4, v))
        for g, c in enumerate(cs):
            gx = LEFT + 6 + g * group_w
            for i, label in enumerate(labels):
                v = medians.get((label, c), float("nan"))
                bx = gx + i * (BAR_W + BAR_GAP)
                if v is None or math.isnan(v):
                    out.append('<text x="%d" y="%d" font-size="8" fill="#999">×</text>' % (bx + 2, base - 2))
                    continue
                h = (PANEL_H - 20) * v / ymax
                out.append('<rect x="%d" y="%.1f" width="%d" height="%.1f" fill="%s"><title>%s %s: %.2f GB/s'
                           '</title></rect>' % (bx, base - h, BAR_W, h, PALETTE[i % len(PALETTE)],
                                               escape(label), escape(group_name(c)), v))
            cx = gx + len(labels) * (BAR_W + BAR_GAP) / 2
            out.append('<text x="%.1f" y="%d" text-anchor="middle">%d+%d</text>' % (cx, base + 14, c.k, c.m))
            out.append('<text x="%.1f" y="%d" text-anchor="middle" fill="#555">%s</text>'
                       % (cx, base + 27, escape(short_size(c))))
        out.append('<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="black"/>' % (LEFT, width - 10, base, base))
        y0 += PANEL_H + BOTTOM + 20
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def short_size(c) -> str:
    if c.size % (1 << 20) == 0:
        return "%dM" % (c.size >> 20)
    return "%dK" % (c.size >> 10) if c.size % 1024 == 0 else "%dB" % c.size


def group_name(c) -> str:
    return "%d+%d %s %s" % (c.k, c.m, short_size(c), c.workload_label)
