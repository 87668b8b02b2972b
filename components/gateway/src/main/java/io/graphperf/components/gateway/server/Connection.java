package io.graphperf.components.gateway.server;

import io.graphperf.components.gateway.protocol.Compression;
import io.graphperf.components.gateway.protocol.Envelope;
import io.graphperf.components.gateway.protocol.Format;
import io.graphperf.components.gateway.protocol.Messages;
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
import org.neo4j.logging.InternalLog;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

/**
 * One client connection: decodes its messages, authenticates its {@code hello}, hands requests to the worker
 * pool and writes each response when it is done (so responses may overtake each other; they carry the request's
 * id). Memory stays bounded whatever the client does: with {@code max_in_flight} requests of this connection
 * queued or running, or its outgoing buffer above Netty's high-water mark (a client that does not read), the
 * gateway stops reading from it until that drains.
 */
final class Connection extends SimpleChannelInboundHandler<WebSocketFrame> {

    private final GatewaySettings settings;
    private final Requests requests;
    private final Authenticator auth;
    private final ExecutorService workers;
    private final InternalLog log;
    private Format format = Format.JSON;
    private Compression compression = Compression.NONE;
    private int threshold = 1024;
    private volatile LoginContext login;
    private int inFlight; // touched on the channel's event loop only

    Connection(GatewaySettings settings, Requests requests, Authenticator auth, ExecutorService workers, InternalLog log) {
        this.settings = settings;
        this.requests = requests;
        this.auth = auth;
        this.workers = workers;
        this.log = log;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof WebSocketServerProtocolHandler.HandshakeComplete h) {
            if (h.selectedSubprotocol() != null) format = Format.of(h.selectedSubprotocol());
        } else if (evt instanceof IdleStateEvent) {
            ctx.close();
        } else {
            super.userEventTriggered(ctx, evt);
        }
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        long received = System.nanoTime();
        boolean text = frame instanceof TextWebSocketFrame;
        if (!text && !(frame instanceof BinaryWebSocketFrame)) return; // pings and pongs are Netty's
        Map<String, Object> request;
        try {
            if (frame.content().readableBytes() > settings.maxMessageBytes()) throw new Envelope.TooLarge(frame.content().readableBytes(), settings.maxMessageBytes());
            byte[] bytes = ByteBufUtil.getBytes(frame.content());
            request = text ? Format.JSON.decode(bytes) : Envelope.decode(bytes, format, settings.maxMessageBytes());
        } catch (Envelope.TooLarge e) {
            respond(ctx, text, error(null, Messages.TOO_LARGE, e.getMessage()));
            return;
        } catch (Exception e) {
            respond(ctx, text, error(null, Messages.MALFORMED, "the message cannot be read as " + (text ? "JSON" : format.subprotocol) + ": " + e.getMessage()));
            return;
        }
        Object id = request.get(Messages.ID);
        if (Messages.HELLO.equals(request.get(Messages.KIND))) {
            hello(ctx, text, request, id);
            return;
        }
        if (login == null) {
            respond(ctx, text, error(id, Messages.UNAUTHORIZED, "send hello with user and password (or token) first"));
            ctx.close();
            return;
        }
        LoginContext as = login;
        inFlight++;
        if (inFlight >= settings.maxInFlight()) ctx.channel().config().setAutoRead(false);
        try {
            boolean submit = Messages.SUBMIT.equals(request.get(Messages.KIND));
            workers.execute(() -> {
                long started = System.nanoTime();
                if (submit) {
                    // handed to the batch writer: the worker is free at once, the response goes when the writes are acknowledged
                    CompletableFuture<Map<String, Object>> acked;
                    try {
                        acked = requests.submit(request);
                    } catch (Throwable e) {
                        acked = CompletableFuture.failedFuture(e);
                    }
                    acked.whenComplete((response, e) -> finish(ctx, text, id, e == null ? response : null, e, received, started));
                    return;
                }
                Map<String, Object> response = null;
                Throwable failure = null;
                try {
                    response = requests.run(request, as);
                } catch (Throwable e) {
                    failure = e;
                }
                finish(ctx, text, id, response, failure, received, started);
            });
        } catch (RejectedExecutionException e) {
            done(ctx);
            respond(ctx, text, error(id, Messages.BUSY, "the gateway's worker queue is full; retry later"));
        }
    }

    /** Adds the server's times (queue wait, then execution or, for a submit, until acknowledged) and responds on the connection's thread. */
    private void finish(ChannelHandlerContext ctx, boolean text, Object id, Map<String, Object> response, Throwable failure, long received, long started) {
        Throwable cause = failure == null ? null : Requests.cause(failure);
        Map<String, Object> r = cause != null ? error(id, Requests.code(cause), String.valueOf(cause.getMessage())) : response;
        Map<String, Object> server = new LinkedHashMap<>();
        server.put(Messages.QUEUE_NANOS, started - received);
        server.put(Messages.EXEC_NANOS, System.nanoTime() - started);
        r.put(Messages.SERVER, server);
        ctx.executor().execute(() -> {
            respond(ctx, text, r);
            done(ctx);
        });
    }

    private void hello(ChannelHandlerContext ctx, boolean text, Map<String, Object> request, Object id) {
        try {
            login = auth.login(request);
            if (request.get(Messages.COMPRESSION) instanceof String c) compression = Compression.of(c);
            if (request.get(Messages.THRESHOLD) instanceof Number t) threshold = t.intValue();
        } catch (Exception e) {
            respond(ctx, text, error(id, Messages.UNAUTHORIZED, e.getMessage()));
            ctx.close();
            return;
        }
        Map<String, Object> ok = new LinkedHashMap<>();
        ok.put(Messages.ID, id);
        ok.put(Messages.KIND, Messages.HELLO);
        ok.put("format", format.subprotocol);
        ok.put(Messages.COMPRESSION, compression.label());
        ok.put("proceduresOnly", settings.proceduresOnly());
        ok.put("maxMessageBytes", settings.maxMessageBytes());
        respond(ctx, text, ok);
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

    private void respond(ChannelHandlerContext ctx, boolean text, Map<String, Object> message) {
        try {
            if (text) {
                ctx.writeAndFlush(new TextWebSocketFrame(new String(Format.JSON.encode(message), StandardCharsets.UTF_8)));
            } else {
                ctx.writeAndFlush(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(Envelope.encode(message, format, compression, threshold).bytes())));
            }
        } catch (Exception e) {
            log.warn("graphperf gateway: a response could not be encoded: " + e.getMessage());
            if (message.get(Messages.ERROR) == null) respond(ctx, text, error(message.get(Messages.ID), Messages.FAILED, "the response cannot be encoded: " + e.getMessage()));
        }
    }

    static Map<String, Object> error(Object id, String code, String message) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(Messages.ID, id);
        m.put(Messages.ERROR, new LinkedHashMap<>(Map.of(Messages.CODE, code, Messages.MESSAGE, message == null ? "" : message)));
        return m;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        log.warn("graphperf gateway: connection closed after " + cause, cause);
        ctx.close();
    }
}
