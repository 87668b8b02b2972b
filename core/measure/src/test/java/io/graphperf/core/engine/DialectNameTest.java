package io.graphperf.core.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A dialect's name: read and written as the plain name it always was (run.json, the agents' wire), a malformed one refused by name. */
class DialectNameTest {

    record Carried(String engine, DialectName dialect) {
    }

    @Test
    void travelsAsItsNameAndComesBackEqual() throws Exception {
        ObjectMapper json = new ObjectMapper();
        Carried sent = new Carried("Kuzu 0.11.3", DialectName.of("kuzu"));
        String text = json.writeValueAsString(sent);
        assertEquals("{\"engine\":\"Kuzu 0.11.3\",\"dialect\":\"kuzu\"}", text);
        assertEquals(sent, json.readValue(text, Carried.class));
        assertSame(DialectName.NEO4J, DialectName.of("neo4j"));
        assertEquals("not expressible in kuzu", "not expressible in " + DialectName.of("kuzu"), "messages show the bare name");
    }

    @Test
    void aMalformedNameIsRefusedAndNamed() {
        for (String bad : List.of("", "Kuzu", "9db", "my dialect", "neo4j;")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DialectName.of(bad));
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new DialectName(null));
    }
}
