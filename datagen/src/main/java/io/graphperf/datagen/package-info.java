/**
 * Dataset generators and their registry (ServiceLoader), the manifest and the default seed.
 * <p>
 * May use: its sub-packages and core.
 */
package io.graphperf.datagen;
