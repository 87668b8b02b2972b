/**
 * E1's business-to-business dataset generator.
 * <p>
 * May use: the datagen root and format packages.
 */
package io.graphperf.datagen.b2b;
