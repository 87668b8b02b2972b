package io.graphperf.datagen.format;

/**
 * A deliberately bad row, for the import experiment's bad-input tests.
 *
 * @param kind   duplicate-node-id, dangling-relationship, missing-columns, empty-strings, extra-columns
 * @param afterRow the data row (0-based, within the group) after which the bad row is written
 * @param row    the exact bytes of the line, without newline
 * @param file   set when written: the part file it is in
 * @param line   set when written: its 1-based line number in that file
 */
public record Defect(String kind, long afterRow, String row, String file, long line) {

    public static final String DUPLICATE_NODE = "duplicate-node-id";
    public static final String DANGLING = "dangling-relationship";
    public static final String MISSING_COLUMNS = "missing-columns";
    public static final String EMPTY_STRINGS = "empty-strings";
    public static final String EXTRA_COLUMNS = "extra-columns";

    public Defect at(String file, long line) {
        return new Defect(kind, afterRow, row, file, line);
    }

    /** Whether the importer, with graphperf's options, drops the row (so it is not in the counts). */
    public boolean dropped() {
        return kind.equals(DUPLICATE_NODE) || kind.equals(DANGLING);
    }
}
