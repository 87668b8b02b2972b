#!/usr/bin/env python3
"""Where a duet's noise lives inside its windows: each round's window cut into blocks, the two sides' blocks paired.

    bench/duet-blocks.py RUN-FOLDER [BLOCK-SECONDS]

RUN-FOLDER is a `graphperf run ... --pairing duet` results folder (its run.json); BLOCK-SECONDS the block length (default 10).
Per scenario and round: the ratio variant ÷ baseline over the whole window, the spread (one standard deviation) of the blocks'
log ratios, their lag-1 correlation (near 0: blocks as good as independent; near 1: a pair's offset that only more pairs
average out), each side's engine CPU, and the blocks' ratios and rates. Then the spread of the rounds' ratios: against the
blocks' spread it says whether longer windows (within a pair) or more rounds (pairs) narrow a figure. The rates are whole
operations completed per second (run.json's timeline), so use blocks long enough to hold many operations.
"""
import json
import math
import statistics
import sys
from collections import defaultdict


def main():
    run = json.load(open(sys.argv[1].rstrip("/") + "/run.json"))
    block = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    cells = defaultdict(dict)
    for c in run["cells"]:
        m = c["measurement"]
        window = [t for t in m.get("timeline") or [] if t["phase"] == "WINDOW"]
        cells[(c["scenario"], c["transport"])].setdefault(c["repeat"], {})[c["variant"]] = (window, (m.get("resources") or {}).get("serverCores"),
                                                                                            m.get("entitiesPerSecond") or m["opsPerSecond"])
    for (scenario, transport), rounds in cells.items():
        means = []
        for repeat, sides in sorted(rounds.items()):
            other = [v for v in sides if v != "baseline"]
            if "baseline" not in sides or not other:
                continue
            (a, cores_a, rate_a), (b, cores_b, rate_b) = sides["baseline"], sides[other[0]]
            n = min(len(a), len(b))
            rates_a = [sum(t["ops"] for t in a[i:i + block]) / block for i in range(0, n - block + 1, block)]
            rates_b = [sum(t["ops"] for t in b[i:i + block]) / block for i in range(0, n - block + 1, block)]
            logs = [math.log(y / x) for x, y in zip(rates_a, rates_b) if x > 0 and y > 0]
            spread = 100 * statistics.stdev(logs) if len(logs) > 1 else float("nan")
            lag1 = statistics.correlation(logs[:-1], logs[1:]) if len(logs) > 3 else float("nan")
            means.append(math.log(rate_b / rate_a))
            print(f"{scenario}/{transport} round {repeat}: {other[0]} ÷ baseline {rate_b / rate_a:.3f} over the window; {len(logs)} blocks of "
                  f"{block} s: spread ±{spread:.1f} %, lag-1 r {lag1:+.2f}; engine cores {cores_a or float('nan'):.2f} / {cores_b or float('nan'):.2f}")
            print("   blocks' ratios (%):", " ".join(f"{100 * (math.exp(x) - 1):+.0f}" for x in logs))
            print("   baseline a second: ", [round(x, 1) for x in rates_a])
            print(f"   {other[0]} a second:", [round(x, 1) for x in rates_b])
        if len(means) > 1:
            print(f"{scenario}/{transport}: the rounds' ratios spread ±{100 * statistics.stdev(means):.1f} % over {len(means)} rounds")


if __name__ == "__main__":
    main()
