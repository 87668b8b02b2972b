package io.graphperf.engines.hosted;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.BulkImport;
import io.graphperf.core.engine.Engine;
import io.graphperf.core.engine.EngineDescriptor;
import io.graphperf.core.engine.Engines;
import io.graphperf.core.engine.JitPriority;
import io.graphperf.engines.hosted.HostProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The launcher every hosted engine shares: an engine host of graphperf's (a child JVM, its heap the run's, its working folder the
 * trial's) started per store, asked to open it, and the adapter made from its reply; stores in the run's store folder as
 * {@code graphperf-NAME-STORE}, the host's log as {@code NAME-host.log} in the trial's folder; the bulk import graphperf's loader
 * in such a host ({@link HostedBulkImport}). An engine gives its host's main class and classpath, its open request and its adapter.
 */
public abstract class HostedEngines implements Engines, HostedBulkImport.Host {

    protected final EngineDescriptor.Context context;
    private final String name;
    private final String product;

    /**
     * @param name    the engine's name in files (e.g. "ladybug")
     * @param product the engine's name in messages (e.g. "LadybugDB")
     */
    protected HostedEngines(String name, String product, EngineDescriptor.Context context) {
        this.name = name;
        this.product = product;
        this.context = context;
    }

    /** The host's main class. */
    protected abstract String hostMain();

    /** The host's class path (a {@link io.graphperf.core.UserError} saying how to get it when it is not built). */
    protected abstract String classpath() throws IOException;

    /** The JVM options the host needs beyond heap and collector. */
    protected List<String> jvmOptions() {
        return List.of();
    }

    /** The adapter on a host that opened a store, {@code openReply} its answer. */
    protected abstract Engine engine(HostProcess host, Map<String, Object> openReply, Map<String, String> settings) throws Exception;

    /**
     * The open request of {@code store} for a trial's settings; {@link #openRequest(Path)} gives the run's. An engine takes no
     * settings unless it says how (FalkorDB's are its server's).
     */
    protected HostRequest<Map<String, Object>> openRequest(Path store, Map<String, String> settings) {
        if (!settings.isEmpty()) throw new UserError(product + " takes no engine settings here (given: " + settings.keySet() + ")");
        return openRequest(store);
    }

    /** What loads the dataset's files in the host, for the report. */
    protected abstract String loader();

    @Override
    public boolean embedded() {
        return true;
    }

    @Override
    public Engine start(String store, Map<String, String> settings, int connections) throws Exception {
        return open(storeDir(store), settings);
    }

    @Override
    public Engine open(Path store, Map<String, String> settings) throws Exception {
        HostRequest<Map<String, Object>> open = openRequest(store.toAbsolutePath(), settings);
        HostProcess host = startHost();
        try {
            return engine(host, host.call(Duration.ofMinutes(15), open), settings);
        } catch (Exception | Error e) {
            host.close();
            throw e;
        }
    }

    @Override
    public HostProcess startHost() throws IOException {
        Path dir = context.trialDir().toAbsolutePath();
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>(List.of(java(), "-Xms" + context.heap(),
                "-Xmx" + context.heap(), "-XX:+UseG1GC"));
        cmd.addAll(JitPriority.jvmOptions());
        cmd.addAll(jvmOptions());
        // the host named before its long classpath, where a process listing that cuts command lines still shows it
        cmd.addAll(List.of("-Dgraphperf.trial=" + dir, "-Dgraphperf.host=" + hostMain(), "-cp", classpath(), hostMain()));
        HostProcess host = HostProcess.start(product, cmd, hostLog(), Duration.ofMinutes(2), dir);
        try {
            configure(host);
        } catch (RuntimeException | IOException e) {
            host.close();
            throw e;
        }
        return host;
    }

    /** The java program the host runs on: graphperf's own by default (an engine version may need a newer one). */
    protected String java() throws IOException {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** What a started host is told before any store is opened (OrientDB's global settings); nothing by default. */
    protected void configure(HostProcess host) throws IOException {
    }

    @Override
    public Path hostLog() {
        return context.trialDir().toAbsolutePath().resolve(name + "-host.log");
    }

    public Path storeDir(String store) {
        return context.stores().toAbsolutePath().resolve("graphperf-" + name + "-" + store);
    }

    @Override
    public BulkImport bulkImport(String store, Map<String, String> options) throws Exception {
        Path s = storeDir(store);
        HostedBulkImport.deleteStore(s);
        return new HostedBulkImport(s, product, loader(), this);
    }

    @Override
    public void deleteStore(String store) throws Exception {
        if (!context.keepStore()) HostedBulkImport.deleteStore(storeDir(store));
    }

    @Override
    public boolean keepStore() {
        return context.keepStore();
    }

    /** The host's heap, for descriptions. */
    protected String heap() {
        return context.heap();
    }
}
