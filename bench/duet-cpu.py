#!/usr/bin/env python3
"""A duet's paired ratios two ways: throughput, and throughput per core of the engine's process (what a CPU-bound cell costs).

    bench/duet-cpu.py RUN-FOLDER [VARIANT]

RUN-FOLDER is a `graphperf run ... --pairing duet` results folder (its run.json); VARIANT the side compared with the baseline
(default: the first that is not). For each scenario and transport, per round: log(variant ÷ baseline) of entities/s, and of
entities/s ÷ server cores (the engine host's CPU over the window, `resources.serverCores`). Prints the rounds, each ratio's
geometric mean and its 95 % interval (Student's t over the rounds), and the correlation of the two sides' server cores — when the
two sides split the machine's CPU differently from round to round, throughput ratios carry that split and per-core ratios do not.
No Holm correction here: this is a look at where the noise lives, not a verdict (graphperf's comparison gives those).
"""
import json
import math
import statistics
import sys
from collections import defaultdict

T975 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23, 11: 2.20, 12: 2.18, 13: 2.16,
        14: 2.14, 15: 2.13, 16: 2.12, 17: 2.11, 18: 2.10, 19: 2.09, 20: 2.09, 25: 2.06, 30: 2.04}


def t975(df):
    return T975.get(df) or T975[min(T975, key=lambda k: abs(k - df))]


def interval(logs):
    n = len(logs)
    mean = statistics.fmean(logs)
    if n < 2:
        return math.exp(mean), float("nan"), float("nan")
    half = t975(n - 1) * statistics.stdev(logs) / math.sqrt(n)
    return math.exp(mean), 100 * (math.exp(mean - half) - 1), 100 * (math.exp(mean + half) - 1)


def main():
    run = json.load(open(sys.argv[1].rstrip("/") + "/run.json"))
    cells = [c for c in run["cells"] if (c.get("measurement") or {}).get("resources")]
    variants = sorted({c["variant"] for c in cells})
    other = sys.argv[2] if len(sys.argv) > 2 else next(v for v in variants if v != "baseline")
    sides = defaultdict(dict)
    for c in cells:
        m = c["measurement"]
        rate = m.get("entitiesPerSecond") or m["opsPerSecond"]
        cores = m["resources"].get("serverCores")
        sides[(c["scenario"], c["transport"], c["repeat"])][c["variant"]] = (rate, cores)
    by_cell = defaultdict(list)
    for (scenario, transport, repeat), s in sorted(sides.items()):
        if "baseline" in s and other in s and all(x[1] for x in s.values()):
            by_cell[(scenario, transport)].append((s["baseline"], s[other]))
    print(f"{sys.argv[1]}: {other} ÷ baseline")
    for (scenario, transport), rounds in by_cell.items():
        thr = [math.log(v[0] / b[0]) for b, v in rounds]
        per_core = [math.log((v[0] / v[1]) / (b[0] / b[1])) for b, v in rounds]
        r = statistics.correlation([b[1] for b, _ in rounds], [v[1] for _, v in rounds]) if len(rounds) > 2 else float("nan")
        cores = statistics.fmean([b[1] for b, _ in rounds] + [v[1] for _, v in rounds])
        for name, logs in (("entities/s", thr), ("entities/s a server core", per_core)):
            g, lo, hi = interval(logs)
            print(f"  {scenario}/{transport}, {len(rounds)} rounds, {name}: {g:.3f} (95 % CI {lo:+.1f} … {hi:+.1f} %)")
        print(f"  {scenario}/{transport}: server cores a side {cores:.2f} on average, r of the two sides' cores over rounds {r:+.2f}")


if __name__ == "__main__":
    main()
