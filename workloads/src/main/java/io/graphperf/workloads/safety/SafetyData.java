package io.graphperf.workloads.safety;

import io.graphperf.core.results.ExperimentData;

import java.util.List;

/**
 * One engine's safety study: a line per phase and check, and the times its server died when graphperf did not kill it.
 *
 * @param engine  the engine as started (its version)
 * @param lines   the checks, in the order run
 * @param crashes the phases in which the engine's process died uninvited, with what was seen
 * @param durability what the engine's settings, as it reported them, say an acknowledged commit survives (e.g. OrientDB's WAL
 *                   flushed at intervals), for judging losses after kill -9 against it; null where the engine says nothing
 */
public record SafetyData(String engine, List<Line> lines, List<String> crashes, String durability) implements ExperimentData {

    public SafetyData {
        lines = List.copyOf(lines);
        crashes = List.copyOf(crashes);
    }

    /** The study of an engine that says nothing of its durability. */
    public SafetyData(String engine, List<Line> lines, List<String> crashes) {
        this(engine, lines, crashes, null);
    }

    /** Whether a check after kill -9 and restart failed. */
    public boolean lostAfterKill() {
        return lines.stream().anyMatch(l -> !l.passed() && l.when().equals(SafetyStudy.RESTARTED));
    }

    /** Whether every check held and nothing crashed. */
    public boolean safe() {
        return crashes.isEmpty() && lines.stream().allMatch(Line::passed);
    }

    /** Records (or increments) lost over every check. */
    public long lost() {
        return lines.stream().mapToLong(Line::lost).sum();
    }

    /**
     * One check of one phase.
     *
     * @param phase    e.g. "transactions of 10", "shared counter", "kill -9 round 1"
     * @param when     "open", "after close and reopen", "after kill -9 and restart"
     * @param check    what was checked, e.g. "by scan", "by key"
     * @param expected what must be there (acknowledged ids, acknowledged increments)
     * @param found    what was
     * @param lost     acknowledged and not there (0 when the check held)
     * @param passed   whether it held
     * @param detail   the engine's answer beyond the numbers (ids missing, duplicates), or null
     */
    public record Line(String phase, String when, String check, long expected, long found, long lost, boolean passed, String detail) {
    }
}
