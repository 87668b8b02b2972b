# graphperf — a performance lab for graph databases. GPL-3.0-or-later.
"""Does LadybugDB's Python module crash when several threads run queries at once, each on its own Connection of one Database?

A minimal reproduction against the wheel alone — no graphperf: a small social graph (people who know people, groups they belong to)
loaded with COPY FROM, then THREADS threads, each with its own ladybug.Connection, run a mix of read queries (lookups, one to three
hops, variable-length paths, aggregations) for SECONDS. Each round runs in a child process of its own, so a crash (a signal) is
counted, not fatal: the parent prints, per round, how the child ended.

    PYTHONPATH=DIR python3 bench/ladybug-threads.py [--threads 8] [--seconds 20] [--rounds 5] [--people 5000] [--buffer-pool MIB]

DIR holds the package (the folder ladybug/), e.g. graphperf's cache of a version: ~/.cache/graphperf/ladybug-0.22.0-cp311, or a
virtual environment's site-packages after pip install ladybug==VERSION. bench/ladybug-threads.sh runs it for every version graphperf
drives.
"""
import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time

QUERIES = [
    ("MATCH (p:Person {id: $a}) RETURN p.name", lambda r, n: {"a": r.randrange(n)}),
    ("MATCH (p:Person {id: $a})-[:Knows]->(f:Person) RETURN f.id ORDER BY f.id LIMIT 20", lambda r, n: {"a": r.randrange(n)}),
    ("MATCH (p:Person {id: $a})-[:Knows]->(:Person)-[:Knows]->(f:Person) RETURN count(DISTINCT f)", lambda r, n: {"a": r.randrange(n)}),
    ("MATCH (p:Person {id: $a})-[:Knows*1..3]->(f:Person) RETURN count(DISTINCT f)", lambda r, n: {"a": r.randrange(n)}),
    ("MATCH (p:Person {id: $a})-[:Member]->(g:Grp)<-[:Member]-(o:Person) RETURN g.id, count(o) ORDER BY g.id", lambda r, n: {"a": r.randrange(n)}),
    ("MATCH (a:Person {id: $a}), (b:Person {id: $b}) MATCH p = (a)-[:Knows* SHORTEST 1..6]->(b) RETURN length(p)",
     lambda r, n: {"a": r.randrange(n), "b": r.randrange(n)}),
    ("MATCH (p:Person) WHERE p.id IN $ids OPTIONAL MATCH (p)-[:Knows]->(f:Person) RETURN p.id, collect(f.id)",
     lambda r, n: {"ids": [r.randrange(n) for _ in range(10)]}),
    ("MATCH (g:Grp)<-[:Member]-(p:Person) RETURN g.id, count(p) AS n ORDER BY n DESC LIMIT 5", lambda r, n: {}),
    # the shapes of graphperf's E2 texts for Kuzu's Cypher: undirected paths, EXISTS and COUNT subqueries
    ("MATCH (x:Person {id: $a})-[:Knows*1..3]-(p:Person) WHERE p.id <> x.id AND NOT EXISTS { MATCH (x)-[:Knows]-(p) }"
     " RETURN count(DISTINCT p), sum(DISTINCT p.id)", lambda r, n: {"a": r.randrange(n)}),
    ("MATCH (x:Person {id: $a})-[:Knows*1..2]-(p:Person) WHERE p.id <> x.id AND NOT EXISTS { MATCH (x)-[:Knows]-(p) }"
     " RETURN count(DISTINCT p), sum(DISTINCT p.id)", lambda r, n: {"a": r.randrange(n)}),
    ("MATCH (x:Person {id: $a})-[:Knows]-(f:Person)-[:Knows]-(r:Person) WHERE r.id <> x.id AND NOT EXISTS { MATCH (x)-[:Knows]-(r) }"
     " RETURN r.id AS p, count(DISTINCT f) AS c ORDER BY c DESC, p LIMIT 10", lambda r, n: {"a": r.randrange(n)}),
    ("MATCH (x:Person {id: $a})-[:Member]->(g:Grp) RETURN g.id AS gid, COUNT { MATCH (g)<-[:Member]-(:Person) } AS members ORDER BY gid",
     lambda r, n: {"a": r.randrange(n)}),
    ("MATCH (a:Person {id: $a}), (b:Person {id: $b}) MATCH p = (a)-[:Knows* SHORTEST 1..6]-(b) RETURN length(p)",
     lambda r, n: {"a": r.randrange(n), "b": r.randrange(n)}),
    ("UNWIND range(1, size($ids)) AS i WITH i, CAST(list_extract($ids, i) AS INT64) AS k MATCH (x:Person {id: k})"
     " OPTIONAL MATCH (x)-[:Knows]->(f:Person) WITH i, x, list_sort(collect(f.id)) AS fs RETURN x.id, fs ORDER BY x.id",
     lambda r, n: {"ids": [r.randrange(n) for _ in range(10)]}),
]


def load(ladybug, folder, people, buffer_pool):
    rnd = random.Random(1)
    groups = max(1, people // 50)
    with open(os.path.join(folder, "person.csv"), "w") as f:
        for i in range(people):
            f.write(f"{i},person {i}\n")
    with open(os.path.join(folder, "grp.csv"), "w") as f:
        for i in range(groups):
            f.write(f"{i}\n")
    with open(os.path.join(folder, "knows.csv"), "w") as f:
        for i in range(people):
            for _ in range(rnd.randint(1, 30)):
                f.write(f"{i},{rnd.randrange(people)}\n")
    with open(os.path.join(folder, "member.csv"), "w") as f:
        for i in range(people):
            for g in rnd.sample(range(groups), min(groups, 3)):
                f.write(f"{i},{g}\n")
    db = ladybug.Database(os.path.join(folder, "db"), buffer_pool_size=buffer_pool) if buffer_pool else ladybug.Database(os.path.join(folder, "db"))
    conn = ladybug.Connection(db)
    for q in ["CREATE NODE TABLE Person(id INT64, name STRING, PRIMARY KEY (id))", "CREATE NODE TABLE Grp(id INT64, PRIMARY KEY (id))",
              "CREATE REL TABLE Knows(FROM Person TO Person)", "CREATE REL TABLE Member(FROM Person TO Grp)"]:
        conn.execute(q)
    for table, file in [("Person", "person.csv"), ("Grp", "grp.csv"), ("Knows", "knows.csv"), ("Member", "member.csv")]:
        conn.execute(f"COPY {table} FROM '{os.path.join(folder, file)}'")
    return db


def child(args):
    import ladybug
    with tempfile.TemporaryDirectory() as folder:
        db = load(ladybug, folder, args.people, args.buffer_pool << 20)
        errors, done, stop = [], [0] * args.threads, time.monotonic() + args.seconds

        def work(t):
            rnd = random.Random(t)
            conn = ladybug.Connection(db)
            try:
                while time.monotonic() < stop:
                    text, params = rnd.choice(QUERIES)
                    try:
                        result = conn.execute(text, params(rnd, args.people))
                        result.get_all()
                        result.close()
                        done[t] += 1
                    except Exception as e:  # an error is an answer, not a crash: reported
                        errors.append(f"thread {t}: {e}")
            finally:
                conn.close()

        threads = [threading.Thread(target=work, args=(t,)) for t in range(args.threads)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        first = f" (first: {errors[0][:120]})" if errors else ""
        print(f"ladybug {ladybug.__version__}: {sum(done)} queries by {args.threads} threads, {len(errors)} errors{first}", flush=True)
        db.close()


def parent(args):
    crashes = 0
    for r in range(args.rounds):
        p = subprocess.run([sys.executable, __file__, "--child", "--threads", str(args.threads), "--seconds", str(args.seconds),
                            "--people", str(args.people), "--buffer-pool", str(args.buffer_pool)], capture_output=True, text=True)
        how = "exit 0" if p.returncode == 0 else f"signal {signal.Signals(-p.returncode).name}" if p.returncode < 0 else f"exit {p.returncode}"
        crashes += p.returncode != 0
        print(f"round {r + 1}: {how}: {(p.stdout + p.stderr).strip()[-300:]}", flush=True)
    print(f"{crashes} of {args.rounds} rounds crashed ({args.threads} threads, {args.seconds} s each, {args.people} people, buffer pool"
          f" {args.buffer_pool or 'default'} MiB)")
    return 1 if crashes else 0


if __name__ == "__main__":
    a = argparse.ArgumentParser()
    a.add_argument("--threads", type=int, default=8)
    a.add_argument("--seconds", type=float, default=20)
    a.add_argument("--rounds", type=int, default=5)
    a.add_argument("--people", type=int, default=5000)
    a.add_argument("--buffer-pool", type=int, default=0, help="MiB (0: LadybugDB's default); graphperf gives it --page-cache")
    a.add_argument("--child", action="store_true")
    parsed = a.parse_args()
    if parsed.child:
        child(parsed)
    else:
        sys.exit(parent(parsed))
