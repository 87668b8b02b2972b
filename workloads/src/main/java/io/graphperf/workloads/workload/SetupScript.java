package io.graphperf.workloads.workload;

import java.util.ArrayList;
import java.util.List;

/** A setup script's statements: separated by semicolons outside literals and comments, blank ones and comments left out. */
final class SetupScript {

    private SetupScript() {
    }

    static List<String> statements(String script) {
        String code = QueryText.code(script);
        List<String> out = new ArrayList<>();
        int from = 0;
        for (int i = 0; i <= code.length(); i++) {
            if (i == code.length() || code.charAt(i) == ';') {
                String st = script.substring(from, i).strip();
                if (!QueryText.code(st).isBlank()) out.add(st);
                from = i + 1;
            }
        }
        return out;
    }
}
