package io.graphperf.engines.neo4j.procedures.social;

import org.neo4j.graphdb.Direction;
import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Relationship;
import org.neo4j.graphdb.RelationshipType;
import org.neo4j.graphdb.Transaction;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * E2's 19 read operations as named server-side procedures (the study's "stored procedures"): the
 * same answers as the Cypher forms in graphperf's workloads, computed with Neo4j's Java API inside
 * the server, called with parameters: {@code CALL graphperf.social.q01($group)}.
 */
public final class SocialProcedures {

    @Context
    public Transaction tx;

    static final Label PERSON = Label.label("Person"), GROUP = Label.label("Group"), ACTIVITY = Label.label("Activity"), MESSAGE = Label.label("Message");
    static final RelationshipType FRIEND_OF = RelationshipType.withName("FRIEND_OF"), MEMBER_OF = RelationshipType.withName("MEMBER_OF"),
            PERFORMED = RelationshipType.withName("PERFORMED"), SENT = RelationshipType.withName("SENT"),
            HAS_COLLECTION = RelationshipType.withName("HAS_COLLECTION"), IN_COLLECTION = RelationshipType.withName("IN_COLLECTION"),
            LIVES_AT = RelationshipType.withName("LIVES_AT"), WORKS_AT = RelationshipType.withName("WORKS_AT"),
            HAS_EMAIL = RelationshipType.withName("HAS_EMAIL"), HAS_PHONE = RelationshipType.withName("HAS_PHONE");

    public static final class Person {
        public Long person;

        Person(long p) {
            person = p;
        }
    }

    public static final class GroupRow {
        public Long group;

        GroupRow(long g) {
            group = g;
        }
    }

    public static final class Recommendation {
        public Long key;
        public Long count;

        Recommendation(long k, long c) {
            key = k;
            count = c;
        }
    }

    public static final class Reach {
        public Long people;
        public Long keySum;

        Reach(long n, long s) {
            people = n;
            keySum = s;
        }
    }

    public static final class Hops {
        public Long hops;

        Hops(long h) {
            hops = h;
        }
    }

    public static final class MessageRow {
        public Long message;
        public String subject;

        MessageRow(long m, String s) {
            message = m;
            subject = s;
        }
    }

    public static final class CollectionRow {
        public String collection;
        public Long messages;

        CollectionRow(String c, long m) {
            collection = c;
            messages = m;
        }
    }

    public static final class Profile {
        public Long person;
        public String firstName, lastName, status, city, organization;
        public List<String> emails, phones;
    }

    public static final class Pair {
        public Long person;
        public Long other;

        Pair(long p, long o) {
            person = p;
            other = o;
        }
    }

    public static final class Friend {
        public Long friend;
        public String firstName, lastName;
    }

    public static final class ActivityRow {
        public Long activity;
        public String kind, text;
    }

    public static final class ActivityKind {
        public Long activity;
        public String kind;

        ActivityKind(long a, String k) {
            activity = a;
            kind = k;
        }
    }

    public static final class ActivityText {
        public Long activity;
        public String text;

        ActivityText(long a, String t) {
            activity = a;
            text = t;
        }
    }

    public static final class Dated {
        public Long key;
        public Long at;

        Dated(long k, Long a) {
            key = k;
            at = a;
        }
    }

    public static final class MessageDetail {
        public Long message;
        public String subject;
        public Long sentAt;
    }

    // ---- helpers -----------------------------------------------------------------------------

    private Node person(long key) {
        return tx.findNode(PERSON, "personKey", key);
    }

    private static long key(Node n, String property) {
        return ((Number) n.getProperty(property)).longValue();
    }

    private static List<Node> neighbours(Node n, RelationshipType type, Direction d) {
        List<Node> out = new ArrayList<>();
        if (n == null) return out;
        for (Relationship r : n.getRelationships(d, type)) out.add(r.getOtherNode(n));
        return out;
    }

    private static String str(Node n, String p) {
        Object v = n == null ? null : n.getProperty(p, null);
        return v == null ? null : v.toString();
    }

    // ---- the 19 operations -------------------------------------------------------------------

    @Procedure(name = "graphperf.social.q01", mode = Mode.READ)
    @Description("members of a group, by person key")
    public Stream<Person> q01(@Name("group") long group) {
        return neighbours(tx.findNode(GROUP, "groupKey", group), MEMBER_OF, Direction.INCOMING).stream()
                .map(n -> key(n, "personKey")).sorted().map(Person::new);
    }

    @Procedure(name = "graphperf.social.q02", mode = Mode.READ)
    @Description("groups of a person")
    public Stream<GroupRow> q02(@Name("person") long person) {
        return neighbours(person(person), MEMBER_OF, Direction.OUTGOING).stream().map(n -> key(n, "groupKey")).sorted().map(GroupRow::new);
    }

    @Procedure(name = "graphperf.social.q03", mode = Mode.READ)
    @Description("friend recommendations: friends of friends who are not friends, by friends in common")
    public Stream<Recommendation> q03(@Name("person") long person) {
        Node x = person(person);
        if (x == null) return Stream.empty();
        List<Node> friends = neighbours(x, FRIEND_OF, Direction.BOTH);
        Set<Node> direct = new HashSet<>(friends);
        Map<Long, Set<Node>> common = new HashMap<>();
        for (Node f : friends) {
            for (Node r : neighbours(f, FRIEND_OF, Direction.BOTH)) {
                if (!r.equals(x) && !direct.contains(r)) common.computeIfAbsent(key(r, "personKey"), k -> new HashSet<>()).add(f);
            }
        }
        return top(common);
    }

    @Procedure(name = "graphperf.social.q04", mode = Mode.READ)
    @Description("group recommendations: groups of friends that the person is not in, by friends in them")
    public Stream<Recommendation> q04(@Name("person") long person) {
        Node x = person(person);
        if (x == null) return Stream.empty();
        Set<Node> own = new HashSet<>(neighbours(x, MEMBER_OF, Direction.OUTGOING));
        Map<Long, Set<Node>> friendsIn = new HashMap<>();
        for (Node f : neighbours(x, FRIEND_OF, Direction.BOTH)) {
            for (Node g : neighbours(f, MEMBER_OF, Direction.OUTGOING)) {
                if (!own.contains(g)) friendsIn.computeIfAbsent(key(g, "groupKey"), k -> new HashSet<>()).add(f);
            }
        }
        return top(friendsIn);
    }

    private static Stream<Recommendation> top(Map<Long, Set<Node>> counts) {
        return counts.entrySet().stream()
                .sorted(Comparator.<Map.Entry<Long, Set<Node>>>comparingInt(e -> -e.getValue().size()).thenComparing(Map.Entry::getKey))
                .limit(10).map(e -> new Recommendation(e.getKey(), e.getValue().size()));
    }

    @Procedure(name = "graphperf.social.q05", mode = Mode.READ)
    @Description("people within 3 friendships, without the person's friends: count and sum of keys")
    public Stream<Reach> q05(@Name("person") long person) {
        return reach(person, 3);
    }

    @Procedure(name = "graphperf.social.q06", mode = Mode.READ)
    @Description("people within 2 friendships, without the person's friends: count and sum of keys")
    public Stream<Reach> q06(@Name("person") long person) {
        return reach(person, 2);
    }

    private Stream<Reach> reach(long person, int hops) {
        Node x = person(person);
        if (x == null) return Stream.of(new Reach(0, 0));
        Map<Node, Integer> dist = bfs(x, hops, null);
        long n = 0, sum = 0;
        for (Map.Entry<Node, Integer> e : dist.entrySet()) {
            if (e.getValue() >= 2) {
                n++;
                sum += key(e.getKey(), "personKey");
            }
        }
        return Stream.of(new Reach(n, sum));
    }

    private static Map<Node, Integer> bfs(Node from, int maxHops, Node stopAt) {
        Map<Node, Integer> dist = new HashMap<>();
        dist.put(from, 0);
        ArrayDeque<Node> queue = new ArrayDeque<>(List.of(from));
        while (!queue.isEmpty()) {
            Node v = queue.poll();
            int d = dist.get(v);
            if (v.equals(stopAt)) break;
            if (d == maxHops) continue;
            for (Node w : neighbours(v, FRIEND_OF, Direction.BOTH)) if (dist.putIfAbsent(w, d + 1) == null) queue.add(w);
        }
        return dist;
    }

    @Procedure(name = "graphperf.social.q07", mode = Mode.READ)
    @Description("length of the shortest friendship path between two people")
    public Stream<Hops> q07(@Name("a") long a, @Name("b") long b) {
        Node na = person(a), nb = person(b);
        if (na == null || nb == null) return Stream.empty();
        Integer d = bfs(na, 15, nb).get(nb); // as the Cypher form: paths of at most 15 friendships
        return d == null ? Stream.empty() : Stream.of(new Hops(d));
    }

    @Procedure(name = "graphperf.social.q08", mode = Mode.READ)
    @Description("the person's inbox: its messages")
    public Stream<MessageRow> q08(@Name("person") long person) {
        List<MessageRow> rows = new ArrayList<>();
        for (Node c : neighbours(person(person), HAS_COLLECTION, Direction.OUTGOING)) {
            if (!"inbox".equals(c.getProperty("kind", null))) continue;
            for (Node m : neighbours(c, IN_COLLECTION, Direction.INCOMING)) rows.add(new MessageRow(key(m, "messageKey"), str(m, "subject")));
        }
        rows.sort(Comparator.comparing(r -> r.message));
        return rows.stream();
    }

    @Procedure(name = "graphperf.social.q09", mode = Mode.READ)
    @Description("the person's message collections with message counts")
    public Stream<CollectionRow> q09(@Name("person") long person) {
        List<CollectionRow> rows = new ArrayList<>();
        for (Node c : neighbours(person(person), HAS_COLLECTION, Direction.OUTGOING)) {
            rows.add(new CollectionRow(str(c, "kind"), c.getDegree(IN_COLLECTION, Direction.INCOMING)));
        }
        rows.sort(Comparator.comparing(r -> r.collection));
        return rows.stream();
    }

    @Procedure(name = "graphperf.social.q10", mode = Mode.READ)
    @Description("the person's profile: first-level properties and some second-level ones")
    public Stream<Profile> q10(@Name("person") long person) {
        Node x = person(person);
        return x == null ? Stream.empty() : Stream.of(profile(person, x));
    }

    @Procedure(name = "graphperf.social.q11", mode = Mode.READ)
    @Description("profiles of several people")
    public Stream<Profile> q11(@Name("people") List<Long> people) {
        List<Profile> rows = new ArrayList<>();
        for (Long k : people) {
            Node x = person(k);
            if (x != null) rows.add(profile(k, x));
        }
        rows.sort(Comparator.comparing(r -> r.person));
        return rows.stream();
    }

    private static Profile profile(long key, Node x) {
        Profile p = new Profile();
        p.person = key;
        p.firstName = str(x, "firstName");
        p.lastName = str(x, "lastName");
        p.status = str(x, "status");
        List<Node> addresses = neighbours(x, LIVES_AT, Direction.OUTGOING), orgs = neighbours(x, WORKS_AT, Direction.OUTGOING);
        p.city = addresses.isEmpty() ? null : str(addresses.get(0), "city");
        p.organization = orgs.isEmpty() ? null : str(orgs.get(0), "name");
        p.emails = neighbours(x, HAS_EMAIL, Direction.OUTGOING).stream().map(n -> str(n, "address")).sorted().toList();
        p.phones = neighbours(x, HAS_PHONE, Direction.OUTGOING).stream().map(n -> str(n, "number")).sorted().toList();
        return p;
    }

    @Procedure(name = "graphperf.social.q12", mode = Mode.READ)
    @Description("friends of several people")
    public Stream<Pair> q12(@Name("people") List<Long> people) {
        return pairs(people, FRIEND_OF, Direction.BOTH, "personKey");
    }

    @Procedure(name = "graphperf.social.q13", mode = Mode.READ)
    @Description("the person's friends")
    public Stream<Friend> q13(@Name("person") long person) {
        List<Friend> rows = new ArrayList<>();
        for (Node f : neighbours(person(person), FRIEND_OF, Direction.BOTH)) {
            Friend r = new Friend();
            r.friend = key(f, "personKey");
            r.firstName = str(f, "firstName");
            r.lastName = str(f, "lastName");
            rows.add(r);
        }
        rows.sort(Comparator.comparing(r -> r.friend));
        return rows.stream();
    }

    @Procedure(name = "graphperf.social.q14", mode = Mode.READ)
    @Description("one activity of the person by id")
    public Stream<ActivityRow> q14(@Name("person") long person, @Name("activity") long activity) {
        Node a = tx.findNode(ACTIVITY, "activityKey", activity), x = person(person);
        if (a == null || x == null) return Stream.empty();
        for (Relationship r : a.getRelationships(Direction.INCOMING, PERFORMED)) {
            if (r.getStartNode().equals(x)) return Stream.of(activity(a));
        }
        return Stream.empty();
    }

    @Procedure(name = "graphperf.social.q15", mode = Mode.READ)
    @Description("all activities of the person")
    public Stream<ActivityKind> q15(@Name("person") long person) {
        return neighbours(person(person), PERFORMED, Direction.OUTGOING).stream().map(a -> new ActivityKind(key(a, "activityKey"), str(a, "kind")))
                .sorted(Comparator.comparing(r -> r.activity));
    }

    private static ActivityRow activity(Node a) {
        ActivityRow r = new ActivityRow();
        r.activity = key(a, "activityKey");
        r.kind = str(a, "kind");
        r.text = str(a, "text");
        return r;
    }

    @Procedure(name = "graphperf.social.q16", mode = Mode.READ)
    @Description("activities of several people")
    public Stream<Pair> q16(@Name("people") List<Long> people) {
        return pairs(people, PERFORMED, Direction.OUTGOING, "activityKey");
    }

    private Stream<Pair> pairs(List<Long> people, RelationshipType type, Direction d, String property) {
        List<Pair> rows = new ArrayList<>();
        for (Long k : people) for (Node n : neighbours(person(k), type, d)) rows.add(new Pair(k, key(n, property)));
        rows.sort(Comparator.<Pair, Long>comparing(r -> r.person).thenComparing(r -> r.other));
        return rows.stream();
    }

    @Procedure(name = "graphperf.social.q17", mode = Mode.READ)
    @Description("some given activities of the person")
    public Stream<ActivityText> q17(@Name("person") long person, @Name("activities") List<Long> activities) {
        Set<Long> wanted = new HashSet<>(activities);
        List<ActivityText> rows = new ArrayList<>();
        for (Node a : neighbours(person(person), PERFORMED, Direction.OUTGOING)) {
            long k = key(a, "activityKey");
            if (wanted.contains(k)) rows.add(new ActivityText(k, str(a, "text")));
        }
        rows.sort(Comparator.comparing(r -> r.activity));
        return rows.stream();
    }

    @Procedure(name = "graphperf.social.q18", mode = Mode.READ)
    @Description("the newest 100 activities of the person's friends")
    public Stream<Dated> q18(@Name("person") long person) {
        Set<Node> acts = new HashSet<>();
        for (Node f : neighbours(person(person), FRIEND_OF, Direction.BOTH)) acts.addAll(neighbours(f, PERFORMED, Direction.OUTGOING));
        return acts.stream().map(a -> new Dated(key(a, "activityKey"), (Long) a.getProperty("createdAt", null)))
                .sorted(Comparator.<Dated, Long>comparing(r -> -r.at).thenComparing(r -> r.key)).limit(100);
    }

    @Procedure(name = "graphperf.social.q19", mode = Mode.READ)
    @Description("one message the person sent, by id")
    public Stream<MessageDetail> q19(@Name("person") long person, @Name("message") long message) {
        Node m = tx.findNode(MESSAGE, "messageKey", message), x = person(person);
        if (m == null || x == null) return Stream.empty();
        for (Relationship r : m.getRelationships(Direction.INCOMING, SENT)) {
            if (r.getStartNode().equals(x)) {
                MessageDetail d = new MessageDetail();
                d.message = message;
                d.subject = str(m, "subject");
                d.sentAt = (Long) m.getProperty("sentAt", null);
                return Stream.of(d);
            }
        }
        return Stream.empty();
    }
}
