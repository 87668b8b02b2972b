"""GatewayClient against a stand-in gateway (no server): responses matched by id in any order, and coalesced submits — their ids,
a bad write failing alone, writes refused as busy by index, a whole message refused, the batch bound and the linger bound."""
import asyncio

import pytest

from graphperf_client import GatewayClient, GatewayError, decode, encode


class StandIn:
    """A connection whose gateway is a function: it sees each request (JSON) and returns its answer, or None to answer later."""

    def __init__(self, answer):
        self.answer = answer
        self.requests = []
        self.sent_at = []
        self.queue = asyncio.Queue()

    async def send(self, data):
        message = decode(data, "json")
        self.requests.append(message)
        self.sent_at.append(asyncio.get_running_loop().time())
        reply = self.answer(message)
        if reply is not None:
            self.reply(reply)

    def reply(self, reply):
        self.queue.put_nowait(encode(reply, "json"))

    async def close(self):
        self.queue.put_nowait(None)

    def __aiter__(self):
        return self

    async def __anext__(self):
        data = await self.queue.get()
        if data is None:
            raise StopAsyncIteration
        return data


def submits_answered(errors=None):
    """Answers each compact submit with a sequence per row (100 + its index), and the given errors by index."""
    def answer(m):
        if m["kind"] != "submit":
            return {"id": m["id"], "kind": "pong"}
        rows = len(m["rows"])
        errs = (errors or {})
        if not any(i < rows for i in errs):  # as the gateway answers when every write was logged: the first sequence only
            return {"id": m["id"], "firstSequence": 100}
        return {"id": m["id"], "sequences": [-1 if i in errs else 100 + i for i in range(rows)],
                "errors": [{"index": i, "code": c, "message": "no"} for i, c in errs.items() if i < rows]}
    return answer


def run(coroutine):
    return asyncio.run(coroutine)


def test_responses_are_matched_by_id_whatever_their_order():
    async def main():
        held = []

        def answer(m):
            held.append(m)
            return None

        ws = StandIn(answer)
        client = GatewayClient(ws, "json", "none", {"kind": "hello"})
        calls = [asyncio.ensure_future(client.cypher("RETURN $i AS i", {"i": i})) for i in range(5)]
        while len(held) < 5:
            await asyncio.sleep(0)
        for m in reversed(held):  # answered last first
            ws.reply({"id": m["id"], "columns": ["i"], "rows": [[m["params"]["i"]]], "server": {"execNanos": 1}})
        results = await asyncio.gather(*calls)
        await client.close()
        return results

    results = run(main())
    assert [r.rows for r in results] == [[[i]] for i in range(5)]
    assert all(r.columns == ["i"] and r.server == {"execNanos": 1} for r in results)


def test_an_error_answer_raises_with_its_code_and_a_closed_connection_fails_whoever_waits():
    async def main():
        ws = StandIn(lambda m: {"id": m["id"], "error": {"code": "Neo.ClientError.Statement.SyntaxError", "message": "bad"}}
                     if m["statement"] == "RETURN 1 +" else None)
        client = GatewayClient(ws, "json", "none", {})
        with pytest.raises(GatewayError) as e:
            await client.cypher("RETURN 1 +")
        assert e.value.code == "Neo.ClientError.Statement.SyntaxError"
        waiting = asyncio.ensure_future(client.cypher("RETURN 1"))
        await asyncio.sleep(0)
        await ws.close()
        with pytest.raises(ConnectionError):
            await waiting

    run(main())


def test_coalesced_submits_keep_their_own_sequences_and_a_bad_write_fails_alone():
    async def main():
        ws = StandIn(submits_answered({3: "Neo.ClientError.Statement.SemanticError"}))
        client = GatewayClient(ws, "json", "none", {})
        outcomes = await asyncio.gather(*(client.submit("CREATE (:V {n: $n})", {"n": n}) for n in range(10)), return_exceptions=True)
        await client.close()
        return ws, outcomes

    ws, outcomes = run(main())
    assert len(ws.requests) == 1, "ten submits of one statement from ten tasks: one message"
    m = ws.requests[0]
    assert m["statement"] == "CREATE (:V {n: $n})" and m["columns"] == ["n"] and m["rows"] == [[n] for n in range(10)] and m["ack"] == "durable"
    assert isinstance(outcomes[3], GatewayError) and outcomes[3].code == "Neo.ClientError.Statement.SemanticError"
    assert [o for i, o in enumerate(outcomes) if i != 3] == [100 + i for i in range(10) if i != 3]


def test_writes_refused_as_busy_are_refused_by_index_and_a_refused_message_fails_each_write():
    async def main():
        ws = StandIn(submits_answered({i: "Graphperf.Busy" for i in range(6, 10)}))
        client = GatewayClient(ws, "json", "none", {})
        outcomes = await asyncio.gather(*(client.submit("CREATE (:V {n: $n})", {"n": n}) for n in range(10)), return_exceptions=True)
        refused = StandIn(lambda m: {"id": m["id"], "error": {"code": "Graphperf.Unauthorized", "message": "token"}})
        other = GatewayClient(refused, "json", "none", {})
        whole = await asyncio.gather(*(other.submit("CREATE (:V)", {}) for _ in range(3)), return_exceptions=True)
        await client.close()
        await other.close()
        return outcomes, whole

    outcomes, whole = run(main())
    assert outcomes[:6] == [100 + i for i in range(6)]
    assert all(isinstance(o, GatewayError) and o.code == "Graphperf.Busy" for o in outcomes[6:]), outcomes
    assert all(isinstance(o, GatewayError) and o.code == "Graphperf.Unauthorized" for o in whole), whole


def test_a_message_holds_at_most_batch_writes_and_separate_statements_go_apart():
    async def main():
        ws = StandIn(submits_answered())
        client = GatewayClient(ws, "json", "none", {})
        client.batch_writes = 4
        a = [client.submit("CREATE (:A {n: $n})", {"n": n}) for n in range(10)]
        b = [client.submit("CREATE (:B {n: $n})", {"n": n}, ack="applied") for n in range(2)]
        await asyncio.gather(*a, *b)
        await client.close()
        return ws

    ws = run(main())
    sizes = sorted((m["statement"], len(m["rows"]), m["ack"]) for m in ws.requests)
    assert sizes == [("CREATE (:A {n: $n})", 2, "durable"), ("CREATE (:A {n: $n})", 4, "durable"), ("CREATE (:A {n: $n})", 4, "durable"),
                     ("CREATE (:B {n: $n})", 2, "applied")]


def test_linger_holds_a_lone_write_that_long_and_no_linger_sends_it_at_once():
    async def main():
        ws = StandIn(submits_answered())
        client = GatewayClient(ws, "json", "none", {})
        loop = asyncio.get_running_loop()
        start = loop.time()
        assert await client.submit("CREATE (:V {n: $n})", {"n": 1}) == 100, "a lone write with linger 0 is answered"
        client.linger = 0.05
        lingered = loop.time()
        assert await client.submit("CREATE (:V {n: $n})", {"n": 2}) == 100
        await client.close()
        return ws, start, lingered

    ws, start, lingered = run(main())
    assert len(ws.requests) == 2
    assert ws.sent_at[1] - lingered >= 0.05 - 0.005, "the second waited for its linger before it was sent"
