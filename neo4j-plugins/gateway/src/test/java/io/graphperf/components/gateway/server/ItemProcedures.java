package io.graphperf.components.gateway.server;

import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Transaction;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

import java.util.stream.Stream;

/** A stored procedure the gateway's tests call by name: listed in this module's test resources as a plugin jar lists its own. */
public final class ItemProcedures {

    public static final class Count {
        public Long items;

        Count(long items) {
            this.items = items;
        }
    }

    @Context
    public Transaction tx;

    /** How many {@code :Item} nodes have {@code i >= min}. */
    @Procedure("test.items")
    public Stream<Count> items(@Name("min") long min) {
        long n;
        try (var nodes = tx.findNodes(Label.label("Item"))) {
            n = nodes.stream().filter(node -> ((Number) node.getProperty("i", 0L)).longValue() >= min).count();
        }
        return Stream.of(new Count(n));
    }
}
