package io.graphperf.studies.writes;

import java.util.Optional;

/**
 * The statements E4's scenarios send (spec: workloads.md, E4), in the study's Cypher: the scenarios differ in how many a transaction
 * holds, how many rows one carries, whether :User(user_id) is indexed and how many clients send them, never in the statement. A
 * dialect answers each ({@link WriteTexts#write}, one switch over this enum).
 */
public enum WriteStatement {
    /** 100 nodes, each with a relationship to itself, by FOREACH; the same statement, without parameters, every time. */
    FOREACH_SELF_RELATIONSHIPS("FOREACH (r IN range(1,100) | CREATE (a {type:'User'}), (a)-[:REL {weight:1}]->(a))"),
    /** One node with no label and its {@code $id}. */
    CREATE_UNLABELLED("CREATE (me {user_id:$id})"),
    /** One :User node with its {@code $id}. */
    CREATE_LABELLED("CREATE (me:User {user_id:$id})"),
    /** A :User node for each of {@code $rows}, each row with its id. */
    UNWIND_ROWS("UNWIND $rows AS row CREATE (:User {user_id: row.id})"),
    /** The same, committed every 1,000 rows by the database (CALL {} IN TRANSACTIONS). */
    CALL_IN_TRANSACTIONS("UNWIND $rows AS row CALL (row) { CREATE (:User {user_id: row.id}) } IN TRANSACTIONS OF 1000 ROWS");

    private final String cypher;

    WriteStatement(String cypher) {
        this.cypher = cypher;
    }

    /** The statement in the study's Cypher. */
    public String cypher() {
        return cypher;
    }

    /** The statement whose Cypher is {@code cypher}; empty for any other text (a batch writer's submit, a user's statement). */
    public static Optional<WriteStatement> of(String cypher) {
        for (WriteStatement s : values()) if (s.cypher.equals(cypher)) return Optional.of(s);
        return Optional.empty();
    }
}
