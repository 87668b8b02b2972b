package io.graphperf.components.gateway.protocol;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * A response with rows, {@code {"id", "kind", "columns", "rows", "server"}}, encoded while its rows are read: what it holds is its
 * encoded bytes ({@link #size()}), so a server can stop a result at a limit before it takes more memory, and nothing waits to be
 * encoded on a connection's I/O thread. One per format ({@link Format#rows}).
 */
public interface RowsEncoder {

    /** Writes the columns; call once, before the rows. */
    void columns(List<String> columns) throws IOException;

    /** Appends one row. */
    default void row(List<?> values) throws IOException {
        startRow(values.size());
        for (Object v : values) Values.write(v, sink(), 3);
        endRow();
    }

    /** Starts a row of this many values, each then written to {@link #sink()} (rows are lists two levels below the message). */
    void startRow(int columns) throws IOException;

    /** Where a row's values are written between {@link #startRow} and {@link #endRow}. */
    Values.Sink sink();

    void endRow() throws IOException;

    /** Bytes encoded so far (what the response holds). */
    long size();

    /** Ends the rows, writes the server's figures and returns the payload (no envelope). */
    byte[] finish(Map<String, Object> server) throws IOException;
}
