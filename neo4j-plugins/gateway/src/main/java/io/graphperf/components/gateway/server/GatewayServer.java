package io.graphperf.components.gateway.server;

import io.graphperf.components.gateway.protocol.Format;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.handler.codec.http.websocketx.extensions.compression.WebSocketServerCompressionHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import org.neo4j.logging.InternalLog;

import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The WebSocket endpoint {@code ws://HOST:PORT/graphperf} on the Netty that Neo4j ships: admission and the checks before the
 * upgrade ({@link Gate}), HTTP upgrade, the format as subprotocol, permessage-deflate for clients that offer it (browsers do), then
 * {@link Connection}s. Requests run on a fixed pool of {@code threads} workers with a bounded queue; every byte held for clients
 * counts against one gateway-wide {@link Budget}.
 */
final class GatewayServer implements AutoCloseable {
    static final String PATH = "/graphperf";

    private final EventLoopGroup boss, io;
    private final ThreadPoolExecutor workers;
    private final Channel channel;

    private static SslContext tls(GatewaySettings s) throws Exception {
        try {
            return SslContextBuilder.forServer(s.tlsCertificate().toFile(), s.tlsKey().toFile()).build();
        } catch (LinkageError e) {
            throw new IllegalStateException("TLS (" + GatewaySettings.TLS_CERT + ") cannot start: Java's cryptography failed to initialise in this JVM ("
                    + e + "). A known cause: APOC on the classpath beside Neo4j's hadoop-common, which Neo4j ships without its dependencies —"
                    + " APOC's URL handler loads Hadoop's FileSystem, which fails, when Java's cryptography first opens a URL. graphperf's engine host"
                    + " leaves Hadoop off its classpath; in your Neo4j, put a TLS proxy in front of the gateway", e);
        } catch (Exception e) {
            throw new IllegalStateException(GatewaySettings.TLS_CERT + " / " + GatewaySettings.TLS_KEY + ": cannot read the certificate or key as PEM: " + e.getMessage(), e);
        }
    }

    GatewayServer(GatewaySettings s, Requests requests, Authenticator auth, InternalLog log) throws Exception {
        SslContext ssl = s.tls() ? tls(s) : null;
        workers = new ThreadPoolExecutor(s.threads(), s.threads(), 0, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(Math.max(1024, s.maxConnections() * 16)), new DefaultThreadFactory("graphperf-gateway-worker", true));
        boss = new NioEventLoopGroup(1, new DefaultThreadFactory("graphperf-gateway-accept", true));
        io = new NioEventLoopGroup(Math.max(1, Math.min(4, s.threads() / 4)), new DefaultThreadFactory("graphperf-gateway-io", true));
        String subprotocols = Arrays.stream(Format.values()).map(f -> f.subprotocol).collect(Collectors.joining(","));
        // a frame, and a message assembled from frames, is at most max_message_bytes (and its envelope): larger closes the connection (1009)
        int frameLimit = s.maxMessageBytes() + Gate.ENVELOPE_SLACK;
        WebSocketServerProtocolConfig ws = WebSocketServerProtocolConfig.newBuilder().websocketPath(PATH).subprotocols(subprotocols)
                .allowExtensions(true).maxFramePayloadLength(frameLimit).handshakeTimeoutMillis(10_000).build();
        Gate gate = new Gate(s);
        Budget whole = new Budget("graphperf.gateway.max_total_bytes", s.maxTotalBytes(), null);
        ServerBootstrap b = new ServerBootstrap().group(boss, io).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(256 << 10, 1 << 20))
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        String[] refusal = new String[1];
                        Gate.Ticket ticket = gate.admit(ch, refusal);
                        if (ssl != null) ch.pipeline().addLast(ssl.newHandler(ch.alloc()));
                        if (ticket == null) {
                            log.warn("graphperf gateway: connection from " + ch.remoteAddress() + " refused: " + refusal[0]);
                            ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(65536),
                                    new Gate.Refused(refusal[0], s.helloTimeout().toMillis()));
                            return;
                        }
                        ch.pipeline().addLast(new LingeringClose(), new IdleStateHandler(s.idleTimeout().toSeconds(), 0, 0, TimeUnit.SECONDS),
                                new HttpServerCodec(), new HttpObjectAggregator(65536), new Gate.Front(ticket), new WebSocketServerCompressionHandler(),
                                new WebSocketServerProtocolHandler(ws), new Gate.MessageSize(ticket, frameLimit), new WebSocketFrameAggregator(frameLimit),
                                new Connection(s, requests, auth, workers, log, ticket, whole), new ChannelInboundHandlerAdapter() {
                                    @Override
                                    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                                        ctx.close();
                                    }
                                });
                    }
                });
        channel = b.bind(new InetSocketAddress(s.listenAddress(), s.port())).sync().channel();
    }

    int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    @Override
    public void close() throws InterruptedException {
        channel.close().await(5, TimeUnit.SECONDS);
        boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
        io.shutdownGracefully(0, 2, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
        workers.shutdownNow();
        workers.awaitTermination(10, TimeUnit.SECONDS);
    }
}
