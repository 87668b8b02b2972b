package io.graphperf.core.report;

import java.util.List;
import java.util.Map;

/**
 * A small HTML builder for the report: every text is escaped unless passed as {@link #raw}, elements are
 * opened and closed by name, tables are built row by row. Written by hand rather than taken from a template
 * library: the report is a handful of tables and charts, and a 100-line builder that escapes by default is
 * easier to keep right than templates spread over the experiments' folders.
 */
public final class Html {

    private final StringBuilder b = new StringBuilder(64 * 1024);

    public static String escape(String s) {
        if (s == null) return "";
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** {@code <tag a="v" …>}; attributes as name, value pairs (a null value leaves the attribute out). */
    public Html open(String tag, String... attributes) {
        b.append('<').append(tag);
        for (int i = 0; i + 1 < attributes.length; i += 2) {
            if (attributes[i + 1] == null) continue;
            b.append(' ').append(attributes[i]).append("=\"").append(escape(attributes[i + 1])).append('"');
        }
        b.append('>');
        return this;
    }

    public Html close(String tag) {
        b.append("</").append(tag).append('>');
        return this;
    }

    /** {@code <tag …>text</tag>}, the text escaped. */
    public Html el(String tag, String text, String... attributes) {
        return open(tag, attributes).text(text).close(tag);
    }

    public Html text(String s) {
        b.append(escape(s));
        return this;
    }

    /** Markup made elsewhere (an SVG chart), inserted as it is. */
    public Html raw(String markup) {
        b.append(markup);
        return this;
    }

    public Html h2(String text, String... attributes) {
        return el("h2", text, attributes);
    }

    public Html h3(String text) {
        return el("h3", text);
    }

    public Html p(String text) {
        return el("p", text);
    }

    /** A small grey explanatory paragraph. */
    public Html note(String text) {
        return el("p", text, "class", "note");
    }

    /** A list of sentences, e.g. warnings, in a box of the given class. */
    public Html box(String cssClass, String title, List<String> items) {
        if (items.isEmpty()) return this;
        open("div", "class", cssClass).h2(title).open("ul");
        for (String i : items) el("li", i);
        return close("ul").close("div");
    }

    /** A two-column table of names and values. */
    public Html meta(String id, Map<String, String> rows) {
        open("table", "class", "meta", "id", id);
        rows.forEach((k, v) -> open("tr").el("th", k).el("td", v).close("tr"));
        return close("table");
    }

    public Table table(String cssClass, String id, String... headers) {
        open("table", "class", cssClass, "id", id).open("thead").open("tr");
        for (String h : headers) el("th", h);
        close("tr").close("thead").open("tbody");
        return new Table();
    }

    @Override
    public String toString() {
        return b.toString();
    }

    /** One table cell: text (escaped) or markup, right-aligned for numbers, with an optional class and tooltip. */
    public record Td(String content, boolean markup, boolean num, String cssClass, String title) {
        public static Td text(String s) {
            return new Td(s, false, false, null, null);
        }

        public static Td num(String s) {
            return new Td(s, false, true, null, null);
        }

        public static Td markup(String html) {
            return new Td(html, true, false, null, null);
        }

        public Td cls(String c) {
            return new Td(content, markup, num, c, title);
        }

        public Td title(String t) {
            return new Td(content, markup, num, cssClass, t);
        }
    }

    /** Rows of a table opened by {@link #table}. */
    public final class Table {
        private Table() {
        }

        /** A row; {@code data} are data-* attributes (name, value pairs) for tests and scripts. */
        public Table row(List<String> data, Td... cells) {
            String[] attrs = new String[data.size()];
            for (int i = 0; i + 1 < data.size(); i += 2) {
                attrs[i] = "data-" + data.get(i);
                attrs[i + 1] = data.get(i + 1);
            }
            open("tr", attrs);
            for (Td c : cells) {
                String cls = c.num() ? (c.cssClass() == null ? "num" : "num " + c.cssClass()) : c.cssClass();
                open("td", "class", cls, "title", c.title());
                if (c.markup()) raw(c.content());
                else text(c.content());
                close("td");
            }
            close("tr");
            return this;
        }

        public Table row(Td... cells) {
            return row(List.of(), cells);
        }

        public Html end() {
            return close("tbody").close("table");
        }
    }
}
