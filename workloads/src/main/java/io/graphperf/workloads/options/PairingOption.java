package io.graphperf.workloads.options;

import io.graphperf.core.UserError;
import io.graphperf.workloads.Trials;
import picocli.CommandLine.Option;

import java.util.Locale;

/** --pairing: offered by the experiments whose cells are all measured in graphperf's process, so two configurations can run as a duet. */
public final class PairingOption {

    @Option(names = "--pairing", paramLabel = "interleaved|duet", description = {"How the variant's trials meet the baseline's: interleaved"
            + " (default: A B A B …, one at a time) or duet (both at once on this machine, cell for cell from a common start, compared round by"
            + " round, so what the machine does to one it does to the other; needs exactly one --variant and a fixed --warmup; docs/compare.md)."})
    public String pairing;

    /** The trials' pairing of --pairing. */
    public Trials.Pairing choice() {
        if (pairing == null) return Trials.Pairing.INTERLEAVED;
        for (Trials.Pairing p : Trials.Pairing.values()) {
            if (p.text.equals(pairing.strip().toLowerCase(Locale.ROOT))) return p;
        }
        throw new UserError("--pairing " + pairing + ": give interleaved or duet");
    }
}
