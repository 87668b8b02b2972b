/**
 * Load agents: the coordinator, the agent loop, the rendezvous folder, clock probes and the exact merge of their histograms. <p>
 * May use: the framework, options, cells and core.
 */
package io.graphperf.workloads.agents;
