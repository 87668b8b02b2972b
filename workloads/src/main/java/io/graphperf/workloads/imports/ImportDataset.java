package io.graphperf.workloads.imports;

import io.graphperf.core.UserError;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What E1 imports: a folder of Neo4j-import-format CSV files, how to call the importer on it, which
 * property keys each label and which extra indexes the schema phase builds, and where probes look.
 *
 * @param name              "b2b", "social", or the folder's name
 * @param scale             generator scale, NaN for a user's folder
 * @param importArguments   importer arguments (database name first, then options, then inputs)
 * @param labelKeys         label → its key property (from the {@code key:ID(Label)} header column)
 * @param indexes           the plain property indexes to build after the constraints
 * @param probeLabel        the label whose keys the probe queries look up
 * @param inputBytes        bytes of the input files as stored
 * @param inputRows         data rows in the input, -1 when not known without reading every file
 * @param generationSeconds graphperf generating the files now; NaN when they existed already
 */
public record ImportDataset(String name, double scale, Path dir, List<String> importArguments,
                            Map<String, String> labelKeys, List<SchemaPhase.Step> indexes, String probeLabel,
                            long inputBytes, long inputRows, double generationSeconds) {

    /** The importer arguments with the bad-entry tolerance set to {@code tolerance}. */
    public List<String> importArguments(int tolerance) {
        List<String> args = new ArrayList<>();
        for (String a : importArguments) {
            if (!a.startsWith("--bad-tolerance")) args.add(a);
        }
        // options go before the inputs; the database name stays right after "full"
        int at = args.indexOf("full") + 2;
        args.add(Math.min(at, args.size()), "--bad-tolerance=" + tolerance);
        return args;
    }

    /** The schema phase: one uniqueness constraint per label key, then the plain indexes. */
    public List<SchemaPhase.Step> schemaSteps() {
        List<SchemaPhase.Step> steps = new ArrayList<>();
        labelKeys.forEach((label, key) -> steps.add(SchemaPhase.Step.uniqueness(label, key)));
        steps.addAll(indexes);
        return steps;
    }

    /** Indexes given as "Label.property", checked against the labels the files declare. */
    public static List<SchemaPhase.Step> parseIndexes(List<String> specs, Collection<String> labels, String option) {
        List<SchemaPhase.Step> out = new ArrayList<>();
        for (String spec : specs) {
            int dot = spec.indexOf('.');
            if (dot <= 0 || dot == spec.length() - 1) {
                throw new UserError("bad index '" + spec + "' (" + option + "): expected Label.property, e.g. Individual.lastName");
            }
            String label = spec.substring(0, dot), property = spec.substring(dot + 1);
            if (!labels.contains(label)) {
                throw new UserError("index '" + spec + "' (" + option + ") names label " + label + ", which the dataset does not have; labels: "
                        + String.join(", ", labels));
            }
            out.add(SchemaPhase.Step.index(label, property));
        }
        return out;
    }
}
