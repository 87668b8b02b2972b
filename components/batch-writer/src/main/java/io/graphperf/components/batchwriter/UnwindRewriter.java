package io.graphperf.components.batchwriter;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Turns a single-write statement into its batched form: {@code CREATE (:User {id: $id})} becomes
 * {@code UNWIND $rows AS row CALL (row) { CREATE (:User {id: row.id}) }}, so many submitted writes of
 * the same statement apply as one UNWIND over their parameter maps. Parameters inside string literals,
 * quoted names and comments are left alone.
 */
public final class UnwindRewriter {

    public static final String ROWS = "rows", ROW = "row";

    private UnwindRewriter() {
    }

    /** Rewritten statements by their single-write form; an application uses few statements, the bound keeps a stray one from growing it. */
    private static final ConcurrentHashMap<String, String> REWRITTEN = new ConcurrentHashMap<>();
    private static final int REMEMBERED = 1024;

    public static String batched(String statement) {
        String known = REWRITTEN.get(statement);
        if (known != null) return known;
        String b = rewrite(statement);
        if (REWRITTEN.size() < REMEMBERED) REWRITTEN.put(statement, b);
        return b;
    }

    private static String rewrite(String statement) {
        return "UNWIND $" + ROWS + " AS " + ROW + " CALL (" + ROW + ") { " + rewriteParameters(statement) + " }";
    }

    /** Every {@code $name} (or {@code $`name`}) outside literals and comments becomes {@code row.name}. */
    static String rewriteParameters(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        int i = 0, n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                int end = closing(s, i, c);
                out.append(s, i, end);
                i = end;
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                int end = s.indexOf('\n', i);
                end = end < 0 ? n : end;
                out.append(s, i, end);
                i = end;
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                int end = s.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                out.append(s, i, end);
                i = end;
            } else if (c == '$' && i + 1 < n && s.charAt(i + 1) == '`') {
                int end = closing(s, i + 1, '`');
                out.append(ROW).append('.').append(s, i + 1, end);
                i = end;
            } else if (c == '$' && i + 1 < n && Character.isJavaIdentifierPart(s.charAt(i + 1))) {
                int end = i + 1;
                while (end < n && Character.isJavaIdentifierPart(s.charAt(end))) end++;
                String name = s.substring(i + 1, end);
                out.append(ROW).append('.').append(Character.isDigit(name.charAt(0)) ? "`" + name + "`" : name);
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Index just past the quote that closes the one at {@code start}; a doubled quote or a backslash escapes it. */
    private static int closing(String s, int start, char quote) {
        int i = start + 1, n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\\' && quote != '`') {
                i += 2;
            } else if (c == quote) {
                if (i + 1 < n && s.charAt(i + 1) == quote) i += 2;
                else return i + 1;
            } else {
                i++;
            }
        }
        return n;
    }
}
