package io.graphperf.core.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.graphperf.core.stats.VariantComparison;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything about one run, as written to run.json (schema {@link #SCHEMA_VERSION}, documented in the README):
 * configuration, environment, the engine, every measured cell of every variant and repeat, the experiment's
 * own data, headlines, targets, the comparisons of each variant with the baseline, and failures. Reports are
 * made from this alone, so a run can be re-reported later.
 *
 * @param trials every run of a variant, in the order it ran; its own folder under trials/ when there are several
 * @param cells  every measured cell, each tagged with its variant and repeat
 * @param data   the experiment's own results, per trial
 */
public record RunResult(@JsonUnwrapped About about, @JsonUnwrapped Setup setup, List<Trial> trials, List<Cell> cells, List<TrialData> data,
                        @JsonUnwrapped Findings findings) {

    /**
     * Which run this is and when it ran.
     *
     * @param schemaVersion {@link #SCHEMA_VERSION}; a reader refuses any other
     */
    public record About(int schemaVersion, String runId, String experiment, String title, String startedAt, String finishedAt) {
    }

    /**
     * What it ran on and how: its options, the machine, the engine, the variants.
     *
     * @param variants the baseline first, then each variant compared with it
     * @param repeats  runs of each variant, interleaved (A B A B …)
     */
    public record Setup(Map<String, Object> configuration, Map<String, Object> environment, String engine, String resetMethod,
                        List<VariantSettings> variants, int repeats) {
        public Setup {
            variants = variants == null ? List.of(new VariantSettings(Cell.BASELINE, Map.of())) : List.copyOf(variants);
        }
    }

    /**
     * What the run concludes: headlines, targets, thresholds, comparisons, warnings and failures.
     *
     * @param thresholds  the thresholds the run was asked to keep, judged on each cell (an unmet one: exit 3)
     * @param comparisons each variant against the baseline, figure by figure (empty with one variant)
     * @param warnings    conditions that make figures suspect (other load, flagged cells), as sentences
     * @param failures    what made the run fail (wrong results, count mismatches, errors)
     */
    public record Findings(List<Headline> headlines, List<TargetCheck> targets, List<ThresholdCheck> thresholds, List<VariantComparison> comparisons,
                           List<String> warnings, List<String> failures) {
        public Findings {
            headlines = copy(headlines);
            targets = copy(targets);
            thresholds = copy(thresholds);
            comparisons = copy(comparisons);
            warnings = copy(warnings);
            failures = copy(failures);
        }
    }

    public int schemaVersion() {
        return about.schemaVersion();
    }

    public String runId() {
        return about.runId();
    }

    public String experiment() {
        return about.experiment();
    }

    public String title() {
        return about.title();
    }

    public String startedAt() {
        return about.startedAt();
    }

    public String finishedAt() {
        return about.finishedAt();
    }

    public Map<String, Object> configuration() {
        return setup.configuration();
    }

    public Map<String, Object> environment() {
        return setup.environment();
    }

    public String engine() {
        return setup.engine();
    }

    public String resetMethod() {
        return setup.resetMethod();
    }

    public List<VariantSettings> variants() {
        return setup.variants();
    }

    public int repeats() {
        return setup.repeats();
    }

    public List<Headline> headlines() {
        return findings.headlines();
    }

    public List<TargetCheck> targets() {
        return findings.targets();
    }

    public List<ThresholdCheck> thresholds() {
        return findings.thresholds();
    }

    public List<VariantComparison> comparisons() {
        return findings.comparisons();
    }

    public List<String> warnings() {
        return findings.warnings();
    }

    public List<String> failures() {
        return findings.failures();
    }


    public static final int SCHEMA_VERSION = 2;

    /** @param settings what the variant changes, as given ("page-cache" → "2g"); empty for the baseline */
    public record VariantSettings(String name, Map<String, String> settings) {
    }

    /**
     * @param dir     the trial's folder, relative to the run's folder ("." when the run is a single trial)
     * @param storage what graphperf made for a matrix cell's storage: filesystems, devices, peak disk use, block I/O request
     *                sizes (device → "write"/"read" → bytes → count); null when it made none
     * @param covariates what the machine was doing around and during the trial (fsync time, a fixed loop's time, CPU stolen), for
     *                   comparisons that adjust for them; null when not probed
     */
    public record Trial(int order, String variant, int repeat, String dir, String finishedAt, boolean passed, List<String> failures,
                        Map<String, Object> storage, Map<String, Double> covariates) {
        public Trial(int order, String variant, int repeat, String dir, String finishedAt, boolean passed, List<String> failures) {
            this(order, variant, repeat, dir, finishedAt, passed, failures, null, null);
        }

        public Trial(int order, String variant, int repeat, String dir, String finishedAt, boolean passed, List<String> failures,
                     Map<String, Object> storage) {
            this(order, variant, repeat, dir, finishedAt, passed, failures, storage, null);
        }
    }

    /** One trial's experiment data. */
    public record TrialData(String variant, int repeat, ExperimentData data) {
    }

    public RunResult {
        trials = copy(trials);
        cells = copy(cells);
        data = copy(data);
    }

    /** A list as given, or empty for none (an older run.json's missing field). */
    static <T> List<T> copy(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }

    public boolean passed() {
        return findings.failures().isEmpty();
    }

    /** The thresholds not met (the run then exits 3). */
    @JsonIgnore
    public List<ThresholdCheck> thresholdsNotMet() {
        return findings.thresholds().stream().filter(t -> !t.met()).toList();
    }

    /** Cells flagged as not steady, too few operations or overloaded. */
    @JsonIgnore
    public List<Cell> flaggedCells() {
        return cells.stream().filter(c -> c.validity().flagged()).toList();
    }

    /** The first trial's data of the given type; empty when no trial has any. */
    public <T extends ExperimentData> Optional<T> data(Class<T> type) {
        for (TrialData d : data) if (type.isInstance(d.data())) return Optional.of(type.cast(d.data()));
        return Optional.empty();
    }

    /** Every trial's data of the given type, in trial order. */
    public <T extends ExperimentData> List<T> all(Class<T> type) {
        return data.stream().map(TrialData::data).filter(type::isInstance).map(type::cast).toList();
    }
}
