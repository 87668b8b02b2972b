/**
 * The safety study: per engine and version, acknowledged writes checked by scan and by key, open, reopened and after kill -9; a
 * shared counter; the ledger other studies' runs read.
 * <p>
 * May use: the framework, cells, options, E4's scenarios and core.
 */
package io.graphperf.workloads.safety;
