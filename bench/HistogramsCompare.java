import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;

import java.util.TreeSet;

/**
 * Two interval logs' latency histograms compared (the proof that a merge of agents' logs is exact): each log's operation-type intervals added into one histogram
 * (the errors, dropped, service and warm-up tags left out), then the two-sample Kolmogorov–Smirnov distance D between them, the critical D at
 * α = 0.05 for their counts, and the percentiles side by side.
 *
 *   java -cp "$(graphperf's classpath)" bench/HistogramsCompare.java A.hlog B.hlog
 */
public final class HistogramsCompare {
    public static void main(String[] a) throws Exception {
        Histogram x = read(a[0]), y = read(a[1]);
        TreeSet<Long> values = new TreeSet<>();
        for (HistogramIterationValue v : x.recordedValues()) values.add(x.highestEquivalentValue(v.getValueIteratedTo()));
        for (HistogramIterationValue v : y.recordedValues()) values.add(y.highestEquivalentValue(v.getValueIteratedTo()));
        double d = 0;
        for (long v : values) d = Math.max(d, Math.abs(cdf(x, v) - cdf(y, v)));
        long n = x.getTotalCount(), m = y.getTotalCount();
        double critical = 1.358 * Math.sqrt((double) (n + m) / ((double) n * m));
        StringBuilder s = new StringBuilder(String.format("KS D = %.4f (critical %.4f at α 0.05: %s); n %d vs %d;", d, critical,
                d > critical ? "the distributions differ" : "no difference found", n, m));
        for (double p : new double[]{50, 90, 99, 99.9}) {
            s.append(String.format(" p%s %.2f vs %.2f ms;", p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p),
                    x.getValueAtPercentile(p) / 1e6, y.getValueAtPercentile(p) / 1e6));
        }
        s.append(String.format(" max %.1f vs %.1f ms", x.getMaxValue() / 1e6, y.getMaxValue() / 1e6));
        System.out.println(s);
    }

    private static double cdf(Histogram h, long v) {
        return (double) h.getCountBetweenValues(0, v) / h.getTotalCount();
    }

    private static Histogram read(String file) throws Exception {
        HistogramLogReader r = new HistogramLogReader(file);
        Histogram all = null;
        for (EncodableHistogram e; (e = r.nextIntervalHistogram()) != null; ) {
            Histogram h = (Histogram) e;
            String tag = h.getTag() == null ? "" : h.getTag();
            if (tag.equals("warmup") || tag.equals("errors") || tag.equals("dropped") || tag.equals("service")) continue;
            if (all == null) all = new Histogram(h.getLowestDiscernibleValue(), h.getHighestTrackableValue(), h.getNumberOfSignificantValueDigits());
            all.add(h);
        }
        return all;
    }
}
