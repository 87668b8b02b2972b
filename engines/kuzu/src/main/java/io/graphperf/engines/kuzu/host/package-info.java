/**
 * Kuzu's engine host, the child JVM: COPY from the dataset's files, the one-writer rule and the transport for the Runner inside it.
 * <p> May use: the hosted-engine framework, core and Kuzu's Java API.
 */
package io.graphperf.engines.kuzu.host;
