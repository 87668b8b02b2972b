package io.graphperf.workloads.options;

import io.graphperf.core.UserError;
import io.graphperf.core.engine.HostOption;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostOptionTest {

    @Test
    void aKeyNamesAHostOptionOrAnEngineSetting() {
        assertEquals(Optional.of(HostOption.PAGE_CACHE), HostOption.of("page-cache"));
        assertEquals(Optional.of(HostOption.TX_LOG_DIR), HostOption.of("tx-log-dir"));
        assertTrue(HostOption.of("db.tx_log.rotation.size").isEmpty());
        assertTrue(HostOption.of("pagecache").isEmpty(), "only the key as written");
        for (HostOption o : HostOption.values()) assertEquals(Optional.of(o), HostOption.of(o.key()), o.key());
    }

    @Test
    void aVariantsHostOptionsGoOverTheRunsAndTheRestAreEngineSettings() {
        EngineOptions run = new EngineOptions();
        run.heap = "2g";
        run.txLogDir = Path.of("/logs");
        Variant v = Variant.parse("big:page-cache=4g,data-dir=/fast,db.tx_log.rotation.size=1M");
        HostOption.Choice host = run.host(v);
        assertEquals("2g", host.heap(), "the run's, the variant sets none");
        assertEquals("4g", host.pageCache(), "the variant's over the default");
        assertEquals(Optional.of(Path.of("/fast")), host.dataDir());
        assertEquals(Optional.of(Path.of("/logs")), host.txLogDir());
        assertEquals(Map.of("db.tx_log.rotation.size", "1M"), v.engineSettings());
        assertEquals(Map.of(), new Variant("kuzu", Map.of(Variant.ENGINE, "kuzu", "heap", "3g")).engineSettings(),
                "neither the engine's name nor a host option is an engine setting");
        assertEquals(Optional.empty(), new EngineOptions().host(Variant.baseline()).dataDir(), "no folder given: the engine's default place");
    }

    @Test
    void anUnknownKeyIsRefusedWithTheHostOptionsNamed() {
        UserError e = assertThrows(UserError.class, () -> Variant.parse("x:pagecache=4g"));
        assertTrue(e.getMessage().contains("unknown key 'pagecache'; use heap, page-cache, data-dir, tx-log-dir or a Neo4j setting"), e.getMessage());
    }
}
