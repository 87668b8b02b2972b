package io.graphperf.core.report;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SvgChartTest {

    private static final Pattern PART = Pattern.compile("<rect class=\"part\" data-part=\"([^\"]*)\" data-value=\"([^\"]*)\" x=\"([^\"]*)\" y=\"[^\"]*\" width=\"([^\"]*)\"");

    @Test
    void stackedBarsLaySegmentsEndToEndInProportion() {
        String svg = SvgChart.stacked("t", "ms", List.of("server", "client", "rest"), List.of(
                new SvgChart.Stack("a", new double[]{0.2, 0.1, 0.1}, null),
                new SvgChart.Stack("b", new double[]{0.1, Double.NaN, 0.3}, "note")));
        List<double[]> parts = new ArrayList<>();
        Matcher m = PART.matcher(svg);
        while (m.find()) parts.add(new double[]{Double.parseDouble(m.group(2)), Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4))});
        assertEquals(5, parts.size(), "a NaN part is left out");
        // row a: segments start where the previous ended, widths proportional to the values
        assertEquals(parts.get(0)[1] + parts.get(0)[2], parts.get(1)[1], 0.11);
        assertEquals(parts.get(0)[2] / 2, parts.get(1)[2], 0.11);
        // 0.4 ms is the longest stack for both rows: equal total widths
        double a = parts.get(0)[2] + parts.get(1)[2] + parts.get(2)[2], b = parts.get(3)[2] + parts.get(4)[2];
        assertEquals(a, b, 0.2);
        assertTrue(svg.contains("b: rest 0.300 ms (note)"), svg);
        assertTrue(svg.contains(">0.4<"), "an axis tick at the top of the scale");
    }

    @Test
    void nothingToChartSaysSo() {
        assertTrue(SvgChart.stacked("t", "ms", List.of("x"), List.of(new SvgChart.Stack("a", new double[]{0}, null))).contains("no data"));
    }

    @Test
    void niceSteps() {
        assertEquals(0.1, SvgChart.niceStep(0.08), 1e-12);
        assertEquals(2, SvgChart.niceStep(1.3), 1e-12);
        assertEquals(50, SvgChart.niceStep(41), 1e-12);
    }
}
