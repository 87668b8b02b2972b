package io.graphperf.datagen.format;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Builds CSV rows as bytes without creating strings: the generator's hot path. Flushes to the
 * underlying stream in large blocks. Values never contain commas, quotes or newlines (dictionary
 * words and numbers), so no quoting is needed; the header declares each column's type.
 */
public final class RowBuffer {
    private static final int CAPACITY = 1 << 17;
    private final byte[] buf = new byte[CAPACITY + 4096];
    private final byte[] digits = new byte[20];
    private final OutputStream out;
    private final AtomicLong flushedTotal;
    private int pos;
    private long bytes;

    /** @param flushedTotal a counter shared by all writers, for progress (bytes before compression) */
    public RowBuffer(OutputStream out, AtomicLong flushedTotal) {
        this.out = out;
        this.flushedTotal = flushedTotal;
    }

    public RowBuffer ascii(byte[] value) {
        System.arraycopy(value, 0, buf, pos, value.length);
        pos += value.length;
        return this;
    }

    public RowBuffer ascii(String value) {
        for (int i = 0; i < value.length(); i++) buf[pos++] = (byte) value.charAt(i);
        return this;
    }

    public RowBuffer number(long v) {
        if (v < 0) {
            buf[pos++] = '-';
            v = -v;
        }
        int n = 0;
        do {
            digits[n++] = (byte) ('0' + (v % 10));
            v /= 10;
        } while (v != 0);
        while (n > 0) buf[pos++] = digits[--n];
        return this;
    }

    public RowBuffer comma() {
        buf[pos++] = ',';
        return this;
    }

    public RowBuffer chr(char c) {
        buf[pos++] = (byte) c;
        return this;
    }

    /** Ends a row; rows are at most a few hundred bytes, so one check per row keeps the buffer safe. */
    public void endRow() throws IOException {
        buf[pos++] = '\n';
        if (pos >= CAPACITY) flush();
    }

    public void flush() throws IOException {
        out.write(buf, 0, pos);
        bytes += pos;
        if (flushedTotal != null) flushedTotal.addAndGet(pos);
        pos = 0;
    }

    /** Uncompressed bytes written so far (flushed). */
    public long bytes() {
        return bytes;
    }
}
