/**
 * What the embedded engines' hosts share: the typed engine-host line (requests, dispatch, process), the launcher and adapter base
 * classes, bulk import in a host, store generations, and the SQL of the OrientDB family.
 * <p>
 * May use: core only; named by the engine
 * modules.
 */
package io.graphperf.engines.hosted;
