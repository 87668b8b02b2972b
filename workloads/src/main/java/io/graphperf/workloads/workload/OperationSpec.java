package io.graphperf.workloads.workload;

import java.util.List;

/**
 * One operation of a workload file.
 *
 * @param weight    its share of the mix (relative to the others' weights)
 * @param write     whether it writes (refused on a user's server without --reset delete-all; never run by the answer checks)
 * @param texts     its statements per dialect (several: one transaction); for a procedure, its call in Cypher
 * @param procedure a procedure called by name (with {@code args} in order), or null
 * @param ordered   whether its rows compare in order: null to decide from the text (an ORDER BY)
 * @param tolerance how far a number may be from the reference's, relative, or null for the run's
 * @param entities  what one operation counts for in entities/s
 * @param id        the id it writes, checked in the database afterwards for every acknowledged operation; null when not declared
 * @param from      the sources it draws from, where two give a parameter it names (empty: each parameter's one source)
 */
public record OperationSpec(String name, int weight, boolean write, Texts texts, String procedure, List<String> args, Boolean ordered, Double tolerance,
                            long entities, WrittenId id, List<String> from, int line) {

    /**
     * A write's declared id.
     *
     * @param parameter the parameter that carries it
     * @param label     the label (or type) of what it writes
     * @param property  the property that holds the id
     * @param check     a query per dialect taking {@code $ids} (a list) and returning the ids found, or null for the one graphperf writes
     *                  from the label and property
     */
    public record WrittenId(String parameter, String label, String property, Texts check, int line) {
    }
}
