package io.graphperf.engines.arcadedb.host;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ArcadeDbTransportTest {

    @Test
    void aStatementRunsInTheLanguageItsTextNames() {
        assertEquals(new ArcadeDbTransport.Language("sql", "SELECT 1"), ArcadeDbTransport.Language.of("sql: SELECT 1"));
        assertEquals(new ArcadeDbTransport.Language("sqlscript", "LET a = 1;"), ArcadeDbTransport.Language.of("sqlscript:LET a = 1;"));
        assertEquals(new ArcadeDbTransport.Language("cypher", "MATCH (n) RETURN n"), ArcadeDbTransport.Language.of("cypher:MATCH (n) RETURN n"));
        assertEquals(new ArcadeDbTransport.Language("cypher", "MATCH (n {k: 'sql:'}) RETURN n"), ArcadeDbTransport.Language.of("MATCH (n {k: 'sql:'}) RETURN n"),
                "no prefix: the study's Cypher");
    }
}
