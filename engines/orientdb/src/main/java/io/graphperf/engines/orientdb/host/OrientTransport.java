package io.graphperf.engines.orientdb.host;

import com.orientechnologies.orient.core.db.ODatabaseSession;
import com.orientechnologies.orient.core.db.OrientDB;
import com.orientechnologies.orient.core.sql.executor.OResult;
import com.orientechnologies.orient.core.sql.executor.OResultSet;
import com.orientechnologies.orient.core.sql.executor.OInternalResultSet;
import com.orientechnologies.orient.core.sql.executor.OResultInternal;
import io.graphperf.core.engine.IdSummary;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Session;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.Transport;
import io.graphperf.core.engine.TxMode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * OrientDB's own embedded API as a transport of graphperf's measuring layer (inside the engine host's JVM): a database
 * session per client, each statement SQL with named parameters ({@code :id}), or an SQL script when its text starts with
 * {@value #SCRIPT}, or graphperf's id summary ({@link IdSummary}) when it starts with {@code idsummary:}; an explicit operation runs its statements in one transaction. Every row is read into Java values ({@link OrientValues}).
 */
final class OrientTransport implements Transport {

    static final String SCRIPT = "script:";
    private final OrientDB orient;
    private final String database;

    OrientTransport(OrientDB orient, String database) {
        this.orient = orient;
        this.database = database;
    }

    @Override
    public Session openSession() {
        ODatabaseSession db = orient.open(database, "admin", "admin");
        return new Session() {
            @Override
            public void execute(Operation op) {
                db.activateOnCurrentThread();
                boolean tx = op.txMode() == TxMode.EXPLICIT;
                if (tx) db.begin();
                try {
                    for (Statement s : op.statements()) read(run(db, s));
                    if (tx) db.commit();
                } catch (RuntimeException e) {
                    if (tx && db.getTransaction().isActive()) db.rollback();
                    throw e;
                }
            }

            @Override
            public List<List<Object>> fetch(Statement s) {
                db.activateOnCurrentThread();
                return read(run(db, s));
            }

            @Override
            public void close() {
                db.activateOnCurrentThread();
                db.close();
            }
        };
    }

    private static OResultSet run(ODatabaseSession db, Statement s) {
        if (s.text().startsWith(IdSummary.LANGUAGE + ":")) return idSummary(db, s);
        Map<String, Object> params = OrientValues.widened(s.params());
        if (s.text().startsWith(SCRIPT)) return db.execute("sql", s.text().substring(SCRIPT.length()), params);
        return db.command(s.text(), params);
    }

    /** {@link IdSummary}'s statement: the class scanned in the host, its answer as rows of one column. */
    private static OResultSet idSummary(ODatabaseSession db, Statement s) {
        String[] tp = IdSummary.typeAndProperty(s.text().substring(IdSummary.LANGUAGE.length() + 1).trim());
        IdSummary.Ids ids = new IdSummary.Ids();
        for (var record : db.browseClass(tp[0])) {
            if (record.getProperty(tp[1]) instanceof Number n) ids.add(n.longValue());
        }
        OInternalResultSet out = new OInternalResultSet();
        for (List<Object> row : IdSummary.of(ids.toArray(), s.params())) {
            OResultInternal r = new OResultInternal();
            r.setProperty("summary", row.get(0));
            out.add(r);
        }
        return out;
    }

    private static List<List<Object>> read(OResultSet rs) {
        List<List<Object>> rows = new ArrayList<>();
        try (rs) {
            while (rs.hasNext()) {
                OResult r = rs.next();
                List<Object> row = new ArrayList<>();
                for (String p : r.getPropertyNames()) row.add(OrientValues.java(r.getProperty(p)));
                rows.add(row);
            }
        }
        return rows;
    }
}
