package io.graphperf.core.results;

/**
 * CPU used during a measured window, in cores (1.0 = one core busy all the time).
 *
 * @param harnessCores  graphperf's own process
 * @param serverCores   the database server process, NaN when it is not on this machine
 * @param machineBusy   fraction of all cores of this machine that were busy (0..1)
 * @param cores         logical cores of this machine
 * @param clientBound   true when the harness, not the database, is the likely bottleneck
 */
public record CpuUsage(double harnessCores, double serverCores, double machineBusy, int cores, boolean clientBound) {

    /**
     * The client is the bottleneck when it alone uses most of the machine, or when the machine is
     * saturated and the harness uses more CPU than the server it is measuring.
     */
    public static boolean isClientBound(double harnessCores, double serverCores, double machineBusy, int cores) {
        if (harnessCores >= 0.7 * cores) return true;
        return machineBusy >= 0.85 && !Double.isNaN(serverCores) && harnessCores > serverCores;
    }

    public String warning() {
        if (!clientBound) return null;
        return String.format("the harness used %.2f of %d cores (server %.2f, machine %.0f%% busy): "
                + "the client may be the bottleneck, not the database", harnessCores, cores, serverCores, machineBusy * 100);
    }
}
