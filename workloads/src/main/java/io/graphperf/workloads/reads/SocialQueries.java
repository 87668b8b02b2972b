package io.graphperf.workloads.reads;

import io.graphperf.studies.reads.SocialQuery;

import java.util.List;

/** E2's 19 queries ({@link SocialQuery}, the study's API) in their order, and the schema Neo4j's texts need. */
public final class SocialQueries {

    /** q07's longest path (the friendship graph's diameter is far below it) */
    public static final int MAX_PATH = SocialQuery.MAX_PATH;

    /** The indexes the queries need: one uniqueness constraint per looked-up key. */
    public static final List<String> CONSTRAINTS = List.of(
            "CREATE CONSTRAINT graphperf_person_key IF NOT EXISTS FOR (n:Person) REQUIRE n.personKey IS UNIQUE",
            "CREATE CONSTRAINT graphperf_group_key IF NOT EXISTS FOR (n:Group) REQUIRE n.groupKey IS UNIQUE",
            "CREATE CONSTRAINT graphperf_activity_key IF NOT EXISTS FOR (n:Activity) REQUIRE n.activityKey IS UNIQUE",
            "CREATE CONSTRAINT graphperf_message_key IF NOT EXISTS FOR (n:Message) REQUIRE n.messageKey IS UNIQUE");

    private static final List<SocialQuery> ALL = List.of(SocialQuery.values());

    private SocialQueries() {
    }

    public static List<SocialQuery> all() {
        return ALL;
    }
}
