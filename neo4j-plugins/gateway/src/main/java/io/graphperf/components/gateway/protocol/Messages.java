package io.graphperf.components.gateway.protocol;

/**
 * The keys and values of the protocol's messages (README: "The WebSocket gateway" has the whole protocol).
 * Requests: {@code {id, kind, ...}}; responses: {@code {id, columns, rows, server}} or {@code {id, error: {code, message}}}.
 */
public final class Messages {
    private Messages() {
    }

    public static final String ID = "id", KIND = "kind", STATEMENT = "statement", PARAMS = "params", NAME = "name", ARGS = "args",
            ACK = "ack", USER = "user", PASSWORD = "password", TOKEN = "token", COMPRESSION = "compression", THRESHOLD = "threshold";
    public static final String HELLO = "hello", CYPHER = "cypher", PROCEDURE = "procedure", SUBMIT = "submit", PING = "ping";
    public static final String COLUMNS = "columns", ROWS = "rows", ERROR = "error", CODE = "code", MESSAGE = "message", SERVER = "server",
            QUEUE_NANOS = "queueNanos", EXEC_NANOS = "execNanos", SEQUENCE = "sequence", WRITES = "writes", ACKS = "acks",
            SEQUENCES = "sequences", FIRST_SEQUENCE = "firstSequence", ERRORS = "errors", INDEX = "index", COLUMNAR = "columnar";

    /**
     * Error codes: the protocol's own, or a Neo4j status code (Neo.ClientError.Statement.SyntaxError …) for a failed statement.
     * Malformed: the message cannot be read (its id is then null); Invalid: it was read but is not a valid request (no integer id,
     * a field of the wrong type, an argument the procedure does not take, a second hello).
     */
    public static final String MALFORMED = "Graphperf.Malformed", INVALID = "Graphperf.Invalid", TOO_LARGE = "Graphperf.TooLarge",
            UNAUTHORIZED = "Graphperf.Unauthorized",
            FORBIDDEN = "Graphperf.Forbidden", UNKNOWN_KIND = "Graphperf.UnknownKind", UNKNOWN_PROCEDURE = "Graphperf.UnknownProcedure",
            BUSY = "Graphperf.Busy", UNAVAILABLE = "Graphperf.Unavailable", FAILED = "Graphperf.Failed";
}
