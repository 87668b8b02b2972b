package io.graphperf.core.engine;

/** How an operation's statements are grouped into transactions. */
public enum TxMode {
    /** All statements of the operation in one explicit transaction, committed once. */
    EXPLICIT,
    /**
     * One statement run as an auto-commit (implicit) transaction; required by statements that
     * manage their own transactions, such as Cypher's {@code CALL {} IN TRANSACTIONS}.
     */
    AUTOCOMMIT,
    /**
     * Every statement on its own (auto-commit), independent of the others: a transport may have them all in flight at
     * once (the gateway pipelines them; Bolt and HTTP run them in turn). The operation completes when each has.
     */
    EACH,
    /**
     * Not sent: the operation's parameters could not be drawn (its statement's text says why). The measuring layer counts it as an
     * error without handing it to a transport; no transport ever sees it.
     */
    UNSENT
}
