#!/usr/bin/env bash
# Builds graphperf's container image (OCI) from the release archive, offline from what this machine's registries serve: a Debian 12
# root filesystem made by mmdebstrap, a Java 17 runtime made by jlink from the local JDK, the archive unpacked at /opt/graphperf;
# it runs as user 1000 in /work. Writes dist/graphperf-image-VERSION.tar (an OCI archive: podman load -i …, or skopeo copy to a
# registry) and tags localhost/graphperf:VERSION in podman's store. Needs root, podman, runc and mmdebstrap (.ci/run installs them).
#   release/image/build.sh            (after mvn -B package, which writes dist/graphperf-VERSION.tar.gz)
set -euo pipefail
cd "$(dirname "$0")/../.."
archive="$(ls dist/graphperf-*.tar.gz | grep -v image | head -1)"
[ -f "$archive" ] || { echo "build.sh: no dist/graphperf-VERSION.tar.gz: run mvn -B package first" >&2; exit 1; }
version="$(basename "$archive" .tar.gz)"; version="${version#graphperf-}"
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
cp "$archive" "$work/graphperf.tar.gz"
cat > "$work/Containerfile" <<CONTAINERFILE
FROM scratch
ADD rootfs.tar /
COPY java /opt/java
ADD graphperf.tar.gz /opt/
ADD home.tar /
ENV LANG=C.UTF-8 JAVA_HOME=/opt/java PATH=/opt/java/bin:/opt/graphperf-$version/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/home/graphperf
LABEL org.opencontainers.image.title="graphperf" org.opencontainers.image.version="$version" org.opencontainers.image.licenses="GPL-3.0-or-later"
USER 1000:1000
WORKDIR /work
ENTRYPOINT ["/opt/graphperf-$version/bin/graphperf"]
CONTAINERFILE
podman --runtime runc --cgroup-manager cgroupfs build --quiet -t "localhost/graphperf:$version" "$work" >/dev/null
podman save --quiet --format oci-archive -o "dist/graphperf-image-$version.tar" "localhost/graphperf:$version"
echo "dist/graphperf-image-$version.tar ($(du -m "dist/graphperf-image-$version.tar" | cut -f1) MB): localhost/graphperf:$version"
