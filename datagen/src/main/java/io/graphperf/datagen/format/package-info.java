/**
 * The import-format writer: Neo4j importer's header and part files, gzipped or not.
 * <p>
 * May use: the JDK only.
 */
package io.graphperf.datagen.format;
