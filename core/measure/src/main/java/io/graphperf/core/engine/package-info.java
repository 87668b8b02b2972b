/**
 * The engine SPI: Engine, Engines, EngineDescriptor (found by ServiceLoader), Transport and TransportName (a transport's name, read
 * once), HostOption (the options of the engine host graphperf starts: heap, page cache, data and log folders), Session, Operation,
 * BulkImport, and what
 * engine hosts share to load and check data (ImportFiles, KeyMap, IdSummary) and to fetch engine versions (PythonWheel, MavenJar, UserCache).
 * <p>
 * May use: the root package and the JDK; it names no engine and
 * no experiment.
 */
package io.graphperf.core.engine;
