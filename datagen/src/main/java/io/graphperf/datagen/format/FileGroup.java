package io.graphperf.datagen.format;

import java.util.List;

/**
 * The files of one node label or relationship type in Neo4j's bulk-import format: a header file and
 * data parts of at most {@code partRows} rows each.
 *
 * @param kind      nodes or relationships
 * @param name      the label or relationship type (also the file-name stem)
 * @param header    header columns, e.g. {@code personKey:ID(Person)}, {@code :START_ID(Person)}
 * @param rows      data rows to generate (before injected defects)
 * @param defects   bad rows injected into the group's first part
 */
public record FileGroup(Kind kind, String name, List<String> header, long rows, long partRows,
                        PartGenerator generator, List<Defect> defects) {

    public enum Kind { NODES, RELATIONSHIPS }

    public int parts() {
        return (int) Math.max(1, (rows + partRows - 1) / partRows);
    }

    public String headerFile() {
        return name + "-header.csv";
    }

    public String partFile(int part, boolean gzip) {
        return String.format("%s-part-%05d.csv%s", name, part, gzip ? ".gz" : "");
    }
}
