package io.graphperf.components.gateway.client;

import io.graphperf.components.gateway.protocol.Envelope;
import io.graphperf.components.gateway.protocol.Messages;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientHandshakerFactory;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketVersion;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** One WebSocket connection to the gateway: requests in flight by id, at most {@code pipelining} at a time. */
final class GatewayConnection extends SimpleChannelInboundHandler<WebSocketFrame> {

    private record Pending(CompletableFuture<Response> future, long encodeNanos, int sent, int sentUncompressed) {
    }

    private final GatewayClient.Options options;
    private final Semaphore permits;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, Pending> pending = new ConcurrentHashMap<>();
    private final CompletableFuture<Void> handshake = new CompletableFuture<>();
    private Channel channel;

    private GatewayConnection(GatewayClient.Options options) {
        this.options = options;
        this.permits = new Semaphore(options.pipelining());
    }

    static GatewayConnection open(EventLoopGroup group, GatewayClient.Options o) throws Exception {
        GatewayConnection c = new GatewayConnection(o);
        boolean tls = "wss".equals(o.uri().getScheme());
        SslContext ssl = !tls ? null : o.trust() == null ? SslContextBuilder.forClient().build()
                : SslContextBuilder.forClient().trustManager(o.trust().toFile()).build();
        int port = o.uri().getPort() > 0 ? o.uri().getPort() : tls ? 443 : 80;
        Bootstrap b = new Bootstrap().group(group).channel(NioSocketChannel.class).option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (ssl != null) ch.pipeline().addLast(ssl.newHandler(ch.alloc(), o.uri().getHost(), port));
                        ch.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(65536));
                        ch.pipeline().addLast(new WebSocketClientProtocolHandler(WebSocketClientHandshakerFactory.newHandshaker(o.uri(), WebSocketVersion.V13,
                                        o.format().subprotocol, true, new DefaultHttpHeaders(), Integer.MAX_VALUE)),
                                new WebSocketFrameAggregator(Integer.MAX_VALUE), c);
                    }
                });
        try {
            c.channel = b.connect(o.uri().getHost(), port).sync().channel();
            c.handshake.get(o.timeoutMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            if (c.channel != null) c.channel.close();
            throw new GatewayException(Messages.FAILED, "cannot open a WebSocket to " + o.uri() + ": " + (e.getCause() != null ? e.getCause() : e));
        }
        return c;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) handshake.complete(null);
        else if (evt == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT) handshake.completeExceptionally(new GatewayException(Messages.FAILED, "handshake timed out"));
        super.userEventTriggered(ctx, evt);
    }

    CompletableFuture<Response> send(Map<String, Object> request) throws InterruptedException {
        permits.acquire();
        long id = ids.incrementAndGet();
        request.put(Messages.ID, id);
        CompletableFuture<Response> f = new CompletableFuture<>();
        try {
            long t0 = System.nanoTime();
            Envelope.Encoded e = Envelope.encode(request, options.format(), options.compression(), options.threshold());
            pending.put(id, new Pending(f, System.nanoTime() - t0, e.bytes().length, e.uncompressedBytes()));
            channel.writeAndFlush(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(e.bytes()))).addListener(w -> {
                if (!w.isSuccess()) fail(id, new GatewayException(Messages.FAILED, "cannot send: " + w.cause()));
            });
        } catch (Exception e) {
            fail(id, e);
            if (!f.isDone()) {
                permits.release();
                f.completeExceptionally(e);
            }
        }
        return f;
    }

    private void fail(long id, Exception e) {
        Pending p = pending.remove(id);
        if (p != null) {
            permits.release();
            p.future.completeExceptionally(e);
        }
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        if (!(frame instanceof BinaryWebSocketFrame)) return;
        byte[] bytes = ByteBufUtil.getBytes(frame.content());
        long t0 = System.nanoTime();
        Map<String, Object> message;
        try {
            message = Envelope.decode(bytes, options.format(), Integer.MAX_VALUE - 8);
        } catch (Exception e) {
            ctx.close();
            return;
        }
        long decode = System.nanoTime() - t0;
        int uncompressed = bytes.length > 0 && bytes[0] != 0 && bytes.length >= 5 ? ByteBuffer.wrap(bytes, 1, 4).getInt() : bytes.length - 1;
        Object id = message.get(Messages.ID);
        Pending p = id instanceof Number n ? pending.remove(n.longValue()) : null;
        if (p == null) return; // an error about a message the gateway could not read (no id): the caller's timeout reports it
        permits.release();
        p.future.complete(new Response(message, p.encodeNanos, decode, p.sent, p.sentUncompressed, bytes.length, uncompressed));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        GatewayException closed = new GatewayException(Messages.FAILED, "the gateway closed the connection");
        handshake.completeExceptionally(closed);
        for (Long id : pending.keySet()) fail(id, closed);
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        handshake.completeExceptionally(cause);
        ctx.close();
    }

    void close() {
        if (channel != null) channel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
    }
}
