"""The Python client against a running gateway (graphperf serve --dataset social --gateway-token TOKEN), as ServeIT runs it:

    python check_gateway.py ws://127.0.0.1:PORT/graphperf TOKEN PEOPLE

every format with every compression both ways, 1,000 requests in flight on one connection, E2's stored procedures, batch-writer
submits (single, grouped, and 5,000 coalesced from as many tasks; a bad one in each), and the errors a user meets; exits non-zero naming the first check that failed.
"""
import asyncio
import sys

from graphperf_client import COMPRESSIONS, FORMATS, GatewayClient, GatewayError

URI, TOKEN, PEOPLE = sys.argv[1], sys.argv[2], int(sys.argv[3])


def check(condition, what):
    if not condition:
        raise SystemExit(f"FAILED: {what}")


async def every_format_and_compression():
    for fmt in FORMATS:
        for comp in COMPRESSIONS:
            async with await GatewayClient.connect(URI, format=fmt, compression=comp, threshold=64, token=TOKEN) as g:
                check(g.hello["format"] == "graphperf." + fmt and g.hello["compression"] == comp, f"{fmt}/{comp}: hello {g.hello}")
                r = await g.cypher("MATCH (p:Person) RETURN count(p) AS people")
                check(r.columns == ["people"] and r.rows == [[PEOPLE]], f"{fmt}/{comp}: count {r}")
                big = await g.cypher("UNWIND range(1, $n) AS i RETURN i, 'row ' + i AS text, i / 2.0 AS half, i % 2 = 0 AS even", {"n": 2000})
                check(len(big.rows) == 2000 and big.rows[1999] == [2000, "row 2000", 1000.0, True], f"{fmt}/{comp}: 2,000 rows, compressed back")
                nested = {"list": [1, 2.5, None, True, "s", {"deep": [[1]]}], "map": {"a": -(2 ** 40)}}
                echo = await g.cypher("RETURN $v AS v", {"v": nested})
                check(echo.rows == [[nested]], f"{fmt}/{comp}: values survive both ways: {echo.rows}")
    print("every format x compression: ok")


async def thousand_in_flight():
    async with await GatewayClient.connect(URI, format="msgpack", compression="lz4", token=TOKEN) as g:
        results = await asyncio.gather(*(g.cypher("RETURN $i AS i", {"i": i}) for i in range(1000)))
        check([r.rows[0][0] for r in results] == list(range(1000)), "1,000 requests in flight, each answered with its own id")
        check(all(r.server.get("execNanos", -1) >= 0 for r in results), "each answer says the server's time")
    print("1,000 requests in flight: ok")


async def procedures_and_submits():
    async with await GatewayClient.connect(URI, format="bson", token=TOKEN) as g:
        key = (await g.cypher("MATCH (p:Person) RETURN p.personKey ORDER BY p.personKey LIMIT 1")).rows[0][0]
        profile = await g.procedure("graphperf.social.q10", {"person": key})
        check(len(profile.rows) == 1, f"E2's q10 as a stored procedure: {profile}")
        sequences = await asyncio.gather(*(g.submit("CREATE (:PyUser {id: $id})", {"id": i}, ack="applied") for i in range(200)))
        check(len(set(sequences)) == 200, "200 submits acknowledged, each its own place in the log")
        # coalesced: 5,000 submits of one statement from as many tasks go in few messages, each answered with its own sequence;
        # a write the database refuses (a map is no property value) fails alone, with its error, in 'applied' mode
        g.batch_writes = 500
        many = await asyncio.gather(*(g.submit("CREATE (:PyUser {id: $id})", {"id": 10_000 + i}) for i in range(5000)))
        check(len(set(many)) == 5000 and min(many) > max(sequences), "5,000 coalesced submits, each its own sequence")
        mixed = await asyncio.gather(*(g.submit("CREATE (:PyUser {id: $id})", {"id": v}, ack="applied") for v in (2000, {"x": 1}, 2001)),
                                     return_exceptions=True)
        check(isinstance(mixed[0], int) and isinstance(mixed[1], GatewayError) and isinstance(mixed[2], int), f"a bad write of a batch fails alone: {mixed}")
        await g.procedure("graphperf.batch.await", {"timeoutMs": 60000})
        coalesced = await g.cypher("MATCH (u:PyUser) WHERE u.id >= 10000 RETURN count(DISTINCT u.id), count(u)")
        check(coalesced.rows == [[5000, 5000]], f"every coalesced write applied once: {coalesced.rows}")
        acks = await g.submit_all([{"statement": "CREATE (:PyUser {id: $id})", "params": {"id": 1000}},
                                   {"statement": "CREATE (:PyUser {id: $id)", "params": {"id": 1001}},
                                   {"statement": "CREATE (:PyUser {id: $id})", "params": {"id": 1002}}], ack="applied")
        check("sequence" in acks[0] and "error" in acks[1] and "sequence" in acks[2], f"a bad write fails alone: {acks}")
        count = await g.cypher("MATCH (u:PyUser) RETURN count(DISTINCT u.id)")
        check(count.rows == [[5204]], f"every acknowledged write applied once: {count.rows}")
        await g.cypher("MATCH (u:PyUser) DELETE u")
    print("procedures and submits: ok")


async def errors():
    async with await GatewayClient.connect(URI, token=TOKEN) as g:
        try:
            await g.cypher("RETURN 1 +")
            check(False, "a syntax error raises")
        except GatewayError as e:
            check(e.code.startswith("Neo.ClientError.Statement"), f"Neo4j's status code: {e.code}")
        try:
            await g.procedure("no.such.procedure", {})
            check(False, "an unknown procedure raises")
        except GatewayError as e:
            check(e.code == "Graphperf.UnknownProcedure", f"unknown procedure: {e.code}")
        check((await g.cypher("RETURN 1")).rows == [[1]], "the connection serves on after errors")
    try:
        await GatewayClient.connect(URI, token="wrong")
        check(False, "a wrong token is refused")
    except GatewayError as e:
        check(e.code == "Graphperf.Unauthorized", f"a wrong token: {e.code}")
    print("errors: ok")


async def main():
    await every_format_and_compression()
    await thousand_in_flight()
    await procedures_and_submits()
    await errors()
    print("all checks passed")


asyncio.run(main())
