package io.graphperf.datagen.social;

import io.graphperf.datagen.Dataset;

import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The structure of the social dataset (who is friends with whom, who sent what, who belongs where),
 * drawn once from the seed so node and relationship files agree. Small enough for memory at any
 * practical scale (scale 1 ≈ 83 k nodes). Keys are 1-based within each label.
 */
final class SocialGraph {
    static final double MEDIAN_FRIENDS = 12, SIGMA = 1.21; // lognormal: mean ≈ 25, p90 ≈ 57
    static final int MAX_FRIENDS = 667;

    final int people, messages, activities, addresses, groups, organizations;
    /** friendships, each once: friendA[i] < friendB[i] (person keys) */
    final int[] friendA, friendB;
    final int[][] friendsOf;
    final int[] messageSender, messageRecipient, activityOwner, activityGroup, personAddress, personOrganization;
    final int[] memberPerson, memberGroup;
    final int[] likePerson, likeActivity;

    SocialGraph(double scale, long seed) {
        people = (int) Dataset.scaled(2011, scale);
        messages = (int) Dataset.scaled(26_982, scale);
        activities = (int) Dataset.scaled(25_365, scale);
        addresses = (int) Dataset.scaled(2000, scale);
        groups = (int) Dataset.scaled(200, scale);
        organizations = (int) Dataset.scaled(100, scale);
        SplittableRandom rnd = new SplittableRandom(seed);

        long[] pairs = friendships(rnd);
        friendA = new int[pairs.length];
        friendB = new int[pairs.length];
        for (int i = 0; i < pairs.length; i++) {
            friendA[i] = (int) (pairs[i] >>> 32);
            friendB[i] = (int) pairs[i];
        }
        friendsOf = adjacency(friendA, friendB, people);
        // the draws below keep their order: the seed decides every file
        int[][] sent = messages(rnd);
        messageSender = sent[0];
        messageRecipient = sent[1];
        activityOwner = new int[activities];
        activityGroup = new int[activities];
        for (int a = 0; a < activities; a++) {
            activityOwner[a] = 1 + rnd.nextInt(people);
            activityGroup[a] = 1 + rnd.nextInt(groups);
        }
        personAddress = new int[people + 1];
        personOrganization = new int[people + 1];
        for (int p = 1; p <= people; p++) {
            personAddress[p] = 1 + rnd.nextInt(addresses);
            personOrganization[p] = 1 + rnd.nextInt(organizations);
        }
        int[][] members = memberships(rnd, people, groups);
        memberPerson = members[0];
        memberGroup = members[1];
        int[][] liked = likes(rnd, (int) Dataset.scaled(80_000, scale));
        likePerson = liked[0];
        likeActivity = liked[1];
    }

    /** Each person's friends, from the friendships listed once each. */
    private static int[][] adjacency(int[] friendA, int[] friendB, int people) {
        int[] degree = new int[people + 1];
        for (int i = 0; i < friendA.length; i++) {
            degree[friendA[i]]++;
            degree[friendB[i]]++;
        }
        int[][] friendsOf = new int[people + 1][];
        for (int p = 1; p <= people; p++) friendsOf[p] = new int[degree[p]];
        int[] fill = new int[people + 1];
        for (int i = 0; i < friendA.length; i++) {
            friendsOf[friendA[i]][fill[friendA[i]]++] = friendB[i];
            friendsOf[friendB[i]][fill[friendB[i]]++] = friendA[i];
        }
        return friendsOf;
    }

    /** Messages go from a person to one of their friends; senders weighted by sociability. {senders, recipients}. */
    private int[][] messages(SplittableRandom rnd) {
        int[] sender = new int[messages], recipient = new int[messages];
        for (int m = 0; m < messages; m++) {
            int a = friendA.length == 0 ? 1 + rnd.nextInt(people) : (rnd.nextBoolean() ? friendA : friendB)[rnd.nextInt(friendA.length)];
            int[] f = friendsOf[a];
            sender[m] = a;
            recipient[m] = f.length == 0 ? 1 + rnd.nextInt(people) : f[rnd.nextInt(f.length)];
        }
        return new int[][]{sender, recipient};
    }

    /** Group memberships: 1 + geometric, mean 5 per person, no person twice in a group. {people, groups}. */
    private static int[][] memberships(SplittableRandom rnd, int people, int groups) {
        int[] mp = new int[people * 8], mg = new int[people * 8];
        int n = 0;
        for (int p = 1; p <= people; p++) {
            int k = Math.min(groups, 1 + geometric(rnd, 0.25));
            Set<Integer> chosen = new HashSet<>();
            while (chosen.size() < k) chosen.add(1 + rnd.nextInt(groups));
            for (int g : chosen.stream().sorted().toList()) {
                if (n == mp.length) {
                    mp = Arrays.copyOf(mp, n * 2);
                    mg = Arrays.copyOf(mg, n * 2);
                }
                mp[n] = p;
                mg[n++] = g;
            }
        }
        return new int[][]{Arrays.copyOf(mp, n), Arrays.copyOf(mg, n)};
    }

    /** Likes: people like activities of their friends, about 40 a person. {people, activities}. */
    private int[][] likes(SplittableRandom rnd, int likes) {
        int[] person = new int[likes], activity = new int[likes];
        int[][] activitiesOf = activitiesByOwner();
        for (int i = 0; i < likes; i++) {
            int p = 1 + rnd.nextInt(people);
            int[] f = friendsOf[p];
            int owner = f.length == 0 ? 1 + rnd.nextInt(people) : f[rnd.nextInt(f.length)];
            int[] acts = activitiesOf[owner];
            person[i] = p;
            activity[i] = acts.length == 0 ? 1 + rnd.nextInt(activities) : acts[rnd.nextInt(acts.length)];
        }
        return new int[][]{person, activity};
    }

    int[][] activitiesByOwner() {
        return invert(activityOwner, people);
    }

    int[][] messagesBySender() {
        return invert(messageSender, people);
    }

    /** keys (1-based) of the items, grouped by owner (1-based). */
    private static int[][] invert(int[] ownerOfItem, int owners) {
        int[] count = new int[owners + 1];
        for (int o : ownerOfItem) count[o]++;
        int[][] out = new int[owners + 1][];
        for (int o = 0; o <= owners; o++) out[o] = new int[count[o]];
        int[] fill = new int[owners + 1];
        for (int i = 0; i < ownerOfItem.length; i++) out[ownerOfItem[i]][fill[ownerOfItem[i]]++] = i + 1;
        return out;
    }

    /**
     * Heavy-tailed friendship: each person draws a target degree from a lognormal (median 12, mean
     * about 25), capped at 667, the best-connected person getting the study's maximum of 667; stubs are paired at random (configuration model), dropping self-loops
     * and repeats; anyone left without a friend is linked to a random person.
     */
    private long[] friendships(SplittableRandom rnd) {
        int[] target = new int[people + 1];
        long stubs = 0;
        for (int p = 1; p <= people; p++) {
            double d = MEDIAN_FRIENDS * Math.exp(SIGMA * gaussian(rnd));
            target[p] = (int) Math.max(1, Math.min(Math.min(MAX_FRIENDS, people - 1), Math.round(d)));
            stubs += target[p];
        }
        // the study's network had one person with 667 friends: give the best-connected person that many
        int hub = 1;
        for (int p = 2; p <= people; p++) if (target[p] > target[hub]) hub = p;
        int hubDegree = Math.min(MAX_FRIENDS, people - 1);
        stubs += hubDegree - target[hub];
        target[hub] = hubDegree;
        int[] stub = new int[(int) stubs];
        int s = 0;
        for (int p = 1; p <= people; p++) for (int k = 0; k < target[p]; k++) stub[s++] = p;
        shuffle(stub, rnd);
        // pair stubs; a self-loop or repeated pair puts both stubs back for another round, so hubs
        // keep their degree instead of losing a third of it to collisions
        Set<Long> edges = new LinkedHashSet<>();
        int[] pool = stub;
        for (int round = 0; round < 30 && pool.length > 1; round++) {
            int[] left = new int[pool.length];
            int n = 0;
            for (int i = 0; i + 1 < pool.length; i += 2) {
                int a = Math.min(pool[i], pool[i + 1]), b = Math.max(pool[i], pool[i + 1]);
                if (a == b || !edges.add(((long) a << 32) | b)) {
                    left[n++] = pool[i];
                    left[n++] = pool[i + 1];
                }
            }
            pool = Arrays.copyOf(left, n);
            shuffle(pool, rnd);
        }
        // stubs still unpaired belong to the hubs (they collide with each other): link each to a random
        // person who is not yet a friend
        for (int p : pool) {
            for (int attempt = 0; attempt < 100; attempt++) {
                int q = 1 + rnd.nextInt(people);
                if (q != p && edges.add(((long) Math.min(p, q) << 32) | Math.max(p, q))) break;
            }
        }
        boolean[] has = new boolean[people + 1];
        for (long e : edges) {
            has[(int) (e >>> 32)] = true;
            has[(int) e] = true;
        }
        if (people > 1) {
            for (int p = 1; p <= people; p++) {
                if (has[p]) continue;
                int q;
                do q = 1 + rnd.nextInt(people); while (q == p);
                edges.add(((long) Math.min(p, q) << 32) | Math.max(p, q));
                has[p] = has[q] = true;
            }
        }
        return edges.stream().mapToLong(Long::longValue).toArray();
    }

    private static void shuffle(int[] a, SplittableRandom rnd) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    private static double gaussian(SplittableRandom rnd) {
        // Box-Muller on the seeded stream (java.util.Random's own is not splittable)
        double u = 1 - rnd.nextDouble(), v = rnd.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }

    private static int geometric(SplittableRandom rnd, double p) {
        return (int) Math.floor(Math.log(1 - rnd.nextDouble()) / Math.log(1 - p));
    }
}
