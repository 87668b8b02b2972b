package io.graphperf.components.gateway.server;

import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.protocol.Envelope;
import io.graphperf.components.gateway.protocol.Format;
import io.graphperf.components.gateway.protocol.Messages;
import io.graphperf.components.gateway.protocol.RowsEncoder;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.handler.timeout.IdleStateEvent;
import org.neo4j.internal.kernel.api.security.LoginContext;
import org.neo4j.kernel.impl.coreapi.InternalTransaction;
import org.neo4j.logging.InternalLog;
import io.graphperf.components.gateway.protocol.Values;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

/**
 * One client connection: reads its messages strictly (see the protocol's error codes), authenticates its one {@code hello}, hands
 * requests to the worker pool and writes each response when it is done (responses may overtake each other; they carry the request's
 * id). Memory stays bounded whatever the client does: every byte held for it — requests received and not answered, results being
 * encoded (rows are encoded as they are read, on the worker), encoded responses not yet written — is reserved from its budget and the
 * gateway's ({@link Budget}); a result above {@code max_result_bytes} or a reservation that does not fit is refused with an error and
 * its query stopped. A connection has at most {@code threads} requests in the worker pool at once, the rest waiting in its own queue,
 * so no client's backlog stands before another's. With {@code max_in_flight} requests queued or running, or its outgoing buffer above
 * Netty's high-water mark (a client that does not read), the gateway stops reading it until that drains. A connection that closes
 * terminates its running transactions and drops what it had queued.
 */
final class Connection extends SimpleChannelInboundHandler<WebSocketFrame> {

    private final GatewaySettings settings;
    private final Requests requests;
    private final Authenticator auth;
    private final ExecutorService workers;
    private final InternalLog log;
    private final Gate.Ticket ticket;
    private final Budget budget;
    /** A request or response up to this size needs room in its connection's budget only (see {@link Budget#reserveSmall}). */
    static final long SMALL = 64 << 10;

    private final Set<InternalTransaction> running = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;
    private Format format = Format.JSON;
    private volatile Compression compression = Compression.NONE;
    private volatile int threshold = 1024;
    private volatile LoginContext login;
    private int inFlight, scheduled; // touched on the channel's event loop only
    private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();

    Connection(GatewaySettings settings, Requests requests, Authenticator auth, ExecutorService workers, InternalLog log, Gate.Ticket ticket,
               Budget whole) {
        this.settings = settings;
        this.requests = requests;
        this.auth = auth;
        this.workers = workers;
        this.log = log;
        this.ticket = ticket;
        this.budget = new Budget("graphperf.gateway.max_connection_bytes", settings.maxConnectionBytes(), whole);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof WebSocketServerProtocolHandler.HandshakeComplete h) {
            if (h.selectedSubprotocol() != null) format = Format.of(h.selectedSubprotocol());
            LingeringClose lingering = ctx.pipeline().get(LingeringClose.class);
            if (lingering != null) lingering.arm();
        } else if (evt instanceof IdleStateEvent) {
            ctx.close();
        } else {
            super.userEventTriggered(ctx, evt);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        closed = true;
        // queued requests see the connection closed: each gives its bytes back at once
        while (!waiting.isEmpty()) waiting.poll().run();
        // the client is gone: its running queries stop, its queued requests are dropped when their turn comes
        for (InternalTransaction tx : running) {
            try {
                tx.terminate();
            } catch (RuntimeException e) {
                // it ended meanwhile
            }
        }
        super.channelInactive(ctx);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        long received = System.nanoTime();
        boolean text = frame instanceof TextWebSocketFrame;
        if (!text && !(frame instanceof BinaryWebSocketFrame)) return; // pings and pongs are Netty's
        int size = frame.content().readableBytes();
        Map<String, Object> request;
        try {
            if (size > settings.maxMessageBytes()) throw new Envelope.TooLarge(size, settings.maxMessageBytes());
            byte[] bytes = ByteBufUtil.getBytes(frame.content());
            request = text ? Format.JSON.decode(bytes) : Envelope.decode(bytes, format, settings.maxMessageBytes());
        } catch (Envelope.TooLarge e) {
            reply(ctx, text, error(null, null, Messages.TOO_LARGE, e.getMessage()), 0);
            return;
        } catch (Exception | StackOverflowError e) {
            reply(ctx, text, error(null, null, Messages.MALFORMED, "the message cannot be read as " + (text ? "JSON" : format.subprotocol) + ": "
                    + e.getMessage()), 0);
            return;
        }
        Object idValue = request.get(Messages.ID);
        if (!(idValue instanceof Long id)) {
            reply(ctx, text, error(null, null, Messages.INVALID, idValue == null ? "a request needs an integer 'id'"
                    : "'id' must be an integer, not " + describe(idValue)), 0);
            return;
        }
        if (!(request.get(Messages.KIND) instanceof String kind)) {
            reply(ctx, text, error(id, null, Messages.INVALID, "a request needs a 'kind' string (hello, cypher, procedure, submit, ping)"), 0);
            return;
        }
        if (Messages.HELLO.equals(kind)) {
            hello(ctx, text, request, id);
            return;
        }
        if (login == null) {
            replyAndClose(ctx, text, error(id, kind, Messages.UNAUTHORIZED, "send hello with user and password (or token) first"));
            return;
        }
        // the request as received and decoded is held until it has run: twice its bytes (a small one from this connection's budget only)
        long held = 2L * size;
        if (!(held <= SMALL ? budget.reserveSmall(held) : budget.reserve(held))) {
            reply(ctx, text, error(id, kind, Messages.BUSY, budget.refusal(held) + "; retry later"), 0);
            return;
        }
        LoginContext as = login;
        inFlight++;
        if (inFlight >= settings.maxInFlight()) ctx.channel().config().setAutoRead(false);
        if (Messages.SUBMIT.equals(kind)) {
            // handed to the batch writer here: logging never waits (a full queue is refused), so no worker is woken for it
            run(ctx, text, request, id, kind, as, held, received);
            return;
        }
        Runnable task = () -> run(ctx, text, request, id, kind, as, held, received);
        if (scheduled < settings.threads()) schedule(ctx, task, text, id, kind, held);
        else waiting.add(task);
    }

    /** Hands a request to the worker pool, or answers Busy when the pool's queue is full. */
    private void schedule(ChannelHandlerContext ctx, Runnable task, boolean text, long id, String kind, long held) {
        if (toWorkers(ctx, task)) return;
        budget.release(held);
        done(ctx);
        reply(ctx, text, error(id, kind, Messages.BUSY, "the gateway's worker queue is full; retry later"), 0);
    }

    /** Runs a task on a worker; its place among this connection's is given back when the worker returns (for a submit: before its acknowledgement). */
    private boolean toWorkers(ChannelHandlerContext ctx, Runnable task) {
        scheduled++;
        try {
            workers.execute(() -> {
                try {
                    task.run();
                } finally {
                    ctx.executor().execute(() -> workerReturned(ctx));
                }
            });
            return true;
        } catch (RejectedExecutionException e) {
            scheduled--;
            return false;
        }
    }

    /** A worker of this connection returned: the next waiting request takes its place. */
    private void workerReturned(ChannelHandlerContext ctx) {
        scheduled--;
        Runnable next = waiting.poll();
        if (next != null && !toWorkers(ctx, next)) waiting.addFirst(next);
    }

    /**
     * On a worker: runs the request, encodes its response here (never on the I/O thread) and hands the bytes to the connection. A submit
     * runs on the I/O thread instead, and its response is encoded where its writes are acknowledged.
     */
    private void run(ChannelHandlerContext ctx, boolean text, Map<String, Object> request, long id, String kind, LoginContext as, long held, long received) {
        long started = System.nanoTime();
        if (closed) {
            budget.release(held);
            if (ctx.executor().inEventLoop()) done(ctx);
            else ctx.executor().execute(() -> done(ctx));
            return;
        }
        if (Messages.SUBMIT.equals(kind)) {
            // on the I/O thread (channelRead0): the response goes when the writes are acknowledged
            CompletableFuture<Map<String, Object>> acked;
            try {
                acked = requests.submit(request);
            } catch (Throwable e) {
                acked = CompletableFuture.failedFuture(e);
            }
            budget.release(held);
            acked.whenComplete((response, e) -> {
                Map<String, Object> r = e == null ? response : failure(id, kind, e);
                r.put(Messages.SERVER, server(received, started));
                reply(ctx, text, r, 0);
                ctx.executor().execute(() -> done(ctx));
            });
            return;
        }
        if (budget.held() - held + SMALL > budget.limit()) {
            // this connection's unread responses fill its budget: no result could be held, so none is computed
            budget.release(held);
            reply(ctx, text, error(id, kind, Messages.BUSY, budget.refusal(SMALL) + "; read what was sent, then retry"), 0);
            ctx.executor().execute(() -> done(ctx));
            return;
        }
        Call call = new Call(text ? Format.JSON : format, id, kind);
        byte[] payload;
        try {
            requests.run(request, as, call);
            payload = call.finish(server(received, started));
        } catch (Throwable e) {
            call.abandon();
            Map<String, Object> r = failure(id, kind, e);
            r.put(Messages.SERVER, server(received, started));
            budget.release(held);
            reply(ctx, text, r, 0);
            ctx.executor().execute(() -> done(ctx));
            return;
        }
        budget.release(held);
        send(ctx, text, payload, call.reserved);
        ctx.executor().execute(() -> done(ctx));
    }

    /** A small response, then the connection closes once it is written (a refused login, a request before hello). */
    private void replyAndClose(ChannelHandlerContext ctx, boolean text, Map<String, Object> message) {
        byte[] payload;
        try {
            payload = (text ? Format.JSON : format).encode(message);
        } catch (Exception e) {
            ctx.close();
            return;
        }
        byte[] wire = text ? payload : Envelope.wrap(payload, compression, threshold).bytes();
        WebSocketFrame f = text ? new TextWebSocketFrame(new String(wire, StandardCharsets.UTF_8)) : new BinaryWebSocketFrame(Unpooled.wrappedBuffer(wire));
        ctx.writeAndFlush(f).addListener(io.netty.channel.ChannelFutureListener.CLOSE);
    }

    /** A small response (hello, errors, acknowledgements, ping): encoded where it is made, counted in the budgets until written. */
    private void reply(ChannelHandlerContext ctx, boolean text, Map<String, Object> message, long reserved) {
        byte[] payload;
        try {
            payload = (text ? Format.JSON : format).encode(message);
        } catch (Exception e) {
            log.warn("graphperf gateway: a response could not be encoded: " + e.getMessage());
            if (message.get(Messages.ERROR) != null) return;
            Long id = message.get(Messages.ID) instanceof Long l ? l : null;
            reply(ctx, text, error(id, (String) message.get(Messages.KIND), Messages.FAILED, "the response cannot be encoded: " + e.getMessage()), reserved);
            return;
        }
        send(ctx, text, payload, reserved);
    }

    /** Wraps (and compresses) a payload, then writes it on the connection's thread; its bytes stay reserved until the socket took them. */
    private void send(ChannelHandlerContext ctx, boolean text, byte[] payload, long reserved) {
        byte[] wire = text ? payload : Envelope.wrap(payload, compression, threshold).bytes();
        if (wire.length > reserved) budget.force(wire.length - reserved);
        else budget.release(reserved - wire.length);
        long hold = wire.length;
        Runnable write = () -> {
            if (closed || !ctx.channel().isActive()) {
                budget.release(hold);
                return;
            }
            WebSocketFrame f = text ? new TextWebSocketFrame(new String(wire, StandardCharsets.UTF_8)) : new BinaryWebSocketFrame(Unpooled.wrappedBuffer(wire));
            ctx.writeAndFlush(f).addListener(x -> budget.release(hold));
        };
        if (ctx.executor().inEventLoop()) write.run();
        else ctx.executor().execute(write);
    }

    private void hello(ChannelHandlerContext ctx, boolean text, Map<String, Object> request, long id) {
        if (login != null) {
            reply(ctx, text, error(id, Messages.HELLO, Messages.INVALID, "this connection has logged in already; a connection sends hello once"
                    + " (its compression and threshold stay as they were)"), 0);
            return;
        }
        Compression c = compression;
        int t = threshold;
        try {
            if (request.get(Messages.COMPRESSION) != null) c = Compression.of(String.valueOf(request.get(Messages.COMPRESSION)));
            if (request.get(Messages.THRESHOLD) != null) {
                if (!(request.get(Messages.THRESHOLD) instanceof Long n) || n < 0 || n > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException("'threshold' must be a whole number of bytes");
                }
                t = n.intValue();
            }
        } catch (IllegalArgumentException e) {
            replyAndClose(ctx, text, error(id, Messages.HELLO, Messages.INVALID, e.getMessage()));
            return;
        }
        try {
            login = auth.login(request);
        } catch (Exception e) {
            replyAndClose(ctx, text, error(id, Messages.HELLO, Messages.UNAUTHORIZED, e.getMessage()));
            return;
        }
        compression = c;
        threshold = t;
        ticket.loggedIn();
        Map<String, Object> ok = new LinkedHashMap<>();
        ok.put(Messages.ID, id);
        ok.put(Messages.KIND, Messages.HELLO);
        ok.put("format", format.subprotocol);
        ok.put(Messages.COMPRESSION, compression.label());
        ok.put("proceduresOnly", settings.proceduresOnly());
        ok.put("maxMessageBytes", (long) settings.maxMessageBytes());
        ok.put("maxResultBytes", settings.maxResultBytes());
        reply(ctx, text, ok, 0);
    }

    private void done(ChannelHandlerContext ctx) {
        inFlight--;
        if (!ctx.channel().config().isAutoRead() && inFlight < settings.maxInFlight() && ctx.channel().isWritable()) {
            ctx.channel().config().setAutoRead(true);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        // a client that does not read its responses: stop reading its requests until it does
        ctx.channel().config().setAutoRead(ctx.channel().isWritable() && inFlight < settings.maxInFlight());
        super.channelWritabilityChanged(ctx);
    }

    /**
     * One request's run as its connection sees it: the transaction it runs in (terminated if the connection closes) and its rows,
     * encoded as they come, each growth reserved from the budgets and the whole checked against {@code max_result_bytes}.
     */
    final class Call implements Requests.Call {
        private final Format format;
        private final long id;
        private final String kind;
        private RowsEncoder rows;
        long reserved;

        Call(Format format, long id, String kind) {
            this.format = format;
            this.id = id;
            this.kind = kind;
        }

        @Override
        public void begin(InternalTransaction tx) throws Requests.Refused {
            running.add(tx);
            if (closed) throw new Requests.Refused(Messages.FAILED, "the connection closed");
        }

        @Override
        public void end(InternalTransaction tx) {
            running.remove(tx);
        }

        @Override
        public void columns(List<String> columns) throws Exception {
            rows = format.rows(id, kind);
            rows.columns(columns);
            grow();
        }

        @Override
        public void row(List<Object> values) throws Exception {
            rows.row(values);
            grow();
        }

        @Override
        public Values.Sink startRow(int columns) throws Exception {
            rows.startRow(columns);
            return rows.sink();
        }

        @Override
        public void endRow() throws Exception {
            rows.endRow();
            grow();
        }

        @Override
        public void check() throws Exception {
            grow();
        }

        private void grow() throws Requests.Refused {
            long size = rows.size();
            if (size > settings.maxResultBytes()) {
                throw new Requests.Refused(Messages.TOO_LARGE, "the result is larger than " + settings.maxResultBytes() + " bytes encoded"
                        + " (graphperf.gateway.max_result_bytes); ask for less at a time (SKIP / LIMIT), or raise the setting");
            }
            if (closed) throw new Requests.Refused(Messages.FAILED, "the connection closed");
            long more = size - reserved;
            if (more <= 0) return;
            // a response stays small: this connection's budget only; past that every growth competes for the gateway's
            boolean fits = size <= SMALL ? budget.reserveSmall(more) : budget.reserve(more);
            if (!fits) throw new Requests.Refused(Messages.BUSY, budget.refusal(more) + "; read what was sent, then retry");
            reserved += more;
        }

        byte[] finish(Map<String, Object> server) throws Exception {
            if (rows == null) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put(Messages.ID, id);
                m.put(Messages.KIND, kind);
                m.put(Messages.SERVER, server);
                return format.encode(m);
            }
            return rows.finish(server);
        }

        /** The run failed: what it reserved for rows goes back. */
        void abandon() {
            budget.release(reserved);
            reserved = 0;
        }
    }

    private static Map<String, Object> server(long received, long started) {
        Map<String, Object> server = new LinkedHashMap<>();
        server.put(Messages.QUEUE_NANOS, started - received);
        server.put(Messages.EXEC_NANOS, System.nanoTime() - started);
        return server;
    }

    private static Map<String, Object> failure(long id, String kind, Throwable failure) {
        Throwable cause = Requests.cause(failure);
        String message = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
        return error(id, kind, Requests.code(cause), message);
    }

    static Map<String, Object> error(Long id, String kind, String code, String message) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(Messages.ID, id);
        if (kind != null) m.put(Messages.KIND, kind);
        m.put(Messages.ERROR, new LinkedHashMap<>(Map.of(Messages.CODE, code, Messages.MESSAGE, message == null ? "" : message)));
        return m;
    }

    private static String describe(Object v) {
        if (v instanceof Double d) return "the number " + d;
        if (v instanceof String s) return "the string \"" + (s.length() > 40 ? s.substring(0, 40) + "…" : s) + "\"";
        return "a " + (v instanceof Map ? "map" : v instanceof List ? "list" : v.getClass().getSimpleName());
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        log.warn("graphperf gateway: connection closed after " + cause, cause);
        ctx.close();
    }
}
