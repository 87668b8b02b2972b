package io.graphperf.core.measure;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.graphperf.core.engine.Operation;
import io.graphperf.core.engine.Statement;
import io.graphperf.core.engine.TxMode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A workload as data whose parameters are drawn from named {@link ParameterSource sources}: operation types mixed by weight, each one
 * statement or several in one transaction, each statement given the parameters it names. Operation {@code seq} of client {@code c}
 * depends on (c, seq, the phase) alone — its type drawn by weight as {@link OperationMix} draws it, each source it uses drawn once for
 * it — so it can be shipped to an engine's process or to load agents and drawn there alike, and drawn again afterwards by a check.
 * A draw that fails (records in order used up) makes an operation that is {@linkplain TxMode#UNSENT not sent}, counted as an error.
 *
 * Its phase is the cell's number (or a warm-up round's): draws and unique ids differ between phases, never between engines; its
 * clients are the cell's, over which records in order are strided.
 */
public final class DrawnMix implements PortableOperations {

    /**
     * One statement of an operation type.
     *
     * @param procedure  the procedure {@code text} calls (a transport may call it by name), or null
     * @param parameters the parameters the text takes, each given by one of the type's sources
     */
    public record Template(String text, String procedure, List<String> parameters) {
    }

    /**
     * @param type     the operation's name (its latencies are recorded under it)
     * @param sources  the names of the sources it draws from, once per operation
     * @param weight   relative frequency in the mix
     * @param entities what one operation counts for in entities/s
     */
    public record Type(String type, List<Template> statements, TxMode txMode, int weight, long entities, List<String> sources) {
        public Type {
            if (statements.isEmpty()) throw new IllegalArgumentException("operation " + type + " has no statement");
            if (weight < 1) throw new IllegalArgumentException("operation " + type + ": weight " + weight + " (at least 1)");
        }
    }

    private final List<Type> types;
    private final List<ParameterSource> sources;
    private final int phase, clients;
    private final long totalWeight;
    /** Each client's count of earlier draws from the counted sources, kept so that a draw does not count from 0 every time. */
    private final Map<Integer, Tally> tallies = new ConcurrentHashMap<>();

    @JsonCreator
    public DrawnMix(@JsonProperty("types") List<Type> types, @JsonProperty("sources") List<ParameterSource> sources, @JsonProperty("phase") int phase,
                    @JsonProperty("clients") int clients) {
        if (types.isEmpty()) throw new IllegalArgumentException("a mix needs at least one operation");
        this.types = List.copyOf(types);
        this.sources = List.copyOf(sources);
        this.phase = phase;
        this.clients = Math.max(1, clients);
        long w = 0;
        for (Type t : types) {
            w += t.weight();
            for (String name : t.sources()) if (sources.stream().noneMatch(x -> x.name().equals(name))) {
                throw new IllegalArgumentException("operation " + t.type() + " draws from " + name + ", which is no parameter source");
            }
        }
        this.totalWeight = w;
    }

    @JsonProperty
    public List<Type> types() {
        return types;
    }

    @JsonProperty
    public List<ParameterSource> sources() {
        return sources;
    }

    @JsonProperty
    public int phase() {
        return phase;
    }

    @JsonProperty
    public int clients() {
        return clients;
    }

    /** The same mix for another cell (or warm-up round) with {@code cellClients} clients. */
    public DrawnMix forPhase(int p, int cellClients) {
        return new DrawnMix(types, sources, p, cellClients);
    }

    @Override
    public PortableOperations forRound(int round) {
        return forPhase(WARMUP_PHASES + Math.floorMod(round, (int) ParameterSource.Unique.PHASES - WARMUP_PHASES), clients);
    }

    /** Phases from here on are the server warm-up's rounds; a cell's phase is below it. */
    public static final int WARMUP_PHASES = 500;

    @Override
    public Operation next(int client, long seq) {
        int t = typeOf(client, seq);
        Type type = types.get(t);
        Map<String, Object> drawn = new HashMap<>();
        try {
            for (String name : type.sources()) {
                ParameterSource s = source(name);
                long turn = s.counted() ? tally(client).turn(this, client, seq, name) : 0;
                drawn.putAll(s.draw(new ParameterSource.Draw(client, seq, clients, phase, turn)));
            }
        } catch (ParameterSource.UsedUp e) {
            return new Operation(type.type(), List.of(new Statement(e.getMessage(), Map.of())), TxMode.UNSENT, type.entities());
        }
        List<Statement> statements = new ArrayList<>(type.statements().size());
        for (Template tp : type.statements()) statements.add(new Statement(tp.text(), RowMap.pick(drawn, tp.parameters()), tp.procedure()));
        TxMode mode = statements.size() == 1 && type.txMode() == TxMode.EXPLICIT ? TxMode.EXPLICIT : type.txMode();
        return new Operation(type.type(), statements, mode, type.entities());
    }

    /** The index of the type operation {@code seq} of {@code client} draws. */
    int typeOf(int client, long seq) {
        long key = ((long) client << 40) ^ seq;
        long slot = Math.floorMod(OperationMix.mix(key, 0x9E3779B97F4A7C15L), totalWeight);
        for (int i = 0; i < types.size(); i++) {
            slot -= types.get(i).weight();
            if (slot < 0) return i;
        }
        return types.size() - 1;
    }

    private ParameterSource source(String name) {
        for (ParameterSource s : sources) if (s.name().equals(name)) return s;
        throw new IllegalStateException("no parameter source " + name);
    }

    private Tally tally(int client) {
        return tallies.computeIfAbsent(client, c -> new Tally());
    }

    /**
     * One client's draws from the counted sources: the counts at every {@link #EVERY}th operation and at the last one asked, so that a
     * draw in order (the closed model's, nearly the open model's) costs one step and one out of order at most {@link #EVERY}.
     */
    private static final class Tally {
        static final int EVERY = 1024;
        private final List<Map<String, Long>> checkpoints = new ArrayList<>(List.of(Map.of()));
        private long lastSeq;
        private Map<String, Long> last = Map.of();

        synchronized long turn(DrawnMix mix, int client, long seq, String source) {
            Map<String, Long> counts = countsAt(mix, client, seq);
            return counts.getOrDefault(source, 0L);
        }

        /** Draws of each counted source by operations 0 … seq − 1. */
        private Map<String, Long> countsAt(DrawnMix mix, int client, long seq) {
            long from;
            Map<String, Long> counts;
            if (seq >= lastSeq) {
                from = lastSeq;
                counts = new LinkedHashMap<>(last);
            } else {
                int k = (int) Math.min(seq / EVERY, checkpoints.size() - 1);
                from = (long) k * EVERY;
                counts = new LinkedHashMap<>(checkpoints.get(k));
            }
            for (long s = from; s < seq; s++) {
                if (s % EVERY == 0 && s / EVERY == checkpoints.size()) checkpoints.add(Map.copyOf(counts));
                for (String name : mix.types.get(mix.typeOf(client, s)).sources()) {
                    if (mix.source(name).counted()) counts.merge(name, 1L, Long::sum);
                }
            }
            if (seq % EVERY == 0 && seq / EVERY == checkpoints.size()) checkpoints.add(Map.copyOf(counts));
            if (seq >= lastSeq) {
                lastSeq = seq;
                last = counts;
            }
            return counts;
        }
    }
}
