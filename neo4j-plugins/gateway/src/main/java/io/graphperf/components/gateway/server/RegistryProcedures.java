package io.graphperf.components.gateway.server;

import org.neo4j.collection.ResourceRawIterator;
import org.neo4j.internal.kernel.api.Procedures;
import org.neo4j.internal.kernel.api.exceptions.ProcedureException;
import org.neo4j.internal.kernel.api.procs.DefaultParameterValue;
import org.neo4j.internal.kernel.api.procs.FieldSignature;
import org.neo4j.internal.kernel.api.procs.Neo4jTypes;
import org.neo4j.internal.kernel.api.procs.ProcedureCallContext;
import org.neo4j.internal.kernel.api.procs.ProcedureHandle;
import org.neo4j.internal.kernel.api.procs.ProcedureSignature;
import org.neo4j.internal.kernel.api.procs.QualifiedName;
import org.neo4j.kernel.api.KernelTransaction;
import org.neo4j.kernel.api.QueryLanguage;
import org.neo4j.kernel.api.exceptions.Status;
import org.neo4j.kernel.impl.coreapi.InternalTransaction;
import org.neo4j.kernel.impl.util.ValueUtils;
import org.neo4j.values.AnyValue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Any procedure registered in the database — a user's plugin, APOC, Neo4j's built-ins — called through Neo4j's procedure
 * registry on the request's transaction, without Cypher: found by its qualified name, its arguments taken by the names in its
 * signature (a missing one with a default gets it), called in its declared mode, its rows written as Cypher's would be. The
 * transaction carries the user's login, so the database's privileges decide what may run.
 */
final class RegistryProcedures {

    /** Why a procedure request cannot be called as given: the protocol error it answers with. */
    static final class NotCallable extends Exception {
        final boolean unknown;

        NotCallable(boolean unknown, String message) {
            super(message);
            this.unknown = unknown;
        }
    }

    private RegistryProcedures() {
    }

    /** Finds the procedure, then streams its columns and rows into the call; the caller commits. */
    static void call(InternalTransaction tx, String name, Map<String, Object> args, Requests.Call call) throws Exception {
        KernelTransaction ktx = tx.kernelTransaction();
        Procedures procedures = ktx.procedures();
        ProcedureHandle handle;
        try {
            handle = procedures.procedureGet(qualified(name), QueryLanguage.CYPHER_5);
        } catch (ProcedureException e) {
            if (e.status() == Status.Procedure.ProcedureNotFound) throw new NotCallable(true, "no procedure '" + name + "' is registered in the database");
            throw e;
        }
        ProcedureSignature sig = handle.signature();
        AnyValue[] input = arguments(sig, name, args);
        String[] outputs = sig.outputSignature().stream().map(FieldSignature::name).toArray(String[]::new);
        ProcedureCallContext context = new ProcedureCallContext(handle.id(), outputs, false, tx.getDatabaseName(), false, "graphperf-gateway",
                ktx.memoryTracker());
        call.columns(Arrays.asList(outputs));
        try (ResourceRawIterator<AnyValue[], ProcedureException> rows = switch (sig.mode()) {
            case WRITE -> procedures.procedureCallWrite(handle.id(), input, context);
            case SCHEMA -> procedures.procedureCallSchema(handle.id(), input, context);
            case DBMS -> procedures.procedureCallDbms(handle.id(), input, context);
            default -> procedures.procedureCallRead(handle.id(), input, context);
        }) {
            while (rows.hasNext()) {
                AnyValue[] row = rows.next();
                WireWriter writer = new WireWriter(call.startRow(row.length), call::check, tx);
                for (AnyValue v : row) v.writeTo(writer);
                call.endRow();
            }
        }
    }

    /** "apoc.help" → namespace [apoc], name help. */
    static QualifiedName qualified(String name) throws NotCallable {
        String[] parts = name.split("\\.");
        if (name.isBlank() || Arrays.stream(parts).anyMatch(String::isEmpty)) throw new NotCallable(false, "bad procedure name '" + name + "'");
        return new QualifiedName(Arrays.copyOf(parts, parts.length - 1), parts[parts.length - 1]);
    }

    /** The arguments in the signature's order: given by name, else its default; an integer becomes a float where one is declared. */
    private static AnyValue[] arguments(ProcedureSignature sig, String name, Map<String, Object> args) throws NotCallable {
        List<String> names = sig.inputSignature().stream().map(FieldSignature::name).toList();
        for (String given : args.keySet()) {
            if (!names.contains(given)) throw new NotCallable(false, "procedure " + name + " takes no argument '" + given + "' (arguments: " + names + ")");
        }
        List<AnyValue> out = new ArrayList<>();
        for (FieldSignature f : sig.inputSignature()) {
            Object v;
            if (args.containsKey(f.name())) {
                v = args.get(f.name());
                if (v instanceof Number n && !(v instanceof Double) && f.neo4jType().equals(Neo4jTypes.NTFloat)) v = n.doubleValue();
            } else if (f.defaultValue().isPresent()) {
                DefaultParameterValue d = f.defaultValue().get();
                v = d.javaValue();
            } else {
                throw new NotCallable(false, "procedure " + name + " needs the argument '" + f.name() + "' (arguments: " + names + ")");
            }
            out.add(ValueUtils.of(v));
        }
        return out.toArray(AnyValue[]::new);
    }
}
