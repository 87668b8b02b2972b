/**
 * LadybugDB as graphperf starts it: descriptor, the pinned wheels of its versions, launcher and adapter.
 * <p>
 * May use: Kuzu's module,
 * the hosted-engine framework and core.
 */
package io.graphperf.engines.ladybug;
