package io.graphperf.core.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.graphperf.core.measure.Measurement;
import io.graphperf.core.report.Format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One measured cell: a scenario on one transport with its clients and load, in one variant and repeat — a
 * row of results.csv. Every dimension is a field (or, for an experiment's own dimensions, an entry of
 * {@code dimensions}), never text to parse back. Built with {@link #builder}.
 *
 * @param title      what the scenario does, in words
 * @param query      the query text as shown in the report
 * @param key        what identifies the cell within its variant
 * @param tag        which variant and repeat measured it
 * @param measured   what was measured and checked
 * @param entityUnit what one "entity" is in this cell's entities/s (e.g. "nodes")
 */
public record Cell(String experiment, String title, String query, @JsonUnwrapped Key key, @JsonUnwrapped Tag tag, @JsonUnwrapped Measured measured,
                   String entityUnit) {

    public static final String BASELINE = "baseline";
    public static final String PHASE = "phase";
    /** The load of a capacity search's outcome: the highest open-model rate that kept the objectives, searched by probe cells */
    public static final String CAPACITY = "capacity";
    /** The dimensions that tie a capacity search's probe cells to it: its objectives, the probe's number, whether it kept them */
    public static final String OBJECTIVE = "objective", PROBE = "capacity_probe", KEPT = "kept";

    /**
     * What identifies a cell within one variant: the same key in two variants is the same cell, compared.
     *
     * @param load       executor (closed, open), or "phase" for a timed phase that is not a load model's
     * @param scale      dataset scale factor, null when the experiment has none
     * @param dimensions the experiment's own dimensions (e.g. form, connections, server threads), part of the cell's identity
     */
    public record Key(String scenario, String transport, int clients, String load, Double offeredPerSecond, Double scale,
                      Map<String, Object> dimensions) {
        public Key {
            dimensions = dimensions == null ? Map.of() : new LinkedHashMap<>(dimensions);
        }

        public String label() {
            StringBuilder b = new StringBuilder(scenario);
            if (transport != null && !transport.isEmpty()) b.append(" / ").append(transport);
            if (!PHASE.equals(load) && clients > 0) b.append(" · ").append(clients).append(clients == 1 ? " client" : " clients");
            if (offeredPerSecond != null) b.append(" · open ").append(Format.rate(offeredPerSecond)).append("/s");
            if (CAPACITY.equals(load)) b.append(" · capacity");
            if (scale != null) b.append(" · scale ").append(Format.scale(scale));
            dimensions.forEach((k, v) -> b.append(" · ").append(k).append(' ').append(v));
            return b.toString();
        }

        Key withScenario(String s) {
            return new Key(s, transport, clients, load, offeredPerSecond, scale, dimensions);
        }

        Key withDimensions(Map<String, Object> d) {
            return new Key(scenario, transport, clients, load, offeredPerSecond, scale, d);
        }
    }

    /**
     * Which variant and repeat measured the cell.
     *
     * @param variant the configuration this cell ran in ("baseline" unless variants were compared)
     * @param repeat  1-based repeat of that variant
     * @param axes    the variant's configuration (e.g. filesystem, page cache), not part of the identity within a variant
     */
    public record Tag(String variant, int repeat, Map<String, String> axes) {
        public Tag {
            axes = axes == null ? Map.of() : new LinkedHashMap<>(axes);
        }
    }

    /**
     * What was measured and checked.
     *
     * @param measurement the measuring layer's figures; null for a timed phase
     * @param seconds     a timed phase's duration (an import, a schema build, a warm-up); null for load-model cells
     * @param values      the experiment's own numbers, in results.csv's columns (e.g. rows_per_s, disk_bytes)
     * @param checks      checks of the engine's contents after the cell
     * @param component   figures of a server-side component the operations went through (e.g. a server-side writer), or null
     * @param figures     the numbers a comparison tests, one per measurement
     * @param agents      the load agents' parts when several measured the cell together, else empty
     */
    public record Measured(Measurement measurement, Double seconds, Map<String, Double> values, List<Check> checks, Reference reference,
                           Map<String, Object> component, Validity validity, List<Figure> figures, List<AgentShare> agents) {
        public Measured {
            values = values == null ? Map.of() : new LinkedHashMap<>(values);
            checks = checks == null ? List.of() : List.copyOf(checks);
            figures = figures == null ? List.of() : List.copyOf(figures);
            validity = validity == null ? Validity.PHASE : validity;
            agents = agents == null ? List.of() : List.copyOf(agents);
        }

        Measured withChecks(List<Check> c) {
            return new Measured(measurement, seconds, values, c, reference, component, validity, figures, agents);
        }

        /** The same without a reference figure (a cell of another scenario's design). */
        public Measured withoutReference() {
            return new Measured(measurement, seconds, values, checks, null, component, validity, figures, agents);
        }
    }

    public String scenario() {
        return key.scenario();
    }

    public String transport() {
        return key.transport();
    }

    public int clients() {
        return key.clients();
    }

    public String load() {
        return key.load();
    }

    public Double offeredPerSecond() {
        return key.offeredPerSecond();
    }

    public Double scale() {
        return key.scale();
    }

    public Map<String, Object> dimensions() {
        return key.dimensions();
    }

    public String variant() {
        return tag.variant();
    }

    public int repeat() {
        return tag.repeat();
    }

    public Map<String, String> axes() {
        return tag.axes();
    }

    public Measurement measurement() {
        return measured.measurement();
    }

    public Double seconds() {
        return measured.seconds();
    }

    public Map<String, Double> values() {
        return measured.values();
    }

    public List<Check> checks() {
        return measured.checks();
    }

    public Reference reference() {
        return measured.reference();
    }

    public Map<String, Object> component() {
        return measured.component();
    }

    public Validity validity() {
        return measured.validity();
    }

    public List<Figure> figures() {
        return measured.figures();
    }

    public List<AgentShare> agents() {
        return measured.agents();
    }

    /** "scenario / transport …", for tables and messages. */
    @JsonIgnore
    public String label() {
        return key().label();
    }

    public boolean verified() {
        return checks().stream().allMatch(Check::passed);
    }

    /** The measured figure in the reference's unit, or NaN when there is no reference. */
    public double measuredForReference() {
        Reference reference = reference();
        Measurement measurement = measurement();
        if (reference == null || measurement == null) return Double.NaN;
        return Reference.ENTITIES.equals(reference.unit()) ? measurement.throughput().entitiesPerSecond() : measurement.throughput().opsPerSecond();
    }

    public Cell withVariant(String variant, int repeat, Map<String, String> axes) {
        return new Cell(experiment, title, query, key, new Tag(variant, repeat, axes), measured, entityUnit);
    }

    /** The same cell as another scenario, with its own title and dimensions and no reference figure (a study's own cell made of a measured one). */
    public Cell as(String scenario, String title, Map<String, Object> dimensions) {
        return new Cell(experiment, title, query, key.withScenario(scenario).withDimensions(dimensions), tag, measured.withoutReference(), entityUnit);
    }

    /** The same cell with more dimensions (e.g. a capacity search's probe number). */
    public Cell withDimensions(Map<String, Object> more) {
        Map<String, Object> all = new LinkedHashMap<>(dimensions());
        all.putAll(more);
        return new Cell(experiment, title, query, key.withDimensions(all), tag, measured, entityUnit);
    }

    /** True for a capacity search's outcome. */
    @JsonIgnore
    public boolean isCapacity() {
        return CAPACITY.equals(load());
    }

    public Cell withChecks(List<Check> more) {
        List<Check> all = new ArrayList<>(checks());
        all.addAll(more);
        return new Cell(experiment, title, query, key, tag, measured.withChecks(all), entityUnit);
    }

    public static Builder builder(String experiment, String scenario) {
        return new Builder(experiment, scenario);
    }

    /** Records one cell; the measurement's validity and headline figure are derived unless given. */
    public static final class Builder {
        private final String experiment, scenario;
        private String title = "", query = "", transport = "", load, entityUnit = "operations";
        private String variant = BASELINE;
        private int clients, repeat = 1;
        private Double offered, scale, seconds;
        private final Map<String, Object> dimensions = new LinkedHashMap<>();
        private Map<String, String> axes = Map.of();
        private Measurement measurement;
        private final Map<String, Double> values = new LinkedHashMap<>();
        private final List<Check> checks = new ArrayList<>();
        private Reference reference;
        private Map<String, Object> component;
        private final List<Figure> figures = new ArrayList<>();
        private boolean defaultFigure = true, latencyStudy;
        private List<AgentShare> agents = List.of();

        private Builder(String experiment, String scenario) {
            this.experiment = Objects.requireNonNull(experiment);
            this.scenario = Objects.requireNonNull(scenario);
        }

        public Builder title(String t) {
            title = t;
            return this;
        }

        public Builder query(String q) {
            query = q;
            return this;
        }

        public Builder transport(String t) {
            transport = t;
            return this;
        }

        public Builder scale(Double s) {
            scale = s;
            return this;
        }

        public Builder dimension(String name, Object value) {
            dimensions.put(name, value);
            return this;
        }

        public Builder variant(String v, int r, Map<String, String> a) {
            variant = v;
            repeat = r;
            axes = a;
            return this;
        }

        public Builder entityUnit(String u) {
            entityUnit = u;
            return this;
        }

        /** A load-model cell: clients, load and offered rate come from the measurement. */
        public Builder measurement(Measurement m) {
            measurement = m;
            clients = m.loadModel().clients();
            load = m.loadModel().name();
            offered = m.loadModel().offeredPerSecond();
            return this;
        }

        /** A capacity search's outcome, found with {@code n} client threads sending the open model (its figures are given with {@link #figure}). */
        public Builder capacity(int n) {
            load = CAPACITY;
            clients = n;
            defaultFigure = false;
            return this;
        }

        /** A timed phase (not a load model's): its duration is its figure. */
        public Builder phase(double s) {
            seconds = s;
            load = PHASE;
            return this;
        }

        public Builder value(String column, double v) {
            values.put(column, v);
            return this;
        }

        /** Several of the experiment's own numbers at once (e.g. a phase's I/O columns). */
        public Builder values(Map<String, Double> more) {
            values.putAll(more);
            return this;
        }

        public Builder check(Check c) {
            checks.add(c);
            return this;
        }

        public Builder reference(Reference r) {
            reference = r;
            return this;
        }

        public Builder component(Map<String, Object> c) {
            component = c;
            return this;
        }

        /** A figure for comparisons beside (or, with {@link #noDefaultFigure}, instead of) the cell's headline. */
        public Builder figure(String name, String unit, boolean higherIsBetter, double v) {
            figures.add(new Figure(name, unit, higherIsBetter, v));
            return this;
        }

        /** The cell measures the latency of single requests (one client, a fixed count): its figure is the median latency. */
        public Builder latencyStudy() {
            latencyStudy = true;
            return this;
        }

        /** The load agents' parts of the cell (several agents measured it together). */
        public Builder agents(List<AgentShare> a) {
            agents = a;
            return this;
        }

        public Builder noDefaultFigure() {
            defaultFigure = false;
            return this;
        }

        public Cell build() {
            List<Figure> f = new ArrayList<>();
            if (defaultFigure) {
                if (measurement != null) f.add(latencyStudy ? new Figure("p50 latency", "ms", false, measurement.latencies().all().p50Ms()) : headline(measurement));
                else if (seconds != null) f.add(new Figure("time", "s", false, seconds));
            }
            f.addAll(figures);
            Validity v = measurement == null ? Validity.PHASE : Validity.of(measurement);
            return new Cell(experiment, title, query, new Key(scenario, transport, clients, load == null ? PHASE : load, offered, scale, dimensions),
                    new Tag(variant, repeat, axes), new Measured(measurement, seconds, values, checks, reference, component, v, f, agents), entityUnit);
        }
    }

    /**
     * The one figure a load-model cell is judged by: the p99 latency in the open model (its throughput is the
     * offered rate while the engine keeps up), throughput otherwise (a latency study says so with
     * {@link Builder#latencyStudy()}).
     */
    public static Figure headline(Measurement m) {
        if (m.loadModel().offeredPerSecond() != null) return new Figure("p99 latency", "ms", false, m.latencies().all().p99Ms());
        return new Figure("throughput", "ops/s", true, m.throughput().opsPerSecond());
    }
}
