package io.graphperf.datagen.social;

import io.graphperf.datagen.Dataset;
import io.graphperf.datagen.format.Defects;
import io.graphperf.datagen.format.Dictionary;
import io.graphperf.datagen.format.FileGroup;
import io.graphperf.datagen.format.FileGroup.Kind;
import io.graphperf.datagen.format.PartGenerator;
import io.graphperf.datagen.format.RowBuffer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The intranet social network of E2 (spec: dataset social). At scale 1: 2,011 people, 26,982
 * messages, 25,365 activities, 2,000 addresses, 200 groups, 100 organizations and 13 second-level
 * profile nodes a person (4 message collections, 4 accounts, 3 emails, 2 phones): about 82,800 nodes
 * and 304,000 relationships, of which about 25,000 friendships with a heavy-tailed degree.
 */
public final class SocialDataset implements Dataset {

    static final long PART_ROWS = 1_000_000;
    static final String[] COLLECTIONS = {"inbox", "sent", "drafts", "archive"};
    static final String[] SERVICES = {"chat", "wiki", "calendar", "tracker"};
    static final long EPOCH_2015 = 1_420_070_400_000L, TEN_YEARS_MS = 315_360_000_000L;
    static final int INBOX = 0, SENT = 1;

    private final Dictionary first = Dictionary.load("first-names"), last = Dictionary.load("last-names"),
            cities = Dictionary.load("cities"), countries = Dictionary.load("countries"), words = Dictionary.load("words"),
            groupWords = Dictionary.load("group-words"), companyWords = Dictionary.load("company-words"),
            suffixes = Dictionary.load("company-suffixes"), industries = Dictionary.load("industries");

    private SocialGraph graph;
    private double graphScale;
    private long graphSeed;

    @Override
    public String name() {
        return "social";
    }

    synchronized SocialGraph graph(double scale, long seed) {
        if (graph == null || graphScale != scale || graphSeed != seed) {
            graph = new SocialGraph(scale, seed);
            graphScale = scale;
            graphSeed = seed;
        }
        return graph;
    }

    @Override
    public List<FileGroup> groups(double scale, long seed, int defects) {
        SocialGraph g = graph(scale, seed);
        List<FileGroup> out = new ArrayList<>();
        addNodes(out, g, defects);
        addRelationships(out, g, defects);
        return out;
    }

    /** The node files: people (with the defects asked for), their messages, activities, addresses, groups, organisations and accounts. */
    private void addNodes(List<FileGroup> out, SocialGraph g, int defects) {
        int p = g.people;
        List<String> personHeader = List.of("personKey:ID(Person)", "firstName", "lastName", "gender", "birthday:long", "city",
                "joinedAt:long", "status", "bio");
        out.add(new FileGroup(Kind.NODES, "Person", personHeader, p, PART_ROWS, this::people, Defects.forNodes(defects, personHeader, p, PART_ROWS)));
        out.add(nodes("Message", List.of("messageKey:ID(Message)", "subject", "body", "sentAt:long"), g.messages, (b, from, to, r) -> {
            for (long i = from; i < to; i++) {
                b.number(i + 1).comma();
                words(b, r, 2 + r.nextInt(5));
                b.comma();
                words(b, r, 8 + r.nextInt(40));
                b.comma().number(EPOCH_2015 + r.nextLong(TEN_YEARS_MS)).endRow();
            }
        }));
        out.add(nodes("Activity", List.of("activityKey:ID(Activity)", "kind", "text", "createdAt:long"), g.activities, (b, from, to, r) -> {
            String[] kinds = {"post", "comment", "share", "event", "poll"};
            for (long i = from; i < to; i++) {
                b.number(i + 1).comma().ascii(kinds[r.nextInt(kinds.length)]).comma();
                words(b, r, 4 + r.nextInt(20));
                b.comma().number(EPOCH_2015 + r.nextLong(TEN_YEARS_MS)).endRow();
            }
        }));
        out.add(nodes("Address", List.of("addressKey:ID(Address)", "street", "city", "country", "postalCode"), g.addresses, (b, from, to, r) -> {
            for (long i = from; i < to; i++) {
                b.number(i + 1).comma().number(1 + r.nextInt(999)).chr(' ').ascii(words.pick(r)).ascii(" Street").comma()
                        .ascii(cities.pick(r)).comma().ascii(countries.pick(r)).comma().number(10_000 + r.nextInt(90_000)).endRow();
            }
        }));
        out.add(nodes("Group", List.of("groupKey:ID(Group)", "name", "description", "createdAt:long"), g.groups, (b, from, to, r) -> {
            for (long i = from; i < to; i++) {
                b.number(i + 1).comma().ascii(groupWords.pick(r)).chr(' ').ascii(groupWords.pick(r)).chr(' ').number(i + 1).comma();
                words(b, r, 5 + r.nextInt(15));
                b.comma().number(EPOCH_2015 + r.nextLong(TEN_YEARS_MS)).endRow();
            }
        }));
        out.add(nodes("Organization", List.of("organizationKey:ID(Organization)", "name", "industry", "city"), g.organizations, (b, from, to, r) -> {
            for (long i = from; i < to; i++) {
                b.number(i + 1).comma().ascii(companyWords.pick(r)).chr(' ').ascii(suffixes.pick(r)).comma()
                        .ascii(industries.pick(r)).comma().ascii(cities.pick(r)).endRow();
            }
        }));
        out.add(nodes("MessageCollection", List.of("collectionKey:ID(MessageCollection)", "kind"), 4L * p, (b, from, to, r) -> {
            for (long i = from; i < to; i++) b.number(i + 1).comma().ascii(COLLECTIONS[(int) (i % 4)]).endRow();
        }));
        out.add(nodes("Account", List.of("accountKey:ID(Account)", "service", "handle"), 4L * p, (b, from, to, r) -> {
            for (long i = from; i < to; i++) b.number(i + 1).comma().ascii(SERVICES[(int) (i % 4)]).comma().ascii(first.pick(r)).number(i / 4 + 1).endRow();
        }));
        out.add(nodes("Email", List.of("emailKey:ID(Email)", "address", "primary:boolean"), 3L * p, (b, from, to, r) -> {
            for (long i = from; i < to; i++) {
                b.number(i + 1).comma().ascii(last.pick(r)).chr('.').number(i + 1).ascii("@corp.example").comma()
                        .ascii(i % 3 == 0 ? "true" : "false").endRow();
            }
        }));
        out.add(nodes("Phone", List.of("phoneKey:ID(Phone)", "number", "kind"), 2L * p, (b, from, to, r) -> {
            for (long i = from; i < to; i++) {
                b.number(i + 1).comma().ascii("+44-20-").number(1_000_000 + r.nextInt(9_000_000)).comma().ascii(i % 2 == 0 ? "work" : "mobile").endRow();
            }
        }));
    }

    /** The relationship files (friendships with the dangling ends asked for as defects). */
    private void addRelationships(List<FileGroup> out, SocialGraph g, int defects) {
        int p = g.people;
        List<String> friendHeader = List.of(":START_ID(Person)", ":END_ID(Person)", "since:long");
        out.add(new FileGroup(Kind.RELATIONSHIPS, "FRIEND_OF", friendHeader, g.friendA.length, PART_ROWS, (b, from, to, r) -> {
            for (long i = from; i < to; i++) {
                b.number(g.friendA[(int) i]).comma().number(g.friendB[(int) i]).comma().number(EPOCH_2015 + r.nextLong(TEN_YEARS_MS)).endRow();
            }
        }, Defects.dangling(defects, friendHeader, g.friendA.length, PART_ROWS, p)));
        out.add(rels("MEMBER_OF", "Person", "Group", g.memberPerson.length, (i, b) -> b.number(g.memberPerson[i]).comma().number(g.memberGroup[i])));
        out.add(rels("LIVES_AT", "Person", "Address", p, (i, b) -> b.number(i + 1).comma().number(g.personAddress[i + 1])));
        out.add(rels("WORKS_AT", "Person", "Organization", p, (i, b) -> b.number(i + 1).comma().number(g.personOrganization[i + 1])));
        out.add(rels("HAS_COLLECTION", "Person", "MessageCollection", 4L * p, (i, b) -> b.number(i / 4 + 1).comma().number(i + 1)));
        out.add(rels("HAS_ACCOUNT", "Person", "Account", 4L * p, (i, b) -> b.number(i / 4 + 1).comma().number(i + 1)));
        out.add(rels("HAS_EMAIL", "Person", "Email", 3L * p, (i, b) -> b.number(i / 3 + 1).comma().number(i + 1)));
        out.add(rels("HAS_PHONE", "Person", "Phone", 2L * p, (i, b) -> b.number(i / 2 + 1).comma().number(i + 1)));
        out.add(rels("SENT", "Person", "Message", g.messages, (i, b) -> b.number(g.messageSender[i]).comma().number(i + 1)));
        out.add(rels("SENT_TO", "Message", "Person", g.messages, (i, b) -> b.number(i + 1).comma().number(g.messageRecipient[i])));
        // every message is in its sender's "sent" collection and its recipient's inbox
        out.add(rels("IN_COLLECTION", "Message", "MessageCollection", 2L * g.messages, (i, b) -> {
            int m = i / 2;
            int owner = i % 2 == 0 ? g.messageSender[m] : g.messageRecipient[m];
            b.number(m + 1).comma().number((owner - 1) * 4L + (i % 2 == 0 ? SENT : INBOX) + 1);
        }));
        out.add(rels("PERFORMED", "Person", "Activity", g.activities, (i, b) -> b.number(g.activityOwner[i]).comma().number(i + 1)));
        out.add(rels("IN_GROUP", "Activity", "Group", g.activities, (i, b) -> b.number(i + 1).comma().number(g.activityGroup[i])));
        out.add(rels("LIKES", "Person", "Activity", g.likePerson.length, (i, b) -> b.number(g.likePerson[i]).comma().number(g.likeActivity[i])));
    }

    @Override
    public Map<String, String> writeExtras(Path dir, double scale, long seed) throws IOException {
        ReadParameters.write(graph(scale, seed), dir.resolve(ReadParameters.FILE), seed);
        return Map.of(ReadParameters.FILE, "parameters for the read workload (E2), sampled from the generated data");
    }

    private void people(RowBuffer b, long from, long to, SplittableRandom r) throws IOException {
        String[] status = {"active", "away", "busy", "offline"};
        for (long i = from; i < to; i++) {
            b.number(i + 1).comma().ascii(first.pick(r)).comma().ascii(last.pick(r)).comma().chr(r.nextBoolean() ? 'f' : 'm').comma()
                    .number(EPOCH_2015 - 20 * TEN_YEARS_MS / 10 - r.nextLong(4 * TEN_YEARS_MS)).comma().ascii(cities.pick(r)).comma()
                    .number(EPOCH_2015 + r.nextLong(TEN_YEARS_MS)).comma().ascii(status[r.nextInt(status.length)]).comma();
            words(b, r, 3 + r.nextInt(12));
            b.endRow();
        }
    }

    private void words(RowBuffer b, SplittableRandom r, int n) {
        for (int w = 0; w < n; w++) {
            if (w > 0) b.chr(' ');
            b.ascii(words.pick(r));
        }
    }

    private static FileGroup nodes(String label, List<String> header, long rows, PartGenerator gen) {
        return new FileGroup(Kind.NODES, label, header, rows, PART_ROWS, gen, List.of());
    }

    interface Endpoints {
        void write(int row, RowBuffer b);
    }

    private static FileGroup rels(String type, String from, String to, long rows, Endpoints e) {
        return new FileGroup(Kind.RELATIONSHIPS, type, List.of(":START_ID(" + from + ")", ":END_ID(" + to + ")"), rows, PART_ROWS,
                (b, lo, hi, r) -> {
                    for (long i = lo; i < hi; i++) {
                        e.write((int) i, b);
                        b.endRow();
                    }
                }, List.of());
    }
}
