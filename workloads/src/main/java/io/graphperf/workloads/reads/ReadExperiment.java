package io.graphperf.workloads.reads;

import io.graphperf.workloads.Experiment;

/** E2 as the CLI lists it: the 19 social-network queries, run by {@link ReadStudy}. */
public final class ReadExperiment implements Experiment {

    @Override
    public String name() {
        return "reads";
    }

    @Override
    public String title() {
        return "E2 — the 19 social-network queries over embedded, Bolt and HTTP, as Cypher and as stored procedures";
    }

    @Override
    public String description() {
        String ids = String.join(", ", SocialQueries.all().stream().map(q -> q.id() + " " + q.title()).toList());
        return "Loads the social dataset (bulk import), checks every query's results against answers computed from the files, then measures"
                + " single-client latency per query, throughput at 1-128 client threads, the open model, 1 vs 8 connections and 1-16 server"
                + " Bolt threads. Queries: " + ids;
    }
}
