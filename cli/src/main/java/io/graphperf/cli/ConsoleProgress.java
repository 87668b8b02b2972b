package io.graphperf.cli;

import io.graphperf.core.measure.Interval;
import io.graphperf.core.measure.ProgressListener;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Progress on the terminal: a bar redrawn in place when stderr is a terminal, one line per phase otherwise
 * (CI logs stay readable). As a run listener it shows each cell's phase — warming up, measuring, draining —
 * with the throughput of the last interval.
 */
public final class ConsoleProgress implements ProgressListener {

    private static final int BAR_WIDTH = 24;
    private final PrintStream out;
    private final boolean interactive;
    private final long runStart = System.nanoTime();
    private String label = "";
    private long phaseStart, lastLine, cellStart;

    public ConsoleProgress(PrintStream out, boolean interactive) {
        this.out = out;
        this.interactive = interactive;
    }

    public static ConsoleProgress forStderr() {
        return new ConsoleProgress(System.err, System.console() != null);
    }

    @Override
    public void phase(String label) {
        this.label = label;
        this.phaseStart = System.nanoTime();
        this.lastLine = phaseStart;
        if (!interactive) out.println("[" + clock() + "] " + label + " ...");
        else out.print("\r\033[K" + label + " ...");
        out.flush();
    }

    @Override
    public void resume(String label, long phaseStartNanos, long warmupStartNanos) {
        this.label = label;
        this.phaseStart = phaseStartNanos;
        this.cellStart = warmupStartNanos;
    }

    @Override
    public void warmupStarted(long nanos) {
        cellStart = nanos;
    }

    @Override
    public void windowStarted(long nanos, double warmupSeconds, WarmupEnd why) {
        line(String.format(Locale.ROOT, "warm-up ended after %.1f s (%s), window starts", warmupSeconds, why.text));
    }

    @Override
    public void windowExtended(double seconds, String why) {
        line(String.format(Locale.ROOT, "window lengthened to %.0f s (%s)", seconds, why));
    }

    @Override
    public void interval(Interval i) {
        String phase = switch (i.phase()) {
            case WARMUP -> "warming up";
            case WINDOW -> "measuring";
            case DRAIN -> "draining";
        };
        String text = String.format(Locale.ROOT, "%s %5.1f s, %,10.0f ops/s%s", phase, (System.nanoTime() - cellStart) / 1e9, i.opsPerSecond(),
                i.errors() > 0 ? ", " + i.errors() + " errors" : "");
        if (!interactive) {
            if (lineDue()) out.printf("[%s] %s: %s%n", clock(), label, text);
            return;
        }
        out.printf("\r\033[K%s %s", label, text);
        out.flush();
    }

    private void line(String text) {
        if (interactive) out.print("\r\033[K");
        out.printf("[%s] %s: %s%n", clock(), label, text);
        out.flush();
    }

    @Override
    public void progress(double fraction, String detail) {
        if (!interactive) {
            if (lineDue()) out.printf("[%s] %s: %3.0f%% %s%n", clock(), label, fraction * 100, detail);
            return;
        }
        int filled = (int) Math.max(0, Math.min(BAR_WIDTH, Math.round(BAR_WIDTH * fraction)));
        out.printf("\r\033[K%s %s %3.0f%% %s", label, "█".repeat(filled) + "░".repeat(BAR_WIDTH - filled), fraction * 100, detail);
        out.flush();
    }

    @Override
    public void phaseDone(String outcome) {
        double seconds = (System.nanoTime() - phaseStart) / 1e9;
        if (interactive) out.print("\r\033[K");
        out.printf("[%s] %s: %s (%.1fs)%n", clock(), label, outcome, seconds);
        out.flush();
    }

    /** Without a terminal, logs get a progress line every 10 s instead of a redrawn bar. */
    private boolean lineDue() {
        long now = System.nanoTime();
        if (now - lastLine < 10_000_000_000L) return false;
        lastLine = now;
        return true;
    }

    private String clock() {
        long s = (System.nanoTime() - runStart) / 1_000_000_000L;
        return String.format("%02d:%02d", s / 60, s % 60);
    }
}
