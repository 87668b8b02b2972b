/**
 * E2's social-network dataset generator and the read workload's parameters sampled from it.
 * <p>
 * May use: the datagen root and format
 * packages.
 */
package io.graphperf.datagen.social;
