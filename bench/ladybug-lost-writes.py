# graphperf — a performance lab for graph databases. GPL-3.0-or-later.
"""LadybugDB alone, no graphperf: do concurrent explicit transactions keep every id they acknowledged?

The safety study's shape (docs/results.md, "Safety studies"), written against the wheel only, so that a loss it shows is
LadybugDB's and not graphperf's: THREADS threads, each with its own ladybug.Connection on one Database, each writing SIZE rows a
transaction — UNWIND $rows AS row CREATE (:User {user_id: row.id}) — on a node table whose primary key is user_id, for SECONDS.
MODE "graphperf" (the default) is what graphperf's LadybugDB host does: the statement auto-committed, one writer at a time (a lock
the threads queue on); MODE "explicit" wraps it in BEGIN TRANSACTION … COMMIT with no lock (LadybugDB refuses a second writer).
Each thread's ids are its own (thread t writes t*10^9 + n). An id is acknowledged when its statement (or COMMIT) returned. Afterwards every id is looked for by a full scan and by key, on the open database and after a close and
reopen. Prints one JSON line per check and exits 1 when an acknowledged id is missing or an id nobody issued is present.

  bench/ladybug-lost-writes.sh [VERSIONS] [SIZE] [THREADS] [SECONDS] [MODE]   (each version from PyPI into a folder of its own)
"""
import json
import shutil
import sys
import tempfile
import threading
import time

import ladybug

SIZE = int(sys.argv[1]) if len(sys.argv) > 1 else 10
THREADS = int(sys.argv[2]) if len(sys.argv) > 2 else 8
SECONDS = float(sys.argv[3]) if len(sys.argv) > 3 else 10.0
MODE = sys.argv[4] if len(sys.argv) > 4 else "graphperf"
WRITER = threading.Lock()
UNWIND = "UNWIND $rows AS row CREATE (:User {user_id: row.id})"


def writer(db, t, stop, acked, issued, errors):
    conn = ladybug.Connection(db)
    n = 0
    while not stop.is_set():
        ids = [t * 1_000_000_000 + n + i for i in range(SIZE)]
        n += SIZE
        issued.update(ids)
        try:
            if MODE == "explicit":
                conn.execute("BEGIN TRANSACTION")
                conn.execute(UNWIND, {"rows": [{"id": i} for i in ids]})
                conn.execute("COMMIT")
            else:
                with WRITER:
                    conn.execute(UNWIND, {"rows": [{"id": i} for i in ids]})
            acked.update(ids)
        except Exception as e:  # a refused transaction: its ids are not acknowledged
            errors.append(str(e))
            try:
                conn.execute("ROLLBACK")
            except Exception:
                pass
    conn.close()


def check(db, where, acked, issued):
    conn = ladybug.Connection(db)
    result = conn.execute("MATCH (u:User) RETURN u.user_id")
    scanned = [row[0] for row in result.get_all()]
    result.close()
    present = set(scanned)
    by_key = 0
    for i in sorted(acked):
        r = conn.execute("MATCH (u:User {user_id: $id}) RETURN count(*)", {"id": i})
        by_key += r.get_next()[0]
        r.close()
    conn.close()
    lost = sorted(acked - present)
    foreign = sorted(present - issued)
    print(json.dumps({"ladybug": ladybug.__version__, "where": where, "size": SIZE, "threads": THREADS, "mode": MODE, "acknowledged": len(acked),
                      "scanned": len(scanned), "duplicates": len(scanned) - len(present), "lost_by_scan": len(lost),
                      "lost_by_key": len(acked) - by_key, "never_issued": len(foreign), "lost_first": lost[:10],
                      "never_issued_first": foreign[:10]}), flush=True)
    return not lost and not foreign and by_key == len(acked) and len(scanned) == len(present)


def main():
    store = tempfile.mkdtemp(prefix="ladybug-lost-writes-")
    try:
        path = store + "/db"
        db = ladybug.Database(path)
        setup = ladybug.Connection(db)
        setup.execute("CREATE NODE TABLE User(user_id INT64, PRIMARY KEY(user_id))")
        setup.close()
        stop, acked, issued, errors = threading.Event(), set(), set(), []
        threads = [threading.Thread(target=writer, args=(db, t, stop, acked, issued, errors)) for t in range(THREADS)]
        for th in threads:
            th.start()
        time.sleep(SECONDS)
        stop.set()
        for th in threads:
            th.join()
        if errors:
            print(json.dumps({"refused": len(errors), "first": errors[:3]}), flush=True)
        ok = check(db, "open", acked, issued)
        db.close()
        db = ladybug.Database(path)
        ok = check(db, "reopened", acked, issued) and ok
        db.close()
        sys.exit(0 if ok else 1)
    finally:
        shutil.rmtree(store, ignore_errors=True)


if __name__ == "__main__":
    main()
