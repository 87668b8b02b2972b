package io.graphperf.components.batchwriter;

import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a single-write statement into its batched form: {@code MERGE (u:User {id: $id})} becomes
 * {@code UNWIND $rows AS row CALL (row) { MERGE (u:User {id: row.id}) }}, so many submitted writes of
 * the same statement apply as one UNWIND over their parameter maps; a statement of CREATE clauses only needs no subquery
 * ({@code UNWIND $rows AS row CREATE (:User {id: row.id})}). Parameters inside string literals, quoted names and comments are left
 * alone.
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
        if (createsOnly(statement)) return "UNWIND $" + ROWS + " AS " + ROW + " " + rewriteParameters(statement);
        return "UNWIND $" + ROWS + " AS " + ROW + " CALL (" + ROW + ") { " + rewriteParameters(statement) + " }";
    }

    /** Words that start (or end) a clause other than CREATE, or filter or combine rows. */
    private static final Set<String> OTHER_CLAUSES = Set.of("MATCH", "OPTIONAL", "MERGE", "WITH", "RETURN", "UNWIND", "CALL",
            "FOREACH", "SET", "DELETE", "DETACH", "REMOVE", "LOAD", "UNION", "USE", "WHERE", "ORDER", "SKIP", "LIMIT", "FINISH", "IN", "YIELD");

    private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z_0-9]*");

    /**
     * True for a statement of CREATE clauses only (outside literals, quoted names and comments: no other clause, no word that could
     * start one, no semicolon): then {@code UNWIND $rows AS row} followed by the statement creates, row by row, exactly what the
     * statement creates once, without the subquery's cost (bench/apply-forms.sh measures it; FastCreate goes further for one node). Anything
     * else keeps the {@code CALL (row) { … }} form, which isolates each row whatever the statement does.
     */
    static boolean createsOnly(String statement) {
        String code = outsideLiterals(statement);
        if (code.indexOf(';') >= 0) return false;
        Matcher words = WORD.matcher(code);
        boolean first = true;
        while (words.find()) {
            String w = words.group().toUpperCase(Locale.ROOT);
            if (first && !w.equals("CREATE")) return false;
            first = false;
            if (OTHER_CLAUSES.contains(w)) return false;
        }
        return !first;
    }

    /** The statement with its string literals, quoted names and comments blanked out. */
    static String outsideLiterals(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            int end = literalEnd(s, i);
            out.append(end < 0 ? s.charAt(i) : ' ');
            i = end < 0 ? i + 1 : end;
        }
        return out.toString();
    }

    /** Every {@code $name} (or {@code $`name`}) outside literals and comments becomes {@code row.name}. */
    public static String rewriteParameters(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        int i = 0, n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            int end = literalEnd(s, i);
            if (end >= 0) {
                out.append(s, i, end);
                i = end;
            } else if (c == '$' && i + 1 < n && s.charAt(i + 1) == '`') {
                end = closing(s, i + 1, '`');
                out.append(ROW).append('.').append(s, i + 1, end);
                i = end;
            } else if (c == '$' && i + 1 < n && Character.isJavaIdentifierPart(s.charAt(i + 1))) {
                end = i + 1;
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

    /** Index just past the string literal, quoted name or comment that starts at {@code i}, or -1 when none does. */
    private static int literalEnd(String s, int i) {
        char c = s.charAt(i);
        boolean slash = c == '/' && i + 1 < s.length();
        if (c == '\'' || c == '"' || c == '`') return closing(s, i, c);
        if (slash && s.charAt(i + 1) == '/') return s.indexOf('\n', i) < 0 ? s.length() : s.indexOf('\n', i);
        if (slash && s.charAt(i + 1) == '*') return s.indexOf("*/", i + 2) < 0 ? s.length() : s.indexOf("*/", i + 2) + 2;
        return -1;
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
