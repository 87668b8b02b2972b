package io.graphperf.components.gateway.server;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.ReferenceCountUtil;

import java.util.concurrent.TimeUnit;

/**
 * Closes an upgraded connection the way RFC 6455 asks (section 7.1.1): the server's Close frame is followed by the end of its output,
 * and the socket is closed when the client has closed its side, or after {@value #LINGER_MS} ms. Closing at once would let a client
 * that is still sending — a message above the size limit, say — receive a reset instead of the Close frame and its reason, because
 * the kernel answers unread bytes on a closed socket with RST and the client's stack may drop what it had not read yet. While it
 * lingers the connection reads and discards: nothing more of what the client sends is kept. Before the upgrade (answers to bad
 * requests, refusals) closes stay immediate; {@link Connection} arms this handler when the handshake completes.
 */
final class LingeringClose extends ChannelDuplexHandler {

    /** How long a closed connection waits for the client to close its side before the socket is closed anyway. */
    static final long LINGER_MS = 2_000;

    private boolean armed;
    private boolean lingering;

    /** From now on, a close lingers. */
    void arm() {
        armed = true;
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
        if (!armed || !(ctx.channel() instanceof SocketChannel ch) || !ch.isActive()) {
            ctx.close(promise);
            return;
        }
        // every close asked for while lingering (the handlers after this one may each ask) completes with the socket's close
        ch.closeFuture().addListener(f -> promise.trySuccess());
        if (lingering) return;
        lingering = true;
        ctx.flush();
        ch.shutdownOutput().addListener(f -> {
            if (!f.isSuccess()) closeNow(ch);
        });
        ctx.executor().schedule(() -> closeNow(ch), LINGER_MS, TimeUnit.MILLISECONDS);
    }

    /** Closes the socket itself, past the pipeline (the client's end of input closes it the same way, in Netty's read loop). */
    private static void closeNow(SocketChannel ch) {
        if (ch.isOpen()) ch.unsafe().close(ch.voidPromise());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (lingering) {
            ReferenceCountUtil.release(msg);
            return;
        }
        ctx.fireChannelRead(msg);
    }
}
