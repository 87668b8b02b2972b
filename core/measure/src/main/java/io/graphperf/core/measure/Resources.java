package io.graphperf.core.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the machine did during a measured window: CPU in cores (1.0 = one core busy all the time) of the
 * harness, of the engine's processes and of everything else, and the harness's garbage collection. A
 * figure measured while the machine was busy with other work, or while the harness itself took CPU the
 * database needed, says so.
 *
 * @param harnessCores     graphperf's own process
 * @param serverCores      the engine's server processes on this machine (NaN when none is local)
 * @param machineBusy      fraction of all cores of this machine that were busy (0..1)
 * @param cores            logical cores of this machine
 * @param otherLoadCores   busy cores not explained by the harness and the server: other load on the machine
 * @param harnessGcMillis  time the harness's JVM spent in garbage collection
 * @param clientBound      the harness, not the database, may have limited the figure
 */
public record Resources(double harnessCores, double serverCores, double machineBusy, int cores, double otherLoadCores,
                        double harnessGcMillis, boolean clientBound) {

    /** Other load above this many cores makes the figure suspect. */
    public static final double OTHER_LOAD_WARNING_CORES = 0.1;

    /**
     * The harness may limit a cell when it alone uses most of the machine, or when the machine is saturated
     * and the harness holds at least 15 % of its cores (0.3 of 2): CPU the database could have used.
     */
    public static boolean isClientBound(double harnessCores, double serverCores, double machineBusy, int cores) {
        if (harnessCores >= 0.7 * cores) return true;
        return machineBusy >= 0.85 && !Double.isNaN(serverCores) && harnessCores >= 0.15 * cores;
    }

    /** The warnings this window deserves, as sentences (empty when the machine was quiet and the server had it). */
    public List<String> warnings() {
        List<String> w = new ArrayList<>();
        if (clientBound) {
            w.add(String.format(Locale.ROOT, "the harness used %.2f of %d cores (server %.2f, machine %.0f %% busy): the client may have"
                    + " limited this figure, not the database", harnessCores, cores, serverCores, machineBusy * 100));
        }
        if (otherLoadCores > OTHER_LOAD_WARNING_CORES) {
            w.add(String.format(Locale.ROOT, "other load on the machine: %.2f cores busy outside graphperf and the server", otherLoadCores));
        }
        return w;
    }

    /** The same figures for a measurement taken inside the server (client and server are one process). */
    public Resources inProcess() {
        return new Resources(harnessCores, serverCores, machineBusy, cores, otherLoadCores, harnessGcMillis, false);
    }
}
