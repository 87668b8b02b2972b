package io.graphperf.engines.neo4j.procedures;

import io.graphperf.core.measure.Slowdown;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.kernel.extension.ExtensionFactory;
import org.neo4j.kernel.extension.ExtensionType;
import org.neo4j.kernel.extension.context.ExtensionContext;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.kernel.lifecycle.Lifecycle;
import org.neo4j.kernel.lifecycle.LifecycleAdapter;
import org.neo4j.logging.internal.LogService;
import java.util.Optional;

/**
 * Registers {@link CpuSlowdown} on every user database when the engine host's JVM has the system property {@value #PROPERTY} (a share
 * such as {@code 5%}; graphperf's launcher sets it from the variant setting of the same name), and logs what it burned when the database
 * stops.
 */
public final class CpuSlowdownExtension extends ExtensionFactory<CpuSlowdownExtension.Dependencies> {

    /** The system property, named as the variant setting, of the injected CPU slowdown. */
    public static final String PROPERTY = Slowdown.CPU_SETTING;

    public interface Dependencies {
        GraphDatabaseAPI graphDatabaseAPI();

        DatabaseManagementService databaseManagementService();

        LogService logService();
    }

    public CpuSlowdownExtension() {
        super(ExtensionType.DATABASE, "graphperfCpuSlowdown");
    }

    @Override
    public Lifecycle newInstance(ExtensionContext context, Dependencies deps) {
        String name = deps.graphDatabaseAPI().databaseName();
        Optional<Slowdown> s = Slowdown.of(PROPERTY, System.getProperty(PROPERTY));
        if ("system".equals(name) || s.isEmpty() || s.get().fraction() == 0) return new LifecycleAdapter();
        CpuSlowdown slowdown = new CpuSlowdown(s.get().fraction());
        return new LifecycleAdapter() {
            @Override
            public void start() {
                deps.databaseManagementService().registerTransactionEventListener(name, slowdown);
                deps.logService().getUserLog(CpuSlowdownExtension.class).info("graphperf: every write transaction of '" + name + "' burns "
                        + s.get().fraction() * 100 + " % more CPU (" + PROPERTY + ")");
            }

            @Override
            public void stop() {
                deps.databaseManagementService().unregisterTransactionEventListener(name, slowdown);
                deps.logService().getUserLog(CpuSlowdownExtension.class).info("graphperf: the CPU slowdown of '" + name + "' burned "
                        + slowdown.burnedNanos() / 1_000 + " µs of CPU");
            }
        };
    }
}
