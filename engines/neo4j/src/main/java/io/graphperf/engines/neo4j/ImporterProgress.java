package io.graphperf.engines.neo4j;

import io.graphperf.core.engine.PhaseProgress;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Follows the importer's output while it runs and turns it into progress: a stage starts with a line
 * like "(1/4) Node import 2026-11-22 00:31:33.090+0000", then prints rows of fifty dots, each row
 * ending in a percentage (".......... ..........  45% ∆1s 2ms [1s 59ms]").
 */
final class ImporterProgress {

    private static final Pattern PERCENT = Pattern.compile("(\\d{1,3})%");
    private static final Pattern STAGE = Pattern.compile("^\\((\\d+)/(\\d+)\\) (.+?) \\d{4}-\\d{2}-\\d{2}.*");

    private final Path log;
    private final PhaseProgress progress;
    private long offset;
    private String stage;
    private final StringBuilder partial = new StringBuilder();

    ImporterProgress(Path log, PhaseProgress progress) {
        this.log = log;
        this.progress = progress;
    }

    void poll() {
        if (!progress.listens()) return;
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
            long len = f.length();
            if (len <= offset) return;
            byte[] b = new byte[(int) Math.min(len - offset, 1 << 20)];
            f.seek(offset);
            f.readFully(b);
            offset += b.length;
            partial.append(new String(b, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return; // not written yet
        }
        int nl;
        while ((nl = partial.indexOf("\n")) >= 0) {
            line(partial.substring(0, nl).trim());
            partial.delete(0, nl + 1);
        }
        if (partial.length() > 0) percent(partial.toString());
    }

    private void line(String line) {
        Matcher st = STAGE.matcher(line);
        if (st.matches()) {
            if (stage != null) progress.phaseDone("done");
            stage = st.group(3) + " (" + st.group(1) + "/" + st.group(2) + ")";
            progress.phase("importer: " + stage);
            return;
        }
        percent(line);
    }

    private void percent(String text) {
        if (stage == null) return;
        Matcher m = PERCENT.matcher(text);
        int last = -1;
        while (m.find()) last = Integer.parseInt(m.group(1));
        if (last >= 0) progress.progress(Math.min(100, last) / 100.0, "of this stage");
    }

    void finish() {
        poll();
        if (stage != null) progress.phaseDone("done");
        stage = null;
    }
}
