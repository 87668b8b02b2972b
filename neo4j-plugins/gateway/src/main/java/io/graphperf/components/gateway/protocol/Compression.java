package io.graphperf.components.gateway.protocol;

import com.github.luben.zstd.Zstd;
import net.jpountz.lz4.LZ4Factory;

import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Per-message compression, named by the code in each binary message's first byte. Deflate is raw deflate
 * (RFC 1951, no zlib header); zstd is one zstd frame; lz4 is one LZ4 block. The uncompressed length travels
 * in the envelope, so a receiver checks it against its size limit before allocating — and a payload must decompress
 * to exactly that length, no byte more or less, in every compression (a deflate stream longer than declared is refused,
 * never cut to fit).
 */
public enum Compression {
    NONE(0), DEFLATE_FAST(1), DEFLATE_BEST(2), ZSTD(3), LZ4(4);

    public final int code;

    Compression(int code) {
        this.code = code;
    }

    /** The name used in transports and settings: none, deflate-fast, deflate-best, zstd, lz4. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Compression of(String label) {
        for (Compression c : values()) if (c.label().equals(label.toLowerCase(Locale.ROOT))) return c;
        throw new IllegalArgumentException("unknown compression '" + label + "' (known: none, deflate-fast, deflate-best, zstd, lz4)");
    }

    static Compression ofCode(int code) throws IOException {
        for (Compression c : values()) if (c.code == code) return c;
        throw new IOException("unknown compression code " + code);
    }

    byte[] compress(byte[] in) {
        return switch (this) {
            case NONE -> in;
            case DEFLATE_FAST, DEFLATE_BEST -> deflate(in, this == DEFLATE_FAST ? 1 : 9);
            case ZSTD -> Zstd.compress(in, 3);
            case LZ4 -> LZ4Factory.fastestInstance().fastCompressor().compress(in);
        };
    }

    byte[] decompress(byte[] in, int offset, int length, int originalLength) throws IOException {
        try {
            return switch (this) {
                case NONE -> Arrays.copyOfRange(in, offset, offset + length);
                case DEFLATE_FAST, DEFLATE_BEST -> inflate(in, offset, length, originalLength);
                case ZSTD -> {
                    byte[] out = new byte[originalLength];
                    long n = Zstd.decompressByteArray(out, 0, originalLength, in, offset, length);
                    if (Zstd.isError(n) || n != originalLength) throw new IOException("zstd: " + (Zstd.isError(n) ? Zstd.getErrorName(n) : n + " bytes, not " + originalLength));
                    yield out;
                }
                case LZ4 -> {
                    byte[] out = new byte[originalLength];
                    int n = LZ4Factory.fastestInstance().safeDecompressor().decompress(in, offset, length, out, 0, originalLength);
                    if (n != originalLength) throw new IOException("lz4: the block holds " + n + " bytes, not the " + originalLength + " declared");
                    yield out;
                }
            };
        } catch (RuntimeException e) {
            throw new IOException(label() + ": the message does not decompress: " + e.getMessage(), e);
        }
    }

    private static byte[] deflate(byte[] in, int level) {
        Deflater d = new Deflater(level, true);
        try {
            d.setInput(in);
            d.finish();
            byte[] buf = new byte[Math.max(64, in.length / 2)];
            int n = 0;
            while (!d.finished()) {
                if (n == buf.length) buf = Arrays.copyOf(buf, buf.length * 2);
                n += d.deflate(buf, n, buf.length - n);
            }
            return Arrays.copyOf(buf, n);
        } finally {
            d.end();
        }
    }

    /** Inflates exactly originalLength bytes; a stream that ends sooner, goes on longer, or has bytes after its end is refused. */
    private static byte[] inflate(byte[] in, int offset, int length, int originalLength) throws IOException {
        Inflater i = new Inflater(true);
        try {
            i.setInput(in, offset, length);
            byte[] out = new byte[originalLength];
            int n = 0;
            while (n < originalLength && !i.finished()) {
                int k = i.inflate(out, n, originalLength - n);
                if (k == 0 && (i.needsInput() || i.needsDictionary())) break;
                n += k;
            }
            if (n != originalLength) throw new IOException("deflate: the stream holds " + n + " bytes, not the " + originalLength + " declared");
            if (!i.finished()) {
                // one byte more than declared proves it longer; nothing beyond that byte is inflated (a bomb stays unopened)
                if (i.inflate(new byte[1]) > 0 || !i.finished()) {
                    throw new IOException("deflate: the stream does not end after the " + originalLength + " bytes declared (it is longer, or has no end)");
                }
            }
            if (i.getRemaining() > 0) throw new IOException("deflate: " + i.getRemaining() + " bytes after the end of the stream");
            return out;
        } catch (DataFormatException e) {
            throw new IOException("deflate: " + e.getMessage(), e);
        } finally {
            i.end();
        }
    }
}
