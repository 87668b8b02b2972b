import io.graphperf.components.gateway.protocol.Format;
import io.graphperf.components.gateway.protocol.Messages;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A compact submit of WRITES one-column writes encoded and decoded in each binary format, as rows (a list a write) and column by
 * column (one list a column): nanoseconds a write, each form timed over ROUNDS rounds, the last half reported (the first warm the JIT).
 * Usage (bench/submit-encoding.sh): java -cp … bench/SubmitEncoding.java [WRITES] [ROUNDS]
 */
public class SubmitEncoding {
    public static void main(String[] args) throws Exception {
        int writes = args.length > 0 ? Integer.parseInt(args[0]) : 500, rounds = args.length > 1 ? Integer.parseInt(args[1]) : 6;
        List<List<Object>> rows = new ArrayList<>();
        List<Object> column = new ArrayList<>();
        for (int i = 0; i < writes; i++) {
            rows.add(new ArrayList<>(List.of(1_000_000_000L + i)));
            column.add(1_000_000_000L + i);
        }
        Map<String, Object> byRow = new LinkedHashMap<>();
        byRow.put(Messages.KIND, Messages.SUBMIT);
        byRow.put(Messages.STATEMENT, "CREATE (me:User {user_id:$id})");
        byRow.put(Messages.COLUMNS, List.of("id"));
        byRow.put(Messages.ROWS, rows);
        byRow.put(Messages.ACK, "durable");
        Map<String, Object> byColumn = new LinkedHashMap<>(byRow);
        byColumn.remove(Messages.ROWS);
        byColumn.put(Messages.COLUMNAR, List.of(column));
        for (Format f : List.of(Format.BSON, Format.MSGPACK)) {
            for (int round = 0; round < rounds; round++) {
                for (Map<String, Object> m : List.of(byRow, byColumn)) {
                    int times = 4000;
                    byte[] bytes = null;
                    long t0 = System.nanoTime();
                    for (int i = 0; i < times; i++) bytes = f.encode(m);
                    long t1 = System.nanoTime();
                    for (int i = 0; i < times; i++) f.decode(bytes);
                    long t2 = System.nanoTime();
                    if (round >= rounds / 2) {
                        System.out.printf("%s %-8s round %d: encode %.0f ns a write, decode %.0f ns a write, %,d bytes%n", f,
                                m == byRow ? "rows" : "columnar", round, (t1 - t0) / (double) times / writes, (t2 - t1) / (double) times / writes, bytes.length);
                    }
                }
            }
        }
    }
}
