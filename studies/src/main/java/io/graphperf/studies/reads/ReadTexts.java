package io.graphperf.studies.reads;

import io.graphperf.studies.Expressed;

import java.util.List;
import java.util.Map;

/**
 * E2's queries in a dialect. A dialect answers every query in one switch over {@link SocialQuery}, with no default: a query added to
 * the study does not compile in a dialect until that dialect has answered it (its text, the study's Cypher as it is, or why it
 * cannot be written there).
 */
public interface ReadTexts {

    /** The query's text in this dialect, its parameters named as {@link #parameterNames} renames them. */
    Expressed<String> read(SocialQuery q);

    /** The statements that give the queries their indexes on the keys they look up. */
    default List<String> schema() {
        return List.of();
    }

    /** A parameter renamed where the dialect cannot take the study's name (e.g. group → groupKey). */
    default Map<String, String> parameterNames() {
        return Map.of();
    }
}
