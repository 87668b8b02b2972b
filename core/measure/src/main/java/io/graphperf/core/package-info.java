/**
 * What every module shares at the bottom: the user error (a message naming the option, file or line) and process helpers.
 * <p>
 * May use:
 * the JDK only.
 */
package io.graphperf.core;
