package io.graphperf.core.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where an operation's parameters come from, as plain data ({@link DrawnMix} ships them to an engine's process and to load agents):
 * records (a CSV file's rows, or rows sampled from the database) handed out at random, in order or in order round and round, as
 * Gatling's feeders; an integer drawn uniformly or Zipf-distributed over a range, as YCSB's request distributions; or an id no other
 * operation of the trial gets. Every draw is a function of the client, its operation's sequence number and the cell's
 * {@link Draw#phase() phase}, never of shared state, so whichever process sends operation {@code seq} of client {@code c} draws the
 * same values, and a check can draw them again afterwards.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({@JsonSubTypes.Type(value = ParameterSource.Records.class, name = "records"),
        @JsonSubTypes.Type(value = ParameterSource.Uniform.class, name = "uniform"),
        @JsonSubTypes.Type(value = ParameterSource.Zipfian.class, name = "zipfian"),
        @JsonSubTypes.Type(value = ParameterSource.Unique.class, name = "unique")})
public sealed interface ParameterSource permits ParameterSource.Records, ParameterSource.Uniform, ParameterSource.Zipfian, ParameterSource.Unique {

    /** The source's name (what the workload calls it). */
    String name();

    /** The parameters one draw gives, by name. */
    @JsonIgnore
    List<String> parameters();

    /** Whether a draw needs {@link Draw#turn()}, the client's count of earlier draws from this source (records in order). */
    @JsonIgnore
    default boolean counted() {
        return false;
    }

    /** The values of one draw. Throws {@link UsedUp} when a source of records handed out once has none left. */
    Map<String, Object> draw(Draw d);

    /**
     * What one draw depends on.
     *
     * @param client  the operation's client
     * @param seq     its sequence number
     * @param clients the cell's clients (records in order go to client c at c, c + clients, c + 2·clients …)
     * @param phase   the cell's (or a warm-up round's) number, the same on every engine and in every trial
     * @param turn    how many draws from this source the client made before this one in this phase ({@link #counted} sources only)
     */
    record Draw(int client, long seq, int clients, int phase, long turn) {

        /** A uniform number in [0, 1) for this draw of the source salted {@code salt}. */
        double uniform(long salt) {
            long key = ((long) client << 40) ^ seq ^ ((long) phase << 58);
            return (OperationMix.mix(key, salt) >>> 11) * 0x1.0p-53;
        }
    }

    /** A source of records in order whose records are used up: the operation that asked fails with this, counted as an error. */
    final class UsedUp extends RuntimeException {
        public UsedUp(String message) {
            super(message);
        }
    }

    /** How records are handed out. */
    enum Order {
        /** uniformly at random, with replacement */
        RANDOM,
        /** in order, each at most once in a cell: client c takes c, c + clients, …; past the last one the operation fails */
        SEQUENTIAL,
        /** in order as SEQUENTIAL, starting over after the last one */
        CIRCULAR
    }

    /** A salt per source name, so two sources drawn for one operation are independent. */
    static long salt(String name) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < name.length(); i++) h = (h ^ name.charAt(i)) * 0x100000001b3L;
        return h;
    }

    /**
     * Rows, each a value per column: a CSV file's records or rows sampled from the database at setup.
     *
     * @param columns the parameters, in the rows' order
     * @param where   where the rows came from, for messages (a file, a query)
     */
    record Records(String name, List<String> columns, List<List<Object>> rows, Order order, String where) implements ParameterSource {
        public Records {
            if (rows.isEmpty()) throw new IllegalArgumentException("parameter source " + name + " has no records (" + where + ")");
            columns = List.copyOf(columns);
            rows = rows.stream().map(r -> (List<Object>) java.util.Collections.unmodifiableList(new ArrayList<>(r.stream().map(Records::longs).toList()))).toList();
        }

        /** Whole numbers as Long, however JSON gave them back (an Integer, a list of them), so draws are equal on both sides. */
        static Object longs(Object v) {
            if (v instanceof Integer || v instanceof Short || v instanceof Byte) return ((Number) v).longValue();
            if (v instanceof List<?> l) return l.stream().map(Records::longs).toList();
            return v;
        }

        @Override
        public List<String> parameters() {
            return columns;
        }

        @Override
        public boolean counted() {
            return order != Order.RANDOM;
        }

        @Override
        public Map<String, Object> draw(Draw d) {
            long n = rows.size(), i;
            if (order == Order.RANDOM) {
                i = (long) (d.uniform(salt(name)) * n);
            } else {
                long at = d.turn() * Math.max(1, d.clients()) + d.client();
                if (order == Order.SEQUENTIAL && at >= n) {
                    throw new UsedUp("parameter source " + name + ": its " + n + " records (" + where + ", handed out in order, each once) are used up");
                }
                i = at % n;
            }
            List<Object> row = rows.get((int) Math.min(i, n - 1));
            return new RowMap(columns, row);
        }
    }

    /** An integer drawn uniformly from [min, max]. */
    record Uniform(String name, long min, long max) implements ParameterSource {
        public Uniform {
            if (max < min) throw new IllegalArgumentException("parameter source " + name + ": max " + max + " is below min " + min);
        }

        @Override
        public List<String> parameters() {
            return List.of(name);
        }

        @Override
        public Map<String, Object> draw(Draw d) {
            double span = (double) max - min + 1;
            return Map.of(name, min + Math.min((long) (d.uniform(salt(name)) * span), max - min));
        }
    }

    /**
     * An integer from [min, max] drawn with Zipf's law, as YCSB's request distribution: the value min + k − 1 with probability
     * ∝ 1 / k^exponent (YCSB's exponent is 0.99), so min is the most frequent. Scrambled, the ranks are spread over the range by a hash
     * (YCSB's scrambled Zipfian), so the popular values are not the smallest. Drawn exactly ({@link ZipfRanks}).
     */
    record Zipfian(String name, long min, long max, double exponent, boolean scrambled) implements ParameterSource {
        public Zipfian {
            if (max < min) throw new IllegalArgumentException("parameter source " + name + ": max " + max + " is below min " + min);
            if (!(exponent > 0)) throw new IllegalArgumentException("parameter source " + name + ": a Zipf exponent above 0 (YCSB's is 0.99), not " + exponent);
        }

        @Override
        public List<String> parameters() {
            return List.of(name);
        }

        @Override
        public Map<String, Object> draw(Draw d) {
            long n = max - min + 1, salt = salt(name);
            long rank = new ZipfRanks(n, exponent).rank(i -> d.uniform(salt + i * 0x632BE59BD9B4E019L)) - 1;
            if (scrambled) rank = Math.floorMod(OperationMix.mix(rank, 0x2545F4914F6CDD1DL), n);
            return Map.of(name, min + rank);
        }
    }

    /**
     * An id no other operation of the trial draws: {@code start + phase·10¹³ + client·10⁹ + seq} (up to 10⁴ clients and 10⁹ operations a
     * client in a cell), so the writes of every cell and warm-up round of a trial carry ids of their own, and a check can tell which
     * operation wrote which id.
     */
    record Unique(String name, long start) implements ParameterSource {
        public static final long PHASES = 900, CLIENTS = 10_000, PER_CLIENT = 1_000_000_000L;

        public Unique {
            if (start < 0 || start > Long.MAX_VALUE - PHASES * CLIENTS * PER_CLIENT) {
                throw new IllegalArgumentException("parameter source " + name + ": start " + start + " is out of range (0 to 9·10¹⁸)");
            }
        }

        @Override
        public List<String> parameters() {
            return List.of(name);
        }

        @Override
        public Map<String, Object> draw(Draw d) {
            if (d.client() >= CLIENTS || d.seq() >= PER_CLIENT) {
                throw new UsedUp("parameter source " + name + ": unique ids allow " + CLIENTS + " clients and " + PER_CLIENT + " operations a client in a cell");
            }
            return Map.of(name, start + Math.floorMod(d.phase(), PHASES) * CLIENTS * PER_CLIENT + d.client() * PER_CLIENT + d.seq());
        }
    }
}
