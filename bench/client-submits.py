# graphperf — a performance lab for graph databases. GPL-3.0-or-later.
"""The Python client's coalesced submits against a running gateway (bench/client-submits.sh starts one), as ClientSubmits.java
does it: TASKS tasks keep one submit each in flight for SECONDS (TASKS = the Java side's threads x in flight), each write a
:BenchUser with its own id; a write refused as busy is sent again. Then waits for the batch writer to apply everything and checks
that every acknowledged id is in the graph exactly once.

    python client-submits.py URI TOKEN TASKS SECONDS RUN
"""
import asyncio
import sys
import time

from graphperf_client import GatewayClient, GatewayError

CREATE = "CREATE (:BenchUser {id: $id, run: $run})"


async def main():
    uri, token, tasks, seconds, run = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
    latencies, busy, failed = [], [0], [0]
    async with await GatewayClient.connect(uri, format="bson", token=token) as g:
        end = time.monotonic() + seconds
        t0 = time.monotonic()

        async def worker(base):
            n = 0
            while time.monotonic() < end:
                wid = base + n
                n += 1
                while True:
                    t = time.perf_counter_ns()
                    try:
                        await g.submit(CREATE, {"id": wid, "run": run})
                        latencies.append(time.perf_counter_ns() - t)
                        break
                    except GatewayError as e:
                        if e.code != "Graphperf.Busy":
                            failed[0] += 1
                            print(f"write {wid} failed: {e}", file=sys.stderr)
                            break
                        busy[0] += 1
                        await asyncio.sleep(0.001)

        await asyncio.gather(*(worker(i << 40) for i in range(tasks)))
        took = time.monotonic() - t0
        drained = (await g.cypher("CALL graphperf.batch.await(300000) YIELD drained RETURN drained")).rows[0][0]
        nodes, distinct = (await g.cypher("MATCH (u:BenchUser {run: $run}) RETURN count(u), count(DISTINCT u.id)", {"run": run})).rows[0]
    acked = len(latencies)
    latencies.sort()
    p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] / 1e6 if latencies else float("nan")
    ok = nodes == acked and distinct == acked
    print(f"python: {tasks} tasks, {took:.1f} s: {acked:,} acknowledged = {acked / took:,.0f} writes/s, ack p50 {p(0.5):.2f} ms p99 {p(0.99):.2f} ms,"
          f" {busy[0]:,} refused as busy (sent again), {failed[0]} failed; drained {drained}; in the graph {nodes:,} nodes, {distinct:,} distinct ids:"
          f" {'every acknowledged id once' if ok else 'MISMATCH'}")
    sys.exit(0 if ok and failed[0] == 0 else 1)


asyncio.run(main())
