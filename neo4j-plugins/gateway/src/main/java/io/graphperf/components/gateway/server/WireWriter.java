package io.graphperf.components.gateway.server;

import io.graphperf.components.gateway.protocol.Messages;
import io.graphperf.components.gateway.protocol.Values;
import org.neo4j.kernel.impl.util.ValueUtils;
import org.neo4j.values.AnyValueWriter;
import org.neo4j.values.storable.CoordinateReferenceSystem;
import org.neo4j.values.storable.DurationValue;
import org.neo4j.values.storable.TextArray;
import org.neo4j.values.storable.TextValue;
import org.neo4j.values.virtual.MapValue;
import org.neo4j.values.virtual.NodeValue;
import org.neo4j.values.virtual.RelationshipValue;
import org.neo4j.values.virtual.VirtualNodeValue;
import org.neo4j.values.virtual.VirtualRelationshipValue;
import org.neo4j.graphdb.Transaction;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;

/**
 * Writes Cypher's own values into a response's row as the protocol's values, element by element, without making Java objects of them
 * first: a million-element list is encoded as the query yields it, and what it holds is its encoded bytes. Nodes become
 * {@code {elementId, properties, labels}}, relationships {@code {elementId, properties, type, start, end}}, paths lists of both in order,
 * points their coordinates, temporal values and durations their ISO text, byte arrays lists of integers. Values nest at most
 * {@link Values#MAX_DEPTH} deep. Every {@value #CHECK_EVERY} values it calls the connection's check, which stops a result that passed a
 * limit in the middle of a value. The query runs without populating its values (which would copy every list whole), so entities may
 * come as references: they are read from the transaction here, one at a time.
 */
final class WireWriter implements AnyValueWriter<Exception> {

    static final int CHECK_EVERY = 1024;

    /** Called now and then while writing: throws when the result must stop (too large, budgets full, connection gone). */
    interface Check {
        void run() throws Exception;
    }

    /** What the writer is inside: a list, or a map whose next string is a key or a value. */
    private enum Frame { LIST, KEY, VALUE }

    private final Values.Sink sink;
    private final Check check;
    private final Transaction tx;
    private final ArrayDeque<Frame> frames = new ArrayDeque<>();
    private long written;

    WireWriter(Values.Sink sink, Check check, Transaction tx) {
        this.sink = sink;
        this.check = check;
        this.tx = tx;
    }

    @Override
    public EntityMode entityMode() {
        return EntityMode.FULL;
    }

    /** A value was written: in a map, the next string is a key again; every so often, the check. */
    private void wrote() throws Exception {
        if (frames.peek() == Frame.VALUE) {
            frames.pop();
            frames.push(Frame.KEY);
        }
        if (++written % CHECK_EVERY == 0) check.run();
    }

    private void open(Frame f) throws Requests.Refused {
        // a row is two levels below the message, its values three
        if (frames.size() + 3 >= Values.MAX_DEPTH) {
            throw new Requests.Refused(Messages.FAILED, "a value of the result nests deeper than " + Values.MAX_DEPTH + " levels, the protocol's limit");
        }
        frames.push(f);
    }

    private void close() throws Exception {
        frames.pop();
        wrote();
    }

    @Override
    public void writeString(String value) throws Exception {
        if (frames.peek() == Frame.KEY) {
            sink.key(value);
            frames.pop();
            frames.push(Frame.VALUE);
            return;
        }
        sink.string(value);
        wrote();
    }

    @Override
    public void writeString(char value) throws Exception {
        writeString(String.valueOf(value));
    }

    @Override
    public void writeNull() throws Exception {
        sink.nil();
        wrote();
    }

    @Override
    public void writeBoolean(boolean value) throws Exception {
        sink.bool(value);
        wrote();
    }

    @Override
    public void writeInteger(byte value) throws Exception {
        writeInteger((long) value);
    }

    @Override
    public void writeInteger(short value) throws Exception {
        writeInteger((long) value);
    }

    @Override
    public void writeInteger(int value) throws Exception {
        writeInteger((long) value);
    }

    @Override
    public void writeInteger(long value) throws Exception {
        sink.integer(value);
        wrote();
    }

    @Override
    public void writeFloatingPoint(float value) throws Exception {
        writeFloatingPoint((double) value);
    }

    @Override
    public void writeFloatingPoint(double value) throws Exception {
        sink.real(value);
        wrote();
    }

    @Override
    public void beginMap(int size) throws Exception {
        open(Frame.KEY);
        sink.startMap(size);
    }

    @Override
    public void endMap() throws Exception {
        sink.endMap();
        close();
    }

    @Override
    public void beginList(int size) throws Exception {
        open(Frame.LIST);
        sink.startList(size);
    }

    @Override
    public void endList() throws Exception {
        sink.endList();
        close();
    }

    @Override
    public void beginArray(int size, ArrayType arrayType) throws Exception {
        beginList(size);
    }

    @Override
    public void endArray() throws Exception {
        endList();
    }

    @Override
    public void writeByteArray(byte[] value) throws Exception {
        beginList(value.length);
        for (byte b : value) writeInteger((long) b);
        endList();
    }

    @Override
    public void writePoint(CoordinateReferenceSystem crs, double[] coordinate) throws Exception {
        beginList(coordinate.length);
        for (double c : coordinate) writeFloatingPoint(c);
        endList();
    }

    @Override
    public void writeDuration(long months, long days, long seconds, int nanos) throws Exception {
        writeString(DurationValue.duration(months, days, seconds, nanos).toString());
    }

    @Override
    public void writeDate(LocalDate localDate) throws Exception {
        writeString(localDate.toString());
    }

    @Override
    public void writeLocalTime(LocalTime localTime) throws Exception {
        writeString(localTime.toString());
    }

    @Override
    public void writeTime(OffsetTime offsetTime) throws Exception {
        writeString(offsetTime.toString());
    }

    @Override
    public void writeLocalDateTime(LocalDateTime localDateTime) throws Exception {
        writeString(localDateTime.toString());
    }

    @Override
    public void writeDateTime(ZonedDateTime zonedDateTime) throws Exception {
        writeString(zonedDateTime.toString());
    }

    @Override
    public void writeNode(String elementId, long id, TextArray labels, MapValue properties, boolean isDeleted) throws Exception {
        beginMap(3);
        writeString("elementId");
        writeString(elementId);
        writeString("properties");
        properties.writeTo(this);
        writeString("labels");
        beginList(labels.intSize());
        for (int i = 0; i < labels.intSize(); i++) writeString(labels.stringValue(i));
        endList();
        endMap();
    }

    @Override
    public void writeRelationship(String elementId, long id, String startElementId, long startId, String endElementId, long endId, TextValue type,
                                  MapValue properties, boolean isDeleted) throws Exception {
        beginMap(5);
        writeString("elementId");
        writeString(elementId);
        writeString("properties");
        properties.writeTo(this);
        writeString("type");
        writeString(type.stringValue());
        writeString("start");
        writeString(startElementId);
        writeString("end");
        writeString(endElementId);
        endMap();
    }

    @Override
    public void writePath(NodeValue[] nodes, RelationshipValue[] relationships) throws Exception {
        beginList(nodes.length + relationships.length);
        for (int i = 0; i < nodes.length; i++) {
            nodes[i].writeTo(this);
            if (i < relationships.length) relationships[i].writeTo(this);
        }
        endList();
    }

    @Override
    @SuppressWarnings("deprecation") // a reference carries the internal id: read it in this transaction
    public void writeNodeReference(long id) throws Exception {
        ValueUtils.wrapNodeEntity(tx.getNodeById(id)).writeTo(this);
    }

    @Override
    @SuppressWarnings("deprecation")
    public void writeRelationshipReference(long id) throws Exception {
        ValueUtils.wrapRelationshipEntity(tx.getRelationshipById(id)).writeTo(this);
    }

    @Override
    public void writePathReference(long[] nodes, long[] relationships) throws Exception {
        beginList(nodes.length + relationships.length);
        for (int i = 0; i < nodes.length; i++) {
            writeNodeReference(nodes[i]);
            if (i < relationships.length) writeRelationshipReference(relationships[i]);
        }
        endList();
    }

    @Override
    public void writePathReference(VirtualNodeValue[] nodes, VirtualRelationshipValue[] relationships) throws Exception {
        writePathReference(Arrays.asList(nodes), Arrays.asList(relationships));
    }

    @Override
    public void writePathReference(List<VirtualNodeValue> nodes, List<VirtualRelationshipValue> relationships) throws Exception {
        beginList(nodes.size() + relationships.size());
        for (int i = 0; i < nodes.size(); i++) {
            nodes.get(i).writeTo(this);
            if (i < relationships.size()) relationships.get(i).writeTo(this);
        }
        endList();
    }
}
