package io.graphperf.workloads.workload;

import io.graphperf.core.measure.ParameterSource;

import java.nio.file.Path;
import java.util.List;

/** A parameter source as the workload file gives it: a CSV file's records, rows sampled by a query at setup, or a distribution. */
public sealed interface SourceSpec permits SourceSpec.Csv, SourceSpec.Query, SourceSpec.Drawn {

    /** Its name in the file. */
    String name();

    /** The parameters one draw gives. */
    List<String> gives();

    /** Where it is in the file. */
    int line();

    /** A CSV file's records, read when the file is. */
    record Csv(String name, Path file, ParameterSource.Records records, int line) implements SourceSpec {
        @Override
        public List<String> gives() {
            return records.columns();
        }
    }

    /**
     * Rows a query samples from the reference engine once its data is loaded, handed out in {@code order}; every other engine draws
     * from the same rows.
     *
     * @param columns the parameters, one per column the query returns (in its order)
     * @param limit   the most rows taken
     */
    record Query(String name, Texts texts, ParameterSource.Order order, List<String> columns, int limit, int line) implements SourceSpec {
        @Override
        public List<String> gives() {
            return columns;
        }

        /** The source once its rows are sampled. */
        public ParameterSource.Records with(List<List<Object>> rows, String where) {
            return new ParameterSource.Records(name, columns, rows, order, where);
        }
    }

    /** A distribution (uniform, Zipfian) or unique ids. */
    record Drawn(ParameterSource source, int line) implements SourceSpec {
        @Override
        public String name() {
            return source.name();
        }

        @Override
        public List<String> gives() {
            return source.parameters();
        }
    }
}
