package io.graphperf.core.measure;

import java.util.function.LongToDoubleFunction;

/**
 * Ranks 1 … n drawn exactly with Zipf's law (rank k with probability ∝ 1 / k^exponent) by rejection-inversion (Hörmann and Derflinger,
 * "Rejection-inversion to generate variates from monotone discrete distributions", 1996): a uniform number is mapped through the
 * inverse of the integral of x^−exponent and accepted when it falls under the rank's own mass, else the next uniform is tried (about
 * one try in a hundred is rejected). Exact for any n and exponent, in constant time and memory; the uniforms come from a function, so
 * a draw is a function of its key.
 */
final class ZipfRanks {

    private final long n;
    private final double exponent, hFirst, hAll, squeeze;

    ZipfRanks(long n, double exponent) {
        if (n < 1) throw new IllegalArgumentException("at least one rank");
        if (!(exponent > 0)) throw new IllegalArgumentException("a positive exponent");
        this.n = n;
        this.exponent = exponent;
        this.hFirst = integral(1.5) - 1;
        this.hAll = integral(n + 0.5);
        this.squeeze = 2 - inverse(integral(2.5) - mass(2));
    }

    /** A rank from 1 to n; {@code uniform} gives the i-th uniform number in [0, 1) of this draw. */
    long rank(LongToDoubleFunction uniform) {
        for (long i = 0; ; i++) {
            double u = hAll + uniform.applyAsDouble(i) * (hFirst - hAll);
            double x = inverse(u);
            long k = Math.max(1, Math.min(n, (long) (x + 0.5)));
            if (k - x <= squeeze || u >= integral(k + 0.5) - mass(k)) return k;
        }
    }

    /** The rank's unnormalised mass, k^−exponent. */
    private double mass(double k) {
        return Math.exp(-exponent * Math.log(k));
    }

    /** H(x) = (x^(1−exponent) − 1) / (1 − exponent), ln x at exponent 1: an integral of the mass. */
    private double integral(double x) {
        double log = Math.log(x);
        return expm1Over((1 - exponent) * log) * log;
    }

    /** H's inverse. */
    private double inverse(double h) {
        double t = Math.max(-1, h * (1 - exponent));
        return Math.exp(log1pOver(t) * h);
    }

    /** ln(1 + x) / x, 1 at 0. */
    private static double log1pOver(double x) {
        return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1 - x * (0.5 - x * (1.0 / 3 - 0.25 * x));
    }

    /** (e^x − 1) / x, 1 at 0. */
    private static double expm1Over(double x) {
        return Math.abs(x) > 1e-8 ? Math.expm1(x) / x : 1 + x * 0.5 * (1 + x / 3 * (1 + 0.25 * x));
    }
}
