package io.graphperf.core.engine;

import io.graphperf.core.UserError;
import org.junit.jupiter.api.Test;

import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JitPriorityTest {

    @Test
    void rootRaisesTheCompilersByDefault() {
        assertEquals(OptionalInt.of(-10), JitPriority.nice(null, true));
        assertEquals(OptionalInt.of(-10), JitPriority.nice("", true));
    }

    @Test
    void aGivenNiceValueIsUsedAndOffLeavesTheJvmDefault() {
        assertEquals(OptionalInt.of(-5), JitPriority.nice("-5", true));
        assertEquals(OptionalInt.of(19), JitPriority.nice(" 19 ", true));
        assertEquals(OptionalInt.empty(), JitPriority.nice("off", true));
        assertEquals(OptionalInt.empty(), JitPriority.nice("OFF", false));
    }

    @Test
    void withoutRootNothingIsAskedFor() {
        assertEquals(OptionalInt.empty(), JitPriority.nice(null, false));
        assertEquals(OptionalInt.empty(), JitPriority.nice("-10", false));
    }

    @Test
    void aBadValueNamesTheVariable() {
        for (String bad : new String[] {"high", "-21", "20", "1.5"}) {
            UserError e = assertThrows(UserError.class, () -> JitPriority.nice(bad, true), bad);
            assertTrue(e.getMessage().contains(JitPriority.ENV + "=" + bad), e.getMessage());
        }
    }

    @Test
    void theOptionsMatchWhatThisProcessMayAskFor() {
        // whatever this test runs as: root gets both options, anyone else none (Linux ignores a raised priority without root)
        assertEquals(Machine.isRoot() && !"off".equalsIgnoreCase(System.getenv(JitPriority.ENV)) ? 2 : 0, JitPriority.jvmOptions().size());
    }
}
