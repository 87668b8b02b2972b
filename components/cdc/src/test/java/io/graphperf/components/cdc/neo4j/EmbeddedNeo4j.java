package io.graphperf.components.cdc.neo4j;

import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** An embedded Neo4j for the capture and relay tests, with the settings every test store has (small page cache, no preallocated log, no usage report). */
final class EmbeddedNeo4j {

    private EmbeddedNeo4j() {
    }

    static DatabaseManagementService start(Path dir) throws IOException {
        Path conf = dir.resolve("neo4j.conf");
        Files.writeString(conf, "server.memory.pagecache.size=64m\ndb.tx_log.preallocate=false\ndbms.usage_report.enabled=false\n");
        return new DatabaseManagementServiceBuilder(dir.resolve("home")).loadPropertiesFromFile(conf).build();
    }
}
