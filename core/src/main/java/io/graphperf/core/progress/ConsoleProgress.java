package io.graphperf.core.progress;

import java.io.PrintStream;

/**
 * Progress on the terminal: a bar redrawn in place when stderr is a terminal, one line per phase
 * otherwise (CI logs stay readable).
 */
public final class ConsoleProgress implements ProgressListener {

    private static final int BAR_WIDTH = 24;
    private final PrintStream out;
    private final boolean interactive;
    private final long runStart = System.nanoTime();
    private String label = "";
    private long phaseStart, lastLine;

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
    public void tick(double elapsed, double total, double opsPerSecond, boolean warmingUp) {
        if (!interactive) {
            if (lineDue()) out.printf("[%s] %s: %.0f/%.0fs, %,.0f ops/s%s%n", clock(), label, elapsed, total, opsPerSecond, warmingUp ? " (warm-up)" : "");
            return;
        }
        int filled = total <= 0 ? BAR_WIDTH : (int) Math.min(BAR_WIDTH, Math.round(BAR_WIDTH * elapsed / total));
        String bar = "█".repeat(filled) + "░".repeat(BAR_WIDTH - filled);
        out.printf("\r\033[K%s %s %5.1f/%.0fs %,10.0f ops/s%s", label, bar, elapsed, total, opsPerSecond,
                warmingUp ? " (warm-up)" : "");
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
