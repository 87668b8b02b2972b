package io.graphperf.datagen.format;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** A word list from the classpath (one word a line), with its words pre-encoded for {@link RowBuffer}. */
public final class Dictionary {
    private final String[] words;
    private final byte[][] bytes;

    private Dictionary(List<String> words) {
        this.words = words.toArray(String[]::new);
        this.bytes = new byte[this.words.length][];
        for (int i = 0; i < this.words.length; i++) bytes[i] = this.words[i].getBytes(StandardCharsets.US_ASCII);
    }

    public static Dictionary load(String name) {
        String path = "/io/graphperf/datagen/" + name + ".txt";
        try (InputStream in = Dictionary.class.getResourceAsStream(path)) {
            if (in == null) throw new IllegalStateException("missing dictionary " + path);
            List<String> words = new ArrayList<>();
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                line = line.trim();
                if (!line.isEmpty() && !line.startsWith("#")) words.add(line);
            }
            return new Dictionary(words);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public int size() {
        return words.length;
    }

    public byte[] pick(SplittableRandom rnd) {
        return bytes[rnd.nextInt(bytes.length)];
    }

    public byte[] bytes(int i) {
        return bytes[i];
    }

    public String word(int i) {
        return words[i];
    }
}
