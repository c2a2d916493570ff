#!/usr/bin/env bash
# Builds the image (Dockerfile) and checks it the way an operator would run it (docs/operations.md,
# "Image"; decision 0054): the data folder on a volume, /healthz, /readyz, a store's page by its
# Host header, a user that is not root, the health check, a clean stop on SIGTERM, a restart on
# the same volume, the image's size. Prints its figures as "image-check: ..." lines and ends with
# "image-check: ok" (exit 0), or says what failed (exit 1); exit 2 when there is no podman or docker.
#
# The base image is NODE_IMAGE when set, else node:24-bookworm-slim when it can be pulled, else one
# made here (root, Debian's debootstrap): a minimal Debian bookworm, the Node 24 binary of the `node`
# dev dependency (node_modules/node), npm from the npm registry, and the `node` user (uid 1000),
# as the official image has. A TLS-inspecting proxy's CA reaches the build's `npm ci` as a build
# secret (CA_BUNDLE, default the system's bundle), never a layer.
#
#   scripts/image-check.sh            # about 12 minutes cold on a busy 2-core machine, less warm
#   KEEP=1 scripts/image-check.sh     # leaves the container running afterwards
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p tmp

say() { echo "image-check: $*"; }
fail() {
  say "FAILED: $*"
  exit 1
}
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

ENGINE=${ENGINE:-$(command -v podman || command -v docker || true)}
[ -n "$ENGINE" ] || {
  say "skipped: neither podman nor docker is installed"
  exit 2
}
ENGINE=$(basename "$ENGINE")
"$ENGINE" info >/dev/null 2>&1 || {
  say "skipped: $ENGINE does not answer ($ENGINE info fails; no daemon?)"
  exit 2
}
TAG=${TAG:-store-platform:check}
NAME=store-platform-check-$$
VOLUME=store-platform-check-data-$$
CA_BUNDLE=${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}
BASE_DIR=${BASE_DIR:-/var/tmp/store-platform-base}
LOCAL_BASE=localhost/local/node24

cleanup() {
  if [ "${KEEP:-0}" != 1 ]; then
    "$ENGINE" rm -f "$NAME" >/dev/null 2>&1 || true
    "$ENGINE" volume rm -f "$VOLUME" >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT

# --- the base image --------------------------------------------------------------------------------
build_local_base() {
  [ "$(id -u)" = 0 ] || fail "making the local base needs root (debootstrap)"
  command -v debootstrap >/dev/null || fail "making the local base needs debootstrap (apt-get install debootstrap)"
  local node_bin=node_modules/node/bin/node
  [ -x "$node_bin" ] || fail "no Node binary at $node_bin (npm ci first)"
  "$node_bin" -e 'process.exit(process.versions.node.split(".")[0] === "24" ? 0 : 1)' || fail "$node_bin is not Node 24"
  local rootfs=$BASE_DIR/rootfs
  if [ ! -x "$rootfs/bin/sh" ]; then
    say "debootstrap bookworm into $rootfs (minutes)"
    rm -rf "$rootfs"
    mkdir -p "$BASE_DIR"
    debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$BASE_DIR/debootstrap.log" 2>&1 ||
      fail "debootstrap failed: see $BASE_DIR/debootstrap.log"
  fi
  cp "$(readlink -f "$node_bin")" "$rootfs/usr/local/bin/node"
  local tmp
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent npm@11 >/dev/null) || fail "npm pack npm@11 failed"
  rm -rf "$rootfs/usr/local/lib/node_modules/npm"
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$tmp"/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  rm -rf "$tmp"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  chroot "$rootfs" sh -c 'id node >/dev/null 2>&1 || { groupadd -g 1000 node && useradd -u 1000 -g node -s /bin/bash -m node; }'
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/*
  tar -C "$rootfs" -c . | "$ENGINE" import --change 'CMD ["node"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - "$LOCAL_BASE" >/dev/null 2>&1 ||
    fail "$ENGINE import of the local base failed"
}

if [ -n "${NODE_IMAGE:-}" ]; then
  BASE=$NODE_IMAGE
elif "$ENGINE" image inspect node:24-bookworm-slim >/dev/null 2>&1 || timeout 60 "$ENGINE" pull -q node:24-bookworm-slim >/dev/null 2>&1; then
  BASE=node:24-bookworm-slim
else
  BASE=$LOCAL_BASE
  if ! "$ENGINE" image inspect "$BASE" >/dev/null 2>&1; then
    say "node:24-bookworm-slim cannot be pulled; making $BASE"
    t=$(now)
    build_local_base
    say "local base made in $(secs "$t" "$(now)") s"
  fi
fi
say "base image $BASE"

# --- how containers run here -------------------------------------------------------------------------
# Some hosts (a VM without CAP_SYS_RESOURCE, cgroups v1 and v2 mixed) refuse podman's defaults:
# crun refuses the mixed cgroups and raising the open-files and processes limits fails. Then
# runc, with the limits the host allows.
RUN_FLAGS=()
if [ -n "${RUN_FLAGS_OVERRIDE:-}" ]; then
  read -r -a RUN_FLAGS <<<"$RUN_FLAGS_OVERRIDE"
elif ! "$ENGINE" run --rm "$BASE" node --version >/dev/null 2>&1; then
  RUN_FLAGS=(--ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit nproc=4096:4096)
  command -v runc >/dev/null && [ "$ENGINE" = podman ] && RUN_FLAGS=(--runtime runc "${RUN_FLAGS[@]}")
  "$ENGINE" run --rm "${RUN_FLAGS[@]}" "$BASE" node --version >/dev/null 2>&1 ||
    fail "no container runs here: $("$ENGINE" run --rm "${RUN_FLAGS[@]}" "$BASE" node --version 2>&1 | tail -1)"
  say "containers run with: ${RUN_FLAGS[*]}"
fi

# --- build --------------------------------------------------------------------------------------------
BUILD_FLAGS=(--build-arg "NODE_IMAGE=$BASE" -t "$TAG")
# podman keeps HEALTHCHECK only in Docker's image format.
[ "$ENGINE" = podman ] && BUILD_FLAGS+=(--format docker "${RUN_FLAGS[@]}")
[ -r "$CA_BUNDLE" ] && BUILD_FLAGS+=(--secret "id=ca,src=$CA_BUNDLE")
t=$(now)
if ! DOCKER_BUILDKIT=1 "$ENGINE" build "${BUILD_FLAGS[@]}" . >tmp/image-build.log 2>&1; then
  tail -30 tmp/image-build.log
  fail "the build failed (tmp/image-build.log)"
fi
say "build $(secs "$t" "$(now)") s"
size=$("$ENGINE" image inspect "$TAG" --format '{{.Size}}')
say "image size $((size / 1000000)) MB"
user=$("$ENGINE" image inspect "$TAG" --format '{{.Config.User}}')
[ -n "$user" ] && [ "$user" != root ] && [ "$user" != 0 ] || fail "the image runs as '${user:-root}'"

# --- run ----------------------------------------------------------------------------------------------
PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
"$ENGINE" volume create "$VOLUME" >/dev/null
start() {
  "$ENGINE" run -d "${RUN_FLAGS[@]}" --name "$NAME" -v "$VOLUME:/data" -p "127.0.0.1:$PORT:3000" "$TAG" >/dev/null
  local t0
  t0=$(now)
  for _ in $(seq 1 600); do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/readyz")" = 200 ]; then
      say "$1 start: ready in $(secs "$t0" "$(now)") s"
      return
    fi
    [ "$("$ENGINE" inspect "$NAME" --format '{{.State.Running}}')" = true ] || {
      "$ENGINE" logs "$NAME" 2>&1 | tail -20
      fail "the container stopped during its $1 start"
    }
    sleep 0.5
  done
  "$ENGINE" logs "$NAME" 2>&1 | tail -20
  fail "not ready after 300 s"
}
expect_status() { # path host status
  local got
  got=$(curl -s -o /dev/null -w '%{http_code}' -H "Host: $2" "http://127.0.0.1:$PORT$1")
  [ "$got" = "$3" ] || fail "GET $1 (Host: $2) answered $got, not $3"
}
stop() {
  local t0 code
  t0=$(now)
  "$ENGINE" stop -t 60 "$NAME" >/dev/null
  code=$("$ENGINE" inspect "$NAME" --format '{{.State.ExitCode}}')
  [ "$code" = 0 ] || fail "SIGTERM: exit code $code"
  [[ "$("$ENGINE" logs "$NAME" 2>&1)" == *'"msg":"stopped"'* ]] || fail "SIGTERM: no 'stopped' in the log"
  say "$1 stop (SIGTERM): exit 0 in $(secs "$t0" "$(now)") s"
  "$ENGINE" rm "$NAME" >/dev/null
}

start first
expect_status /healthz localhost 200
expect_status /readyz localhost 200
expect_status / kurenai.localhost 200
page=$(curl -s -H 'Host: kurenai.localhost' "http://127.0.0.1:$PORT/")
[[ "$page" == *'<title>KURENAI ANIME'* ]] || fail "kurenai.localhost does not serve KURENAI ANIME"
expect_status / unknown.example 404
uid=$("$ENGINE" exec "$NAME" id -u)
[ "$uid" != 0 ] || fail "the server runs as root"
say "the server runs as uid $uid ($("$ENGINE" exec "$NAME" id -un)); /data: $("$ENGINE" exec "$NAME" stat -c '%U %a' /data)"
if [ "$ENGINE" = podman ]; then
  "$ENGINE" healthcheck run "$NAME" >/dev/null || fail "the image's health check fails on a ready server"
  say "health check (/readyz) passes"
fi
stop first
"$ENGINE" run --rm "${RUN_FLAGS[@]}" -v "$VOLUME:/data" --entrypoint sh "$TAG" -c 'test ! -e /data/admin.json && test -d /data/pgdata' ||
  fail "after the stop: admin.json left behind or no pgdata in the volume"
# The same volume again: the database and the stores kept, no migration to run.
start second
expect_status / kurenai.localhost 200
if [ "${KEEP:-0}" != 1 ]; then stop second; fi
say ok
