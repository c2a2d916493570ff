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

# say, fail, now, secs and the base images (scripts/lib/container-base.sh)
CHECK=image-check
# shellcheck source=scripts/lib/container-base.sh
. scripts/lib/container-base.sh

ENGINE=${ENGINE:-$(command -v podman || command -v docker || true)}
[ -n "$ENGINE" ] || {
  say "skipped: neither podman nor docker is installed"
  exit 2
}
ENGINE=$(basename "$ENGINE")
engine_answers_or_skip
TAG=${TAG:-store-platform:check}
NAME=store-platform-check-$$
VOLUME=store-platform-check-data-$$
CA_BUNDLE=${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}

cleanup() {
  if [ "${KEEP:-0}" != 1 ]; then
    "$ENGINE" rm -f "$NAME" >/dev/null 2>&1 || true
    "$ENGINE" volume rm -f "$VOLUME" >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT

# --- the base image and how containers run here (scripts/lib/container-base.sh) -----------------
choose_node_base
say "base image $BASE"
choose_run_flags "$BASE"

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
