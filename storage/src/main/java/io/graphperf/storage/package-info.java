/**
 * Filesystems graphperf makes for E3's matrix: loop devices, mkfs, mounts, fscrypt, ZFS, their cleanup at exit, what they need
 * (root, programs), device I/O and block traces.
 * <p>
 * May use: core only.
 */
package io.graphperf.storage;
