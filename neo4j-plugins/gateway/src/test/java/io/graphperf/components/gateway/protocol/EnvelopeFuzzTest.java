package io.graphperf.components.gateway.protocol;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

import java.io.IOException;
import java.util.Map;

/**
 * Coverage-guided fuzzing (Jazzer) of what a client controls: the envelope (compression code, declared length, payload) and the three
 * decoders behind it. Any bytes must give a message or an {@link IOException} — the gateway answers that as Malformed or TooLarge on
 * an open connection — never another exception, a stack overflow or an allocation beyond the limit; a message that decodes encodes
 * again. {@code mvn test} replays the corpus kept beside this class ({@code EnvelopeFuzzTestInputs/}); {@code mvn verify} fuzzes for a
 * bounded time (JAZZER_FUZZ=1, set for this module's integration tests), keeping what it finds under {@code .cifuzz-corpus/}.
 */
class EnvelopeFuzzTest {

    static final int LIMIT = 1 << 16;

    @FuzzTest(maxDuration = "30s")
    void anyBytesAreAMessageOrAnError(FuzzedDataProvider data) {
        Format format = Format.values()[data.consumeInt(0, Format.values().length - 1)];
        byte[] bytes = data.consumeRemainingAsBytes();
        Map<String, Object> message;
        try {
            message = Envelope.decode(bytes, format, LIMIT);
        } catch (IOException refused) {
            return;
        }
        try {
            format.encode(message);
        } catch (IOException e) {
            throw new AssertionError("a message the decoder accepted does not encode again: " + e.getMessage(), e);
        }
    }
}
