# graphperf — a performance lab for graph databases. GPL-3.0-or-later.
"""graphperf's LadybugDB server: one embedded LadybugDB database in this Python process, reached by graphperf's engine host over
loopback TCP, one connection per client and one LadybugDB connection per TCP connection (a thread each; LadybugDB runs a query
without Python's lock held).

Started as: python3 ladybug_server.py STORE BUFFER_POOL_BYTES THREADS_PER_QUERY (0: LadybugDB's defaults). It prints one line of
JSON (its port, pid and versions), then serves until its standard input closes (the engine host's pipe: when the host exits or is
killed), and then closes the database and exits.

Each request is one line of JSON, and so is each reply:
  {"q": TEXT, "p": {PARAMETERS}}  -> {"rows": [[VALUE, ...], ...]}  or  {"error": MESSAGE}
  {}                              -> {"rows": []}   (a round trip that does no work: the boundary's own cost)
Nodes and relationships come back as their properties (as Neo4j's properties(): no value, no key); dates and times as ISO text.
This server times nothing: graphperf's Runner measures in the engine host, across this boundary.
"""
import datetime
import decimal
import json
import os
import socketserver
import sys
import threading
import uuid

import ladybug


def value(v):
    if isinstance(v, dict):
        if "_LABEL" in v and ("_ID" in v or "_SRC" in v):  # a node or a relationship: its properties
            return {k: value(x) for k, x in v.items() if not k.startswith("_") and x is not None}
        return {str(k): value(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [value(x) for x in v]
    if isinstance(v, (datetime.date, datetime.datetime, datetime.time)):
        return v.isoformat()
    if isinstance(v, datetime.timedelta):
        return v.total_seconds()
    if isinstance(v, decimal.Decimal):
        return float(v)
    if isinstance(v, uuid.UUID):
        return str(v)
    return v


class Client(socketserver.StreamRequestHandler):
    db = None
    threads = 0

    def handle(self):
        conn = ladybug.Connection(Client.db)
        if Client.threads > 0:
            conn.set_max_threads_for_exec(Client.threads)
        try:
            for line in self.rfile:
                self.wfile.write((json.dumps(answer(conn, json.loads(line))) + "\n").encode("utf-8"))
                self.wfile.flush()
        finally:
            conn.close()


def answer(conn, request):
    if "q" not in request:
        return {"rows": []}
    try:
        params = request.get("p") or {}
        result = conn.execute(request["q"], params) if params else conn.execute(request["q"])
        try:
            rows = [[value(x) for x in row] for row in result.get_all()]
        finally:
            result.close()
        return {"rows": rows}
    except Exception as e:  # the engine's refusal, sent back as it is: the host raises it for this operation alone
        return {"error": str(e) or type(e).__name__}


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    store, buffer_pool, threads = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    Client.db = ladybug.Database(store, buffer_pool_size=buffer_pool) if buffer_pool > 0 else ladybug.Database(store)
    Client.threads = threads
    server = Server(("127.0.0.1", 0), Client)
    print(json.dumps({"port": server.server_address[1], "pid": os.getpid(), "version": ladybug.__version__,
                      "python": sys.version.split()[0]}), flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # until the engine host's pipe closes
    server.shutdown()
    Client.db.close()
    os._exit(0)


if __name__ == "__main__":
    main()
