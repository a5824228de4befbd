#!/usr/bin/env python3
"""Times Taffy (through PyPI's `stretchable`) on the shape of LayoutBench's `grid-N` preset, and prints
ns per item next to `layoutbench bench --preset grid-N --scenarios full,full-materialize`: `full` solves
(LayoutBench keeps one template per section kind and never computes frames it is not asked for), and
`full-materialize` also writes every cell's frame, the closer match to Taffy, which lays out every node.

The shape, as nested flex boxes: a column 390 pt wide holding one column per section (100 items: padding
0/8/16/8, a 44 pt header, then 25 rows); each row is 93.5 pt high (a quarter of 374 pt) and holds 4 cells
of 25 % width with a 2 pt margin, as the preset's square cells with 2 pt content insets. A section holds
1 + 1 + 25 + 100 nodes.

Only Taffy's compute call is timed: `taffylib.node_compute_layout` on the root, the Rust function that
stretchable's `Node.compute_layout` wraps. The wrapper then copies every node's box into Python
(`_update_layout`, about 80 µs per item, far more than Taffy itself), which is not the engine's work, so it
is skipped; the result is checked untimed (the last section's y must be (sections - 1) x 2397.5).
Rounding is off, as in LayoutBench. Every run builds a fresh tree first (untimed), so each timed call is a
solve from scratch, like LayoutBench's `full` scenario (Taffy caches results: a second call on the same tree
would measure its cache). Several runs; the median is reported.

Usage: taffy_grid.py --items 100000 [--runs 5] [--ours RESULT.json] [--json OUT.json]
"""
import argparse
import json
import statistics
import sys
import time

from stretchable import Node, Style
from stretchable.node import taffy, taffylib
from stretchable.style import PCT, PT, FlexDirection
from stretchable.style.geometry.size import SizeAvailableSpace

WIDTH = 390.0
PER_SECTION = 100
COLUMNS = 4


def build(items: int) -> Node:
    """The whole tree for `items` cells (one Style object per kind of node, shared)."""
    inner = WIDTH - 16  # the section's leading and trailing insets
    row_height = inner / COLUMNS
    root = Node(style=Style(flex_direction=FlexDirection.COLUMN, size=(WIDTH * PT, None)))
    section_style = Style(flex_direction=FlexDirection.COLUMN, flex_shrink=0, padding=(0 * PT, 8 * PT, 16 * PT, 8 * PT))
    header_style = Style(size=(100 * PCT, 44 * PT), flex_shrink=0)
    row_style = Style(flex_direction=FlexDirection.ROW, flex_shrink=0, size=(100 * PCT, row_height * PT))
    cell_style = Style(size=(25 * PCT, 100 * PCT), margin=2 * PT, flex_shrink=0)
    remaining = items
    while remaining > 0:
        count = min(PER_SECTION, remaining)
        remaining -= count
        section = Node(style=section_style)
        section.append(Node(style=header_style))
        for start in range(0, count, COLUMNS):
            row = Node(style=row_style)
            for _ in range(min(COLUMNS, count - start)):
                row.append(Node(style=cell_style))
            section.append(row)
        root.append(section)
    return root


def layout_y(node: Node) -> float:
    """A node's y as Taffy computed it, read without copying every box into Python."""
    taffylib.node_get_layout(taffy._ptr, node._node_id, node._taffy_layout)
    return node._taffy_layout.y


def items_not_full(items: int) -> bool:
    """Whether some section holds fewer than 100 items (then the check's arithmetic does not apply)."""
    return items % PER_SECTION != 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ours", help="a `layoutbench bench --json` result to print beside Taffy")
    parser.add_argument("--json", help="write Taffy's figures here")
    args = parser.parse_args()

    samples = []
    build_seconds = []
    drift = 0.0
    for _ in range(args.runs):
        t0 = time.perf_counter()
        root = build(args.items)
        build_seconds.append(time.perf_counter() - t0)
        space = SizeAvailableSpace(WIDTH, 844.0).to_dict()
        taffy.use_rounding = False
        t0 = time.perf_counter_ns()
        ok = taffylib.node_compute_layout(taffy._ptr, root._node_id, space)
        samples.append(time.perf_counter_ns() - t0)
        assert ok, "Taffy's compute call failed"
        # Untimed: check the layout is the grid's (the last section's y).
        sections = len(root)
        expected = (sections - 1) * (44 + 25 * (WIDTH - 16) / COLUMNS + 16)
        y = layout_y(root[sections - 1])
        if not items_not_full(args.items):
            # Taffy computes in 32-bit floats: at a million items the content is 24 million points long and
            # its last section drifts by thousands of points (f32 has 24 bits of mantissa), so a relative
            # tolerance; the drift is reported.
            assert abs(y - expected) <= 1e-3 * max(1.0, expected), f"last section at y {y}, expected {expected}"
            drift = max(drift, abs(y - expected))
        del root

    median = statistics.median(samples)
    peer = {"engine": "taffy (stretchable)", "items": args.items, "runs": args.runs,
             "samplesNs": samples, "medianNs": median, "nsPerItem": median / args.items,
             "buildSecondsMedian": statistics.median(build_seconds), "lastSectionDriftPoints": drift}
    if args.json:
        with open(args.json, "w") as f:
            json.dump(peer, f, indent=2)

    rows = [("taffy (stretchable) compute_layout", args.items, median, min(samples))]
    if args.ours:
        with open(args.ours) as f:
            ours = json.load(f)
        for r in ours["results"]:
            if r["scenario"] in ("full", "full-materialize"):
                rows.append((f"layoutbench {r['spec']} {r['scenario']}, {r['threads']} thr", r["items"],
                             r["summaryNs"]["median"], r["summaryNs"]["min"]))
    if drift > 1e-3:
        print(f"note: Taffy's last section is {drift:.1f} pt from its exact place (32-bit floats)")
    print(f"{'engine':52} {'items':>9} {'median':>12} {'min':>12} {'ns/item':>9}")
    for name, items, med, low in rows:
        print(f"{name:52} {items:>9} {med / 1e6:>9.3f} ms {low / 1e6:>9.3f} ms {med / items:>9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
