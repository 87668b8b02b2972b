# graphperf — a performance lab for graph databases. GPL-3.0-or-later.
"""LadybugDB alone, the smallest reproduction of 0.21.2's lost rows (docs/upstream/ladybug-0212-struct-parameters.md): one connection runs the
same UNWIND text 16 times, each with a list of 10 structs; from the 15th run on, stored ids are not those sent.

  bench/lib/ladybug-versions.sh bench/ladybug-struct-parameters.py 0.22.0,0.21.2,0.20.4
"""
import tempfile
import ladybug

db = ladybug.Database(tempfile.mkdtemp() + "/db")
conn = ladybug.Connection(db)
conn.execute("CREATE NODE TABLE User(user_id INT64, PRIMARY KEY(user_id))")
for k in range(16):  # the same text each time, a list of 10 structs as its parameter
    conn.execute("UNWIND $rows AS row CREATE (:User {user_id: row.id})", {"rows": [{"id": i} for i in range(10 * k, 10 * k + 10)]})
stored = {row[0] for row in conn.execute("MATCH (u:User) RETURN u.user_id").get_all()}
print(ladybug.__version__, "missing:", sorted(set(range(160)) - stored), "never written:", sorted(stored - set(range(160))))
