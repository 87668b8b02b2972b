package io.graphperf.core.report;

import io.graphperf.core.results.Cell;
import io.graphperf.core.results.Figure;
import io.graphperf.core.results.RunResult;
import io.graphperf.core.stats.FigureComparison;
import io.graphperf.core.stats.VariantComparison;
import io.graphperf.core.stats.Verdicts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The matrix of a {@code --matrix} run: a heatmap per headline figure (rows: every axis but the last, columns: the last
 * axis; colour: difference from the baseline cell; mark: the verdict), a plain sentence per question (each cell that
 * differs from the baseline in one axis), the verdicts per cell, and the block I/O request sizes of each cell's devices.
 */
public final class MatrixSection {

    /** At most this many heatmaps: a study's main figures, not every probe. */
    static final int MAX_MAPS = 10;

    private MatrixSection() {
    }

    /** The matrix's axes in order, or empty when the run is not a matrix. */
    @SuppressWarnings("unchecked")
    static List<String> axes(RunResult run) {
        Object m = run.configuration().get("matrix");
        if (!(m instanceof Map<?, ?> map) || !(map.get("axes") instanceof List<?> l)) return List.of();
        return (List<String>) l;
    }

    public static void render(Html h, RunResult run) {
        List<String> axes = axes(run);
        if (axes.isEmpty() || run.variants().isEmpty()) return;
        String baseline = run.variants().get(0).name();
        Map<String, Map<String, String>> cellAxes = cellAxes(run);
        h.h2("Matrix: " + String.join(" × ", axes), "id", "matrix");
        h.note(run.variants().size() + " cells × " + run.repeats() + " repeats, interleaved; baseline cell " + baseline
                + ". Colour: difference of the median from the baseline's (green better, red worse); mark: the verdict of the"
                + " comparison (▲▼ significant, the interval reaching past the minimum effect, = equivalent, ? inconclusive, blank: no verdict).");
        List<String> sentences = sentences(run, axes, cellAxes, baseline);
        if (!sentences.isEmpty()) h.box("questions", "Answers, one per question (a cell that differs from the baseline in one axis)", sentences);
        for (FigureKey f : mapped(run)) heatmap(h, run, axes, cellAxes, baseline, f);
        verdicts(h, run);
        ioSizes(h, run);
    }

    /** A figure of one cell key, by the cell's label and the figure's name. */
    record FigureKey(String cell, String figure, String unit, boolean higherIsBetter) {
        String title() {
            return cell + " · " + figure + " (" + unit + ")";
        }
    }

    /** The figures mapped: every figure of each scenario with at most two cells of its own (a study's phases), in order. */
    static List<FigureKey> mapped(RunResult run) {
        Map<String, Set<String>> keysPerScenario = new LinkedHashMap<>();
        Map<String, FigureKey> first = new LinkedHashMap<>();
        for (Cell c : run.cells()) {
            keysPerScenario.computeIfAbsent(c.scenario(), s -> new LinkedHashSet<>()).add(c.label());
            for (Figure f : c.figures()) first.putIfAbsent(c.label() + "|" + f.name(), new FigureKey(c.label(), f.name(), f.unit(), f.higherIsBetter()));
        }
        List<FigureKey> out = new ArrayList<>();
        for (Cell c : run.cells()) {
            if (keysPerScenario.get(c.scenario()).size() > 2) continue;
            for (Figure f : c.figures()) {
                FigureKey k = first.get(c.label() + "|" + f.name());
                if (!out.contains(k)) out.add(k);
            }
        }
        if (out.size() > MAX_MAPS) out = new ArrayList<>(out.subList(0, MAX_MAPS));
        return out;
    }

    static Map<String, Map<String, String>> cellAxes(RunResult run) {
        Map<String, Map<String, String>> m = new LinkedHashMap<>();
        for (Cell c : run.cells()) m.putIfAbsent(c.variant(), c.axes());
        return m;
    }

    /** The median of a figure over a cell's repeats, NaN when absent. */
    static double median(RunResult run, String variant, FigureKey k) {
        List<Double> v = new ArrayList<>();
        for (Cell c : run.cells()) {
            if (!c.variant().equals(variant) || !c.label().equals(k.cell())) continue;
            for (Figure f : c.figures()) if (f.name().equals(k.figure()) && Double.isFinite(f.value())) v.add(f.value());
        }
        if (v.isEmpty()) return Double.NaN;
        double[] a = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    static FigureComparison comparison(RunResult run, String variant, FigureKey k) {
        for (VariantComparison vc : run.comparisons()) {
            if (!vc.variant().equals(variant)) continue;
            for (FigureComparison f : vc.figures()) if (f.cell().equals(k.cell()) && f.figure().equals(k.figure())) return f;
        }
        return null;
    }

    private static void heatmap(Html h, RunResult run, List<String> axes, Map<String, Map<String, String>> cellAxes, String baseline, FigureKey k) {
        String last = axes.get(axes.size() - 1);
        List<String> rowAxes = axes.subList(0, axes.size() - 1);
        List<String> columns = new ArrayList<>();
        Map<String, Map<String, String>> grid = new TreeMap<>(); // row label → column value → variant
        List<String> rowOrder = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> e : cellAxes.entrySet()) {
            String col = e.getValue().getOrDefault(last, "");
            if (!columns.contains(col)) columns.add(col);
            List<String> parts = new ArrayList<>();
            for (String a : rowAxes) parts.add(e.getValue().getOrDefault(a, ""));
            String row = String.join(" · ", parts);
            if (!rowOrder.contains(row)) rowOrder.add(row);
            grid.computeIfAbsent(row, r -> new LinkedHashMap<>()).put(col, e.getKey());
        }
        double base = median(run, baseline, k);
        h.h3(k.title());
        String[] headers = new String[columns.size() + 1];
        headers[0] = rowAxes.isEmpty() ? "" : String.join(" · ", rowAxes) + " \\ " + last;
        for (int i = 0; i < columns.size(); i++) headers[i + 1] = last + " " + columns.get(i);
        Html.Table t = h.table("heatmap", null, headers);
        for (String row : rowOrder) {
            List<Html.Td> tds = new ArrayList<>();
            tds.add(Html.Td.text(row.isEmpty() ? "(all)" : row));
            for (String col : columns) {
                String variant = grid.get(row).get(col);
                if (variant == null) {
                    tds.add(Html.Td.text("–"));
                    continue;
                }
                double v = median(run, variant, k);
                FigureComparison fc = comparison(run, variant, k);
                double rel = base == 0 || !Double.isFinite(base) ? Double.NaN : (v - base) / Math.abs(base) * (k.higherIsBetter() ? 1 : -1);
                String mark = fc == null ? (variant.equals(baseline) ? " (baseline)" : "") : switch (fc.outcome()) {
                    case BETTER -> " ▲";
                    case WORSE -> " ▼";
                    case EQUIVALENT -> " =";
                    case INCONCLUSIVE -> " ?";
                    case NO_VERDICT -> "";
                };
                String title = variant + ": median " + Format.value(v) + " " + k.unit() + (fc == null ? "" : "; " + fc.outcome().text + ", " + fc.reason());
                tds.add(Html.Td.markup("<div class=\"heat\" data-variant=\"" + Html.escape(variant) + "\" data-value=\"" + v + "\" style=\"background:"
                        + colour(rel) + ";padding:2px 6px;text-align:right\">" + Html.escape(Format.value(v) + mark) + "</div>").title(title));
            }
            t.row(List.of(), tds.toArray(Html.Td[]::new));
        }
        t.end();
    }

    /** Green for better, red for worse, saturating at ±50 %; white at the baseline. */
    static String colour(double rel) {
        if (!Double.isFinite(rel)) return "#ffffff";
        double x = Math.max(-1, Math.min(1, rel / 0.5));
        int fade = (int) Math.round(255 - 120 * Math.abs(x));
        return x >= 0 ? String.format(Locale.ROOT, "rgb(%d,255,%d)", fade, fade) : String.format(Locale.ROOT, "rgb(255,%d,%d)", fade, fade);
    }

    /** "disk encrypted instead of plain: import time 24.5 % slower (p = 0.012 after Holm, 3 runs each); …" */
    static List<String> sentences(RunResult run, List<String> axes, Map<String, Map<String, String>> cellAxes, String baseline) {
        Map<String, String> base = cellAxes.getOrDefault(baseline, Map.of());
        List<FigureKey> figures = mapped(run);
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> e : cellAxes.entrySet()) {
            if (e.getKey().equals(baseline)) continue;
            List<String> differs = new ArrayList<>();
            for (String a : axes) if (!e.getValue().getOrDefault(a, "").equals(base.getOrDefault(a, ""))) differs.add(a);
            if (differs.size() != 1) continue;
            String a = differs.get(0);
            // the study's main figure, disk use, and whatever else came out significant
            FigureKey main = primary(run, figures, baseline);
            Set<String> common = commonParts(figures);
            List<String> parts = new ArrayList<>();
            for (FigureKey k : figures) {
                FigureComparison fc = comparison(run, e.getKey(), k);
                if (fc == null) continue;
                boolean significant = fc.outcome() == Verdicts.Outcome.BETTER || fc.outcome() == Verdicts.Outcome.WORSE;
                if (k.equals(main) || significant || k.figure().contains("disk use")) parts.add(sentence(k, fc, common));
            }
            if (!parts.isEmpty()) out.add(a + " " + e.getValue().get(a) + " instead of " + base.get(a) + ": " + String.join("; ", parts) + ".");
        }
        return out;
    }

    /** The phase that takes longest in the baseline (an import, say), or the first figure when none is a time. */
    static FigureKey primary(RunResult run, List<FigureKey> figures, String baseline) {
        FigureKey best = figures.isEmpty() ? null : figures.get(0);
        double longest = -1;
        for (FigureKey k : figures) {
            if (!k.unit().equals("s")) continue;
            double m = median(run, baseline, k);
            if (m > longest) {
                longest = m;
                best = k;
            }
        }
        return best;
    }

    /** Parts of the cells' labels that several scenarios share (e.g. "scale 0.01"): left out of the sentences. */
    static Set<String> commonParts(List<FigureKey> figures) {
        Map<String, Set<String>> scenarios = new LinkedHashMap<>();
        for (FigureKey k : figures) {
            String[] p = k.cell().split(" · ");
            for (int i = 1; i < p.length; i++) scenarios.computeIfAbsent(p[i], x -> new LinkedHashSet<>()).add(p[0]);
        }
        Set<String> out = new LinkedHashSet<>();
        scenarios.forEach((part, in) -> {
            if (in.size() > 1) out.add(part);
        });
        return out;
    }

    static String sentence(FigureKey k, FigureComparison fc, Set<String> common) {
        List<String> label = new ArrayList<>();
        for (String p : k.cell().split(" · ")) if (!common.contains(p)) label.add(p);
        String what = String.join(" · ", label) + " " + k.figure();
        String runs = fc.baseline().n() + " and " + fc.variant().n() + " runs";
        return switch (fc.outcome()) {
            case BETTER, WORSE -> String.format(Locale.ROOT, "%s %s (%s, p = %.3g after Holm, %s)", what,
                    fc.outcome() == Verdicts.Outcome.BETTER ? (k.higherIsBetter() ? "higher" : "lower, better") : (k.higherIsBetter() ? "lower, worse" : "higher, worse"),
                    Format.signedPct(fc.differencePct()), fc.pHolm(), runs);
            case EQUIVALENT -> String.format(Locale.ROOT, "%s equivalent (95 %% CI of the difference %s … %s, %s)", what,
                    Format.signedPct(fc.ci95LowPct()), Format.signedPct(fc.ci95HighPct()), runs);
            case INCONCLUSIVE -> String.format(Locale.ROOT, "%s no significant difference (%s, p = %.2g, %s; inconclusive%s)", what,
                    Format.signedPct(fc.differencePct()), fc.pValue(), runs, fc.repeatsNeeded() > 0 ? ", about " + fc.repeatsNeeded() + " runs a side would decide" : "");
            case NO_VERDICT -> what + " " + Format.signedPct(fc.differencePct()) + " (no verdict, " + runs + ")";
        };
    }

    private static void verdicts(Html h, RunResult run) {
        if (run.comparisons().isEmpty()) return;
        h.h3("Verdicts per cell against the baseline");
        Html.Table t = h.table("matrix-verdicts", null, "cell", "faster / better", "slower / worse", "equivalent", "inconclusive", "no verdict", "significant figures");
        for (VariantComparison vc : run.comparisons()) {
            List<String> sig = new ArrayList<>();
            for (FigureComparison f : vc.figures()) {
                if (f.outcome() == Verdicts.Outcome.BETTER || f.outcome() == Verdicts.Outcome.WORSE) {
                    sig.add(f.cell().split(" · ")[0] + " " + f.figure() + " " + Format.signedPct(f.differencePct()));
                }
            }
            t.row(List.of(), Html.Td.text(vc.variant()), Html.Td.num(Long.toString(vc.count(Verdicts.Outcome.BETTER))),
                    Html.Td.num(Long.toString(vc.count(Verdicts.Outcome.WORSE))), Html.Td.num(Long.toString(vc.count(Verdicts.Outcome.EQUIVALENT))),
                    Html.Td.num(Long.toString(vc.count(Verdicts.Outcome.INCONCLUSIVE))), Html.Td.num(Long.toString(vc.count(Verdicts.Outcome.NO_VERDICT))),
                    Html.Td.text(sig.isEmpty() ? "–" : String.join("; ", sig)));
        }
        t.end();
    }

    /** Power-of-two buckets of request sizes: 4k, 8k, … (a request of 12 KiB counts in the 8k–16k bucket). */
    static Map<Long, Long> buckets(Map<?, ?> sizes) {
        Map<Long, Long> b = new TreeMap<>();
        for (Map.Entry<?, ?> e : sizes.entrySet()) {
            // keys are numbers in memory and strings after run.json
            long size = Long.parseLong(String.valueOf(e.getKey())), count = ((Number) e.getValue()).longValue();
            b.merge(Long.highestOneBit(Math.max(1, size)), count, Long::sum);
        }
        return b;
    }

    /** 4096 → "4 KiB", 512 → "512 B". */
    static String binary(long bytes) {
        if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) return (bytes >> 20) + " MiB";
        if (bytes >= 1024 && bytes % 1024 == 0) return (bytes >> 10) + " KiB";
        return bytes + " B";
    }

    @SuppressWarnings("unchecked")
    private static void ioSizes(Html h, RunResult run) {
        List<SvgChart.Stack> rows = new ArrayList<>();
        Set<Long> all = new TreeSet<>();
        Map<String, Map<Long, Long>> perRow = new LinkedHashMap<>();
        String unavailable = null;
        for (RunResult.Trial t : run.trials()) {
            if (t.storage() == null || t.repeat() != 1) continue;
            Object sizes = t.storage().get("blockRequestSizes");
            if (sizes instanceof String why) unavailable = why;
            if (!(sizes instanceof Map<?, ?> devices)) continue;
            Map<String, String> role = new LinkedHashMap<>();
            for (String r : List.of("data", "log")) {
                if (t.storage().get(r) instanceof Map<?, ?> fs) role.put(String.valueOf(fs.get("device")), r);
            }
            for (Map.Entry<?, ?> d : devices.entrySet()) {
                Object writes = ((Map<?, ?>) d.getValue()).get("write");
                if (!(writes instanceof Map<?, ?> w)) continue;
                Map<Long, Long> b = buckets(w);
                all.addAll(b.keySet());
                perRow.put(t.variant() + " · " + role.getOrDefault(String.valueOf(d.getKey()), String.valueOf(d.getKey())), b);
            }
        }
        if (perRow.isEmpty()) {
            if (unavailable != null) h.note("Block I/O request sizes were not traced: " + unavailable + ".");
            return;
        }
        h.h3("Block I/O write request sizes (bpftrace, block:block_rq_issue, first repeat of each cell)");
        List<Long> sizes = new ArrayList<>(all);
        List<String> names = sizes.stream().map(MatrixSection::binary).toList();
        for (Map.Entry<String, Map<Long, Long>> e : perRow.entrySet()) {
            double total = e.getValue().values().stream().mapToLong(Long::longValue).sum();
            double[] parts = new double[sizes.size()];
            for (int i = 0; i < sizes.size(); i++) parts[i] = e.getValue().getOrDefault(sizes.get(i), 0L) / total * 100;
            rows.add(new SvgChart.Stack(e.getKey(), parts, String.format(Locale.ROOT, "%,.0f write requests", total)));
        }
        h.raw(SvgChart.stacked("io-sizes", "share of write requests by size (%)", names, rows));
        h.note("Each bar is one device of one cell: the share of its write requests in each power-of-two size bucket (a request of"
                + " 12 KiB counts as ≥ 8 KiB). run.json keeps the exact sizes and counts per device.");
    }
}
