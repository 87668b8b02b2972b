#!/usr/bin/env python3
"""How often a precision run's 95 % intervals hold the true value, when the run stops as soon as every interval is narrow enough.

    bench/precision-coverage.py [TARGET-PERCENT] [MAX-ROUNDS] [REPETITIONS]     (defaults: 5 15 20000)

graphperf's --precision rule (Chow and Robbins's fixed-width rule) looks only at the intervals' widths, never at a difference,
but stopping when the spread of the rounds so far happens to be small leaves an interval narrower than it should be. This
simulates rounds whose log ratios are normal with a true mean 0 and a spread (standard deviation) of 2–8 %, applies the rule
(Student's t on the rounds so far, stop at the first round from the minimum on where the half-width is within the target, or at
MAX-ROUNDS) and counts how often the final interval covers 0, for a minimum of 3 and of 5 rounds. Pure Python, seeded: the same
figures every run.
"""
import math
import random
import statistics
import sys

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228, 11: 2.201, 12: 2.179,
        13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093, 20: 2.086, 24: 2.064, 29: 2.045}


def t975(df):
    return T975.get(df) or T975[min(T975, key=lambda k: abs(k - df))]


def simulate(rng, spread, min_rounds, max_rounds, target, repetitions):
    limit = math.log(1 + target)
    covered = rounds = reached = 0
    for _ in range(repetitions):
        x = [rng.gauss(0, spread) for _ in range(max_rounds)]
        for n in range(min_rounds, max_rounds + 1):
            half = t975(n - 1) * statistics.stdev(x[:n]) / math.sqrt(n)
            if half <= limit or n == max_rounds:
                break
        covered += abs(statistics.fmean(x[:n])) <= half
        rounds += n
        reached += half <= limit
    return covered / repetitions, rounds / repetitions, reached / repetitions


def main():
    target = float(sys.argv[1]) / 100 if len(sys.argv) > 1 else 0.05
    max_rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    repetitions = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
    rng = random.Random(1)
    print(f"target ±{100 * target:.1f} %, at most {max_rounds} rounds, {repetitions} simulated runs each")
    for spread in (0.02, 0.04, 0.06, 0.08):
        for min_rounds in (3, 5):
            cover, rounds, reached = simulate(rng, spread, min_rounds, max_rounds, target, repetitions)
            print(f"  rounds' spread {100 * spread:.0f} %, stopping from round {min_rounds}: coverage {cover:.3f}, "
                  f"{rounds:.1f} rounds on average, target reached in {100 * reached:.0f} %")


if __name__ == "__main__":
    main()
