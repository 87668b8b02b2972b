package io.graphperf.components.gateway.server;

import io.graphperf.components.gateway.protocol.Format;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.util.ReferenceCountUtil;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What comes before a login. A connection counts against {@code max_connections} from its accept to its close and, until its hello
 * succeeds, also against {@code max_unauthenticated_connections}, a smaller budget, so sockets that never log in cannot take the
 * places of clients that do. It must have logged in within {@code hello_timeout} of its accept or it is closed (after the upgrade with
 * WebSocket status 1008). A connection beyond either limit is answered HTTP 503 with the reason and closed. Before the upgrade, a
 * request for another path gets 404, a request that is not a WebSocket upgrade 400, one offering only subprotocols the gateway does
 * not speak 400, and bytes that are not HTTP 400 — each with its reason as text.
 */
final class Gate {

    /** Bytes beyond max_message_bytes a message may have on the wire: its envelope (and a little more, answered TooLarge). */
    static final int ENVELOPE_SLACK = 1024;
    /** The largest message a connection may send before its hello has succeeded (a hello is a few hundred bytes). */
    static final int BEFORE_LOGIN_BYTES = 64 << 10;

    private final GatewaySettings settings;
    private final AtomicInteger connections = new AtomicInteger(), unauthenticated = new AtomicInteger();

    Gate(GatewaySettings settings) {
        this.settings = settings;
    }

    /** A new channel's place: admitted (it counts until closed), or null with the reason to refuse it in {@code refusal[0]}. */
    Ticket admit(Channel ch, String[] refusal) {
        if (connections.incrementAndGet() > settings.maxConnections()) {
            connections.decrementAndGet();
            refusal[0] = "the gateway serves at most " + settings.maxConnections() + " connections (graphperf.gateway.max_connections); retry later";
            return null;
        }
        if (unauthenticated.incrementAndGet() > settings.maxUnauthenticatedConnections()) {
            unauthenticated.decrementAndGet();
            connections.decrementAndGet();
            refusal[0] = "too many connections have not logged in yet (graphperf.gateway.max_unauthenticated_connections="
                    + settings.maxUnauthenticatedConnections() + "); retry in a few seconds";
            return null;
        }
        Ticket t = new Ticket();
        ch.closeFuture().addListener(f -> t.closed());
        ch.eventLoop().schedule(() -> {
            if (t.loggedIn || !ch.isActive()) return;
            if (t.upgraded) {
                ch.writeAndFlush(new CloseWebSocketFrame(1008, "no hello within " + settings.helloTimeout().toMillis() + " ms"))
                        .addListener(ChannelFutureListener.CLOSE);
            } else {
                ch.close();
            }
        }, settings.helloTimeout().toMillis(), TimeUnit.MILLISECONDS);
        return t;
    }

    int connections() {
        return connections.get();
    }

    int unauthenticated() {
        return unauthenticated.get();
    }

    /** One connection's place: it logs in once and closes once. */
    final class Ticket {
        private boolean loggedIn, closed;
        volatile boolean upgraded;

        synchronized boolean isLoggedIn() {
            return loggedIn;
        }

        synchronized void loggedIn() {
            if (loggedIn || closed) return;
            loggedIn = true;
            unauthenticated.decrementAndGet();
        }

        private synchronized void closed() {
            if (closed) return;
            closed = true;
            if (!loggedIn) unauthenticated.decrementAndGet();
            connections.decrementAndGet();
        }
    }

    /** The checks before the upgrade, between the HTTP aggregator and the WebSocket handshake. */
    static final class Front extends ChannelInboundHandlerAdapter {
        private final Ticket ticket;

        Front(Ticket ticket) {
            this.ticket = ticket;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (!(msg instanceof FullHttpRequest req)) {
                ctx.fireChannelRead(msg);
                return;
            }
            String problem = null;
            HttpResponseStatus status = HttpResponseStatus.BAD_REQUEST;
            if (req.decoderResult().isFailure()) {
                problem = "this is not an HTTP request (" + req.decoderResult().cause().getMessage() + "); the gateway speaks WebSocket at "
                        + GatewayServer.PATH;
            } else if (!new QueryStringDecoder(req.uri()).path().equals(GatewayServer.PATH)) {
                status = HttpResponseStatus.NOT_FOUND;
                problem = "no such path: " + new QueryStringDecoder(req.uri()).path() + "; the gateway's WebSocket endpoint is " + GatewayServer.PATH;
            } else if (!req.headers().containsValue(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET, true)) {
                problem = GatewayServer.PATH + " speaks WebSocket: send an upgrade request (Upgrade: websocket)";
            } else {
                String offered = req.headers().get(HttpHeaderNames.SEC_WEBSOCKET_PROTOCOL);
                if (offered != null && Arrays.stream(offered.split(",")).map(String::trim).noneMatch(Gate::known)) {
                    problem = "unknown subprotocol '" + offered + "'; the gateway speaks " + String.join(", ",
                            Arrays.stream(Format.values()).map(f -> f.subprotocol).toList()) + " (none offered: JSON)";
                }
            }
            if (problem == null) {
                ticket.upgraded = true;
                ctx.fireChannelRead(msg);
                return;
            }
            ReferenceCountUtil.release(req);
            answer(ctx.channel(), status, problem);
        }
    }

    /**
     * The size of a message as its frames arrive, before they are assembled: above {@value #BEFORE_LOGIN_BYTES} bytes before login, or
     * above the frame limit after it, the connection is closed with status 1009 and nothing more of the message is kept.
     */
    static final class MessageSize extends ChannelInboundHandlerAdapter {
        private final Ticket ticket;
        private final int limit;
        private long current;

        MessageSize(Ticket ticket, int limit) {
            this.ticket = ticket;
            this.limit = limit;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof io.netty.handler.codec.http.websocketx.WebSocketFrame f && !(msg instanceof CloseWebSocketFrame)
                    && !(msg instanceof io.netty.handler.codec.http.websocketx.PingWebSocketFrame) && !(msg instanceof io.netty.handler.codec.http.websocketx.PongWebSocketFrame)) {
                current = (f instanceof io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame ? current : 0) + f.content().readableBytes();
                long max = ticket.isLoggedIn() ? limit : BEFORE_LOGIN_BYTES;
                if (current > max) {
                    ReferenceCountUtil.release(msg);
                    ctx.writeAndFlush(new CloseWebSocketFrame(1009, "a message of more than " + max + " bytes" + (ticket.isLoggedIn() ? "" : " before login")))
                            .addListener(ChannelFutureListener.CLOSE);
                    return;
                }
            }
            ctx.fireChannelRead(msg);
        }
    }

    /** Answers every request of a connection beyond the limits with 503 and its reason; closes one that sends none within the deadline. */
    static final class Refused extends ChannelInboundHandlerAdapter {
        private final String reason;
        private final long closeAfterMs;

        Refused(String reason, long closeAfterMs) {
            this.reason = reason;
            this.closeAfterMs = closeAfterMs;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) throws Exception {
            ctx.channel().eventLoop().schedule(() -> ctx.channel().close(), closeAfterMs, TimeUnit.MILLISECONDS);
            super.channelActive(ctx);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
            if (msg instanceof FullHttpRequest) answer(ctx.channel(), HttpResponseStatus.SERVICE_UNAVAILABLE, reason);
        }
    }

    private static boolean known(String subprotocol) {
        return Arrays.stream(Format.values()).anyMatch(f -> f.subprotocol.equals(subprotocol));
    }

    /** A plain-text HTTP answer, then the connection closes. */
    static void answer(Channel ch, HttpResponseStatus status, String reason) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.copiedBuffer(reason + "\n", StandardCharsets.UTF_8));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
        r.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, r.content().readableBytes());
        r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ch.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
    }
}
