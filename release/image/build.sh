#!/usr/bin/env bash
# Builds graphperf's container image (OCI) from the release archive, offline from what this machine's registries serve: a Debian 12
# root filesystem made by mmdebstrap, a Java 17 runtime made by jlink from the local JDK, the archive unpacked at /opt/graphperf;
# with the archive's Neo4j 2025/2026 add-on unpacked over it and a Java 21+ runtime at /opt/java21 (jlink from GRAPHPERF_JAVA21_HOME,
# else the newest Java 21+ in /usr/lib/jvm) when both are there; it runs as user 1000 in /work. Writes dist/graphperf-image-VERSION.tar (an OCI archive: podman load -i …, or skopeo copy to a
# registry) and tags localhost/graphperf:VERSION in podman's store. Needs root, podman, runc and mmdebstrap (.ci/run installs them).
#   release/image/build.sh            (after mvn -B package, which writes dist/graphperf-VERSION.tar.xz)
set -euo pipefail
cd "$(dirname "$0")/../.."
archive="$(ls dist/graphperf-*.tar.xz 2>/dev/null | grep -v -- '-neo4j-2025-2026\.tar\.xz$' | head -1 || true)"
[ -f "$archive" ] || { echo "build.sh: no dist/graphperf-VERSION.tar.xz: run mvn -B package first" >&2; exit 1; }
version="$(basename "$archive" .tar.xz)"; version="${version#graphperf-}"
for p in podman runc mmdebstrap; do command -v "$p" >/dev/null || { echo "build.sh: needs $p (apt-get install podman runc mmdebstrap)" >&2; exit 1; }; done
java_home="${JAVA17_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export CONTAINERS_CONF="$PWD/release/image/containers.conf"
# the root filesystem: Debian 12's minimal base with what bin/graphperf and the engine hosts use
mmdebstrap --quiet --mode=root --variant=minbase --include=bash,coreutils,sed,procps,ca-certificates bookworm "$work/rootfs.tar"
# a Java 17 runtime with every module of the JDK (the engine hosts use jdk.management, jdk.unsupported …), no debug symbols
"$java_home/bin/jlink" --add-modules ALL-MODULE-PATH --module-path "$java_home/jmods" --strip-debug --no-man-pages --no-header-files \
  --compress=2 --output "$work/java" >/dev/null 2>&1
# the home and working folders of user 1000, owned by it
mkdir -p "$work/home/home/graphperf" "$work/home/work"
tar -C "$work/home" --owner=1000 --group=1000 -cf "$work/home.tar" home work
mkdir -p "$work/opt" && tar -xJf "$archive" -C "$work/opt"
# Neo4j 2025 and 2026: the add-on's jars and a Java 21+ runtime (from its packaged modules, or from its own run-time image)
addon="dist/graphperf-$version-neo4j-2025-2026.tar.xz"
java21_home="${GRAPHPERF_JAVA21_HOME:-}"
if [ -z "$java21_home" ]; then
  for j in /usr/lib/jvm/*/; do
    major="$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$j/release" 2>/dev/null || true)"
    if [ -n "$major" ] && [ "$major" -ge 21 ]; then java21_home="${j%/}"; fi
  done
fi
java21_copy="" java21_env=""
if [ -f "$addon" ] && [ -n "$java21_home" ]; then
  tar -xJf "$addon" -C "$work/opt"
  modules="$("$java21_home/bin/java" --list-modules | sed 's/@.*//' | grep -vE '^jdk\.(jlink|jpackage)$' | paste -sd,)"
  module_path=(); [ -d "$java21_home/jmods" ] && module_path=(--module-path "$java21_home/jmods")
  "$java21_home/bin/jlink" "${module_path[@]}" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files \
    --output "$work/java21" >/dev/null 2>&1
  java21_copy="COPY java21 /opt/java21" java21_env=" GRAPHPERF_JAVA21_HOME=/opt/java21"
  echo "build.sh: with Neo4j 2025 and 2026 on $("$work/java21/bin/java" -version 2>&1 | head -1)"
else
  echo "build.sh: Neo4j 5.26 only (no $addon or no Java 21+ found: set GRAPHPERF_JAVA21_HOME)"
fi
cat > "$work/Containerfile" <<CONTAINERFILE
FROM scratch
ADD rootfs.tar /
COPY java /opt/java
COPY opt /opt
$java21_copy
ADD home.tar /
ENV LANG=C.UTF-8 JAVA_HOME=/opt/java PATH=/opt/java/bin:/opt/graphperf-$version/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/home/graphperf$java21_env
LABEL org.opencontainers.image.title="graphperf" org.opencontainers.image.version="$version" org.opencontainers.image.licenses="GPL-3.0-or-later"
USER 1000:1000
WORKDIR /work
ENTRYPOINT ["/opt/graphperf-$version/bin/graphperf"]
CONTAINERFILE
podman --runtime runc --cgroup-manager cgroupfs build --quiet -t "localhost/graphperf:$version" "$work" >/dev/null
podman save --quiet --format oci-archive -o "dist/graphperf-image-$version.tar" "localhost/graphperf:$version"
echo "dist/graphperf-image-$version.tar ($(du -m "dist/graphperf-image-$version.tar" | cut -f1) MB): localhost/graphperf:$version"
