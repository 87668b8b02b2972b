package io.graphperf.datagen.b2b;

import io.graphperf.datagen.Dataset;
import io.graphperf.datagen.format.Defects;
import io.graphperf.datagen.format.Dictionary;
import io.graphperf.datagen.format.FileGroup;
import io.graphperf.datagen.format.FileGroup.Kind;
import io.graphperf.datagen.format.RowBuffer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The b2b marketing graph of E1: {@code (:Activity)-[:TOUCHED]->(:Individual)-[:WORKS_FOR]->(:Organization)}.
 * Full scale (spec): 196 M individuals (~346 bytes a row, 20 properties), 261 M organizations (~155
 * bytes, 9 properties), 254 activities (always, so they stay dense), 1.87 B TOUCHED (~39 bytes, 2
 * properties), 306 M WORKS_FOR (~19 bytes, none). Keys are integers unique within each label.
 */
public final class B2bDataset implements Dataset {

    public static final long INDIVIDUALS = 196_000_000L, ORGANIZATIONS = 261_000_000L, TOUCHED = 1_870_000_000L,
            WORKS_FOR = 306_000_000L;
    public static final int ACTIVITIES = 254;
    static final long PART_ROWS = 1_000_000;
    static final long EPOCH_2015 = 1_420_070_400_000L, TEN_YEARS_MS = 315_360_000_000L;

    private final Dictionary first = Dictionary.load("first-names"), last = Dictionary.load("last-names"),
            cities = Dictionary.load("cities"), countries = Dictionary.load("countries"), titles = Dictionary.load("titles"),
            departments = Dictionary.load("departments"), channels = Dictionary.load("channels"), words = Dictionary.load("words"),
            companyWords = Dictionary.load("company-words"), suffixes = Dictionary.load("company-suffixes"),
            industries = Dictionary.load("industries");

    @Override
    public String name() {
        return "b2b";
    }

    @Override
    public List<FileGroup> groups(double scale, long seed, int defects) {
        long individuals = Dataset.scaled(INDIVIDUALS, scale), organizations = Dataset.scaled(ORGANIZATIONS, scale);
        List<FileGroup> g = new ArrayList<>();
        g.add(new FileGroup(Kind.NODES, "Activity", List.of("activityKey:ID(Activity)", "name", "channel", "startedAt:long"),
                ACTIVITIES, PART_ROWS, this::activities, List.of()));
        List<String> individualHeader = List.of("individualKey:ID(Individual)", "firstName", "lastName", "email", "phone",
                "title", "department", "seniority:int", "street", "city", "country", "postalCode", "profileUrl", "createdAt:long",
                "updatedAt:long", "leadScore:int", "optIn:boolean", "source", "timezone", "notes");
        g.add(new FileGroup(Kind.NODES, "Individual", individualHeader, individuals, PART_ROWS, this::individuals,
                Defects.forNodes(defects, individualHeader, individuals, PART_ROWS)));
        g.add(new FileGroup(Kind.NODES, "Organization", List.of("organizationKey:ID(Organization)", "name", "domain", "industry",
                "employees:int", "revenue:long", "city", "country", "description"),
                organizations, PART_ROWS, this::organizations, List.of()));
        g.add(new FileGroup(Kind.RELATIONSHIPS, "TOUCHED", List.of(":START_ID(Activity)", ":END_ID(Individual)", "touchedAt:long", "channel"),
                Dataset.scaled(TOUCHED, scale), PART_ROWS, (out, from, to, rnd) -> touched(out, from, to, rnd, individuals), List.of()));
        List<String> worksForHeader = List.of(":START_ID(Individual)", ":END_ID(Organization)");
        long worksFor = Dataset.scaled(WORKS_FOR, scale);
        g.add(new FileGroup(Kind.RELATIONSHIPS, "WORKS_FOR", worksForHeader, worksFor, PART_ROWS,
                (out, from, to, rnd) -> worksFor(out, from, to, rnd, individuals, organizations),
                Defects.dangling(defects, worksForHeader, worksFor, PART_ROWS, organizations)));
        return g;
    }

    private void activities(RowBuffer out, long from, long to, SplittableRandom rnd) throws IOException {
        for (long i = from; i < to; i++) {
            out.number(i + 1).comma().ascii(words.pick(rnd)).chr(' ').ascii(words.pick(rnd)).chr(' ').number(i + 1).comma()
                    .ascii(channels.pick(rnd)).comma().number(EPOCH_2015 + rnd.nextLong(TEN_YEARS_MS)).endRow();
        }
    }

    private void individuals(RowBuffer out, long from, long to, SplittableRandom rnd) throws IOException {
        for (long i = from; i < to; i++) {
            long key = i + 1;
            byte[] f = first.pick(rnd), l = last.pick(rnd), city = cities.pick(rnd);
            long created = EPOCH_2015 + rnd.nextLong(TEN_YEARS_MS);
            out.number(key).comma().ascii(f).comma().ascii(l).comma()
                    .ascii(f).chr('.').ascii(l).chr('.').number(key).ascii("@example.com").comma()
                    .ascii("+1-555-").number(1_000_000 + rnd.nextInt(9_000_000)).comma()
                    .ascii(titles.pick(rnd)).comma().ascii(departments.pick(rnd)).comma().number(rnd.nextInt(10)).comma()
                    .number(1 + rnd.nextInt(999)).chr(' ').ascii(words.pick(rnd)).ascii(" Street").comma()
                    .ascii(city).comma().ascii(countries.pick(rnd)).comma().number(10_000 + rnd.nextInt(90_000)).comma()
                    .ascii("https://profiles.example/in/").ascii(f).chr('-').ascii(l).chr('-').number(key).comma()
                    .number(created).comma().number(created + rnd.nextLong(TEN_YEARS_MS / 10)).comma()
                    .number(rnd.nextInt(100)).comma().ascii(rnd.nextBoolean() ? "true" : "false").comma()
                    .ascii(channels.pick(rnd)).comma().ascii("UTC").chr(rnd.nextBoolean() ? '+' : '-').number(rnd.nextInt(12)).comma();
            for (int w = 0, n = 6 + rnd.nextInt(8); w < n; w++) {
                if (w > 0) out.chr(' ');
                out.ascii(words.pick(rnd));
            }
            out.endRow();
        }
    }

    private void organizations(RowBuffer out, long from, long to, SplittableRandom rnd) throws IOException {
        for (long i = from; i < to; i++) {
            long key = i + 1;
            byte[] a = companyWords.pick(rnd), b = companyWords.pick(rnd);
            out.number(key).comma().ascii(a).chr(' ').ascii(b).chr(' ').ascii(suffixes.pick(rnd)).comma()
                    .ascii(a).ascii(b).number(key).ascii(".example").comma().ascii(industries.pick(rnd)).comma()
                    .number(1 + rnd.nextInt(50_000)).comma().number(rnd.nextLong(10_000_000_000L)).comma()
                    .ascii(cities.pick(rnd)).comma().ascii(countries.pick(rnd)).comma();
            for (int w = 0, n = 6 + rnd.nextInt(8); w < n; w++) {
                if (w > 0) out.chr(' ');
                out.ascii(words.pick(rnd));
            }
            out.endRow();
        }
    }

    private void touched(RowBuffer out, long from, long to, SplittableRandom rnd, long individuals) throws IOException {
        for (long i = from; i < to; i++) {
            out.number(1 + rnd.nextInt(ACTIVITIES)).comma().number(1 + rnd.nextLong(individuals)).comma()
                    .number(EPOCH_2015 + rnd.nextLong(TEN_YEARS_MS)).comma().ascii(channels.pick(rnd)).endRow();
        }
    }

    /** Every individual works somewhere; the ~56 % extra rows give some a second organization. */
    private static void worksFor(RowBuffer out, long from, long to, SplittableRandom rnd, long individuals, long organizations) throws IOException {
        for (long i = from; i < to; i++) {
            out.number(i % individuals + 1).comma().number(1 + rnd.nextLong(organizations)).endRow();
        }
    }
}
