/**
 * The studies as types an engine's module implements: {@link io.graphperf.studies.Dialect} (one per language an engine speaks, found
 * by ServiceLoader) answers E2's queries ({@code reads}), E4's statements ({@code writes}) and E1's steps ({@code imports}), each
 * answer {@link io.graphperf.studies.Expressed}: the dialect's text, or why the study's cannot be written there. Every study names its
 * queries, statements and steps as enums, so an engine's dialect switches over all of them and a new one fails to compile in every
 * dialect that has not answered it.
 * <p>
 * May use: core/measure (its engine SPI's {@code IdWrites}) and the JDK; it names no engine, and no experiment's run logic.
 */
package io.graphperf.studies;
