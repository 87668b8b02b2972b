/**
 * ArcadeDB as graphperf starts it: its descriptor, versions (one built in, others from a pinned wheel), the launcher and adapter,
 * and its SQL for the studies.
 * <p>
 * May use: the hosted-engine framework and core; named by no module but its own and the CLI.
 */
package io.graphperf.engines.arcadedb;
