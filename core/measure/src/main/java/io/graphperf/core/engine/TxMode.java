package io.graphperf.core.engine;

/** How an operation's statements are grouped into transactions. */
public enum TxMode {
    /** All statements of the operation in one explicit transaction, committed once. */
    EXPLICIT,
    /**
     * One statement run as an auto-commit (implicit) transaction; required by statements that
     * manage their own transactions, such as Cypher's {@code CALL {} IN TRANSACTIONS}.
     */
    AUTOCOMMIT
}
