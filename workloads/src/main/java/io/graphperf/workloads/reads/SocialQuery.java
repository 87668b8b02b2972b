package io.graphperf.workloads.reads;

/**
 * One of E2's 19 read operations: its Cypher form, the stored procedure that does the same natively,
 * the kind of parameters it takes and the study's repeat count.
 *
 * @param id        "q01" … "q19"
 * @param cypher    the query; its rows are ordered, so results compare exactly
 * @param procedure the graphperf procedure with the same answer ({@code CALL graphperf.social.qNN(...)})
 * @param params    which sampled parameters it takes
 * @param repeat    the study's repeat count for single-client latency
 */
public record SocialQuery(String id, int number, String title, String cypher, String procedure, ParamKind params, int repeat) {

    /** The parameter shapes of read-parameters.json, and the names the queries use. */
    public enum ParamKind {
        GROUP("group"), PERSON("person"), PAIR("a, b"), BATCH("people"), PERSON_ACTIVITY("person, activity"),
        PERSON_ACTIVITIES("person, activities"), PERSON_MESSAGE("person, message");

        public final String names;

        ParamKind(String names) {
            this.names = names;
        }
    }

    /** The procedure call in Cypher, with the same parameters. */
    public String procedureCall() {
        String args = switch (params) {
            case GROUP -> "$group";
            case PERSON -> "$person";
            case PAIR -> "$a, $b";
            case BATCH -> "$people";
            case PERSON_ACTIVITY -> "$person, $activity";
            case PERSON_ACTIVITIES -> "$person, $activities";
            case PERSON_MESSAGE -> "$person, $message";
        };
        return "CALL " + procedure + "(" + args + ")";
    }
}
