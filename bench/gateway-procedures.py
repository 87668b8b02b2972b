"""A procedure called by name through the gateway (no Cypher parsed) against Cypher's CALL of the same procedure, over one
connection with the Python client: for each pair, rounds alternating the two forms (warm-up, then a timed window), each
round keeping IN_FLIGHT requests in flight; prints requests/s and p50/p99 per form and the ratio, with the spread over rounds.

    python bench/gateway-procedures.py ws://127.0.0.1:PORT/graphperf [ROUNDS] [SECONDS]

Against `graphperf serve --dataset social --scale 1` (bench/gateway-procedures.sh starts it and installs the client).
"""
import asyncio
import statistics
import sys
import time

from graphperf_client import GatewayClient

URI = sys.argv[1]
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
SECONDS = float(sys.argv[3]) if len(sys.argv) > 3 else 10.0
IN_FLIGHT = 16
PAIRS = [  # (what, procedure name, args, the same as Cypher)
    ("db.labels() (built-in)", "db.labels", {}, "CALL db.labels()", {}),
    ("apoc.help('create') (APOC)", "apoc.help", {"proc": "create"}, "CALL apoc.help($proc)", {"proc": "create"}),
    ("graphperf.social.q10 (E2, called natively)", "graphperf.social.q10", {"person": None}, "CALL graphperf.social.q10($person)", {"person": None}),
]


async def window(g, call, seconds):
    """Closed loop with IN_FLIGHT workers for `seconds`; returns (requests/s, sorted latencies in ms)."""
    latencies = []
    end = time.perf_counter() + seconds

    async def worker():
        while time.perf_counter() < end:
            t0 = time.perf_counter()
            await call()
            latencies.append((time.perf_counter() - t0) * 1000)

    start = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(IN_FLIGHT)))
    return len(latencies) / (time.perf_counter() - start), sorted(latencies)


def pct(xs, p):
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


async def main():
    async with await GatewayClient.connect(URI, format="bson") as g:
        person = (await g.cypher("MATCH (p:Person) RETURN min(p.personKey)")).rows[0][0]
        for _, _, args, _, params in PAIRS:
            for d in (args, params):
                if "person" in d: d["person"] = person
        print(f"{URI}, {IN_FLIGHT} in flight on one connection, {ROUNDS} rounds of {SECONDS:.0f} s per form, alternating")
        print("| procedure | by name: req/s (p50 / p99 ms) | Cypher CALL: req/s (p50 / p99 ms) | by name ÷ CALL (rounds' median, min–max) |")
        print("|---|---|---|---|")
        for what, name, args, cypher, params in PAIRS:
            forms = {"name": lambda: g.procedure(name, args), "call": lambda: g.cypher(cypher, params)}
            for f in forms.values():  # warm both before timing either
                await window(g, f, SECONDS / 2)
            rates, lats = {"name": [], "call": []}, {"name": [], "call": []}
            for r in range(ROUNDS):
                for form in (("name", "call") if r % 2 == 0 else ("call", "name")):
                    rate, lat = await window(g, forms[form], SECONDS)
                    rates[form].append(rate)
                    lats[form].extend(lat)
            ratios = [a / b for a, b in zip(rates["name"], rates["call"])]
            cell = lambda f: f"{statistics.median(rates[f]):,.0f} ({pct(sorted(lats[f]), 50):.2f} / {pct(sorted(lats[f]), 99):.2f})"
            print(f"| {what} | {cell('name')} | {cell('call')} | {statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f}) |")


asyncio.run(main())
