package io.graphperf.workloads.workload;

import io.graphperf.core.engine.DialectName;
import io.graphperf.studies.Dialect;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a query text asks for, read without a parser: the parameters it names and whether it orders its rows. Literals, quoted names
 * and comments are skipped, so {@code '$x'} or {@code // ORDER BY} count for nothing. Cypher names a parameter {@code $name} (or
 * {@code $`name`}); the SQL of ArcadeDB and OrientDB {@code :name}.
 */
public final class QueryText {

    private static final Pattern ORDER_BY = Pattern.compile("(?i)\\bORDER\\s+BY\\b");

    private QueryText() {
    }

    /** Whether a text of {@code dialect} names its parameters {@code :name} (the SQL of the OrientDB family), as the dialect's module says. */
    public static boolean sql(DialectName dialect, String text) {
        Dialect d = Dialect.all().get(dialect);
        return d != null && d.parameterSign(text) == ':';
    }

    /** The parameters the text names, in order of first use. */
    public static List<String> parameters(String text, boolean sql) {
        String code = code(text);
        Set<String> out = new LinkedHashSet<>();
        for (int i = 0; i < code.length(); i++) {
            char c = code.charAt(i);
            boolean cypher = !sql && c == '$', named = sql && c == ':' && (i == 0 || !(Character.isLetterOrDigit(code.charAt(i - 1)) || code.charAt(i - 1) == '_'
                    || code.charAt(i - 1) == ':'));
            if (!cypher && !named) continue;
            int j = i + 1;
            if (cypher && j < text.length() && text.charAt(j) == '`') { // $`name`, read from the text: code() blanks quoted names
                int end = text.indexOf('`', j + 1);
                if (end > j) out.add(text.substring(j + 1, end));
                i = Math.max(i, end);
                continue;
            }
            while (j < code.length() && (Character.isLetterOrDigit(code.charAt(j)) || code.charAt(j) == '_')) j++;
            if (j > i + 1 && !(sql && Character.isDigit(code.charAt(i + 1)))) out.add(code.substring(i + 1, j));
            i = j - 1;
        }
        return new ArrayList<>(out);
    }

    /** Whether the text orders its rows (an ORDER BY outside literals and comments): then its answers compare row by row. */
    public static boolean ordered(String text) {
        return ORDER_BY.matcher(code(text)).find();
    }

    /** The text with string literals, quoted names and comments blanked out (same length, so positions hold). */
    static String code(String text) {
        StringBuilder b = new StringBuilder(text.length());
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                int j = i + 1;
                while (j < n && text.charAt(j) != c) j += text.charAt(j) == '\\' ? 2 : 1;
                b.append(c).append(" ".repeat(Math.max(0, Math.min(j, n) - i - 1)));
                if (j < n) b.append(c);
                i = j;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                int j = text.indexOf('\n', i);
                j = j < 0 ? n : j;
                b.append(" ".repeat(j - i));
                i = j - 1;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int j = text.indexOf("*/", i + 2);
                j = j < 0 ? n : j + 2;
                b.append(" ".repeat(j - i));
                i = j - 1;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
