package io.graphperf.components.gateway.client;

import io.graphperf.components.gateway.protocol.Messages;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One write's answer taken from its batch's, as a read-only map: {kind: submit, ack, sequence or error, server (when the batch's
 * answer had it)}. Built once for every write acknowledged, on the connection's I/O thread: its fields are looked up by comparison,
 * without a hash table's probing; the entries are made only when someone iterates them.
 */
final class WriteAnswer extends AbstractMap<String, Object> {
    private final String ack;
    private final String key;
    private final Object outcome;
    private final Object server;

    /** @param key {@link Messages#SEQUENCE} or {@link Messages#ERROR}, with its {@code outcome} */
    WriteAnswer(String ack, String key, Object outcome, Object server) {
        this.ack = ack;
        this.key = key;
        this.outcome = outcome;
        this.server = server;
    }

    @Override
    public Object get(Object k) {
        if (key.equals(k)) return outcome;
        if (Messages.SERVER.equals(k)) return server;
        if (Messages.ACK.equals(k)) return ack;
        if (Messages.KIND.equals(k)) return Messages.SUBMIT;
        return null;
    }

    @Override
    public boolean containsKey(Object k) {
        return key.equals(k) || Messages.ACK.equals(k) || Messages.KIND.equals(k) || server != null && Messages.SERVER.equals(k);
    }

    @Override
    public int size() {
        return server != null ? 4 : 3;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        Entry<String, Object> kind = new SimpleImmutableEntry<>(Messages.KIND, Messages.SUBMIT);
        Entry<String, Object> ackEntry = new SimpleImmutableEntry<>(Messages.ACK, ack);
        Entry<String, Object> outcomeEntry = new SimpleImmutableEntry<>(key, outcome);
        List<Entry<String, Object>> entries = server != null
                ? List.of(kind, ackEntry, outcomeEntry, new SimpleImmutableEntry<>(Messages.SERVER, server))
                : List.of(kind, ackEntry, outcomeEntry);
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, Object>> iterator() {
                return entries.iterator();
            }

            @Override
            public int size() {
                return entries.size();
            }
        };
    }
}
