#!/usr/bin/env bash
# Builds and runs compose.yaml the way an operator would (docs/operations.md, "Compose"; decision
# 0055), then checks it: every service healthy, `migrate` ran and exited 0, the balancer on 8080
# serving the demo stores by Host, each app process serving alone while the other is stopped, a
# member who signs up through the balancer staying signed in whichever process answers (the
# sessions are in PostgreSQL), the sandbox payment provider on 8081, a rolling restart of app2
# then app1 under a steady load with no request failed, and `down` removing what `up` made.
# Prints its figures as "compose-check: ..." lines and ends with "compose-check: ok" (exit 0), or
# says what failed (exit 1); exit 2 when there is no podman-compose (or docker compose).
#
# Where postgres:17-bookworm cannot be pulled (no Docker Hub) it adds deploy/compose.local.yaml:
# PostgreSQL, HAProxy and the app on images built here from a local Debian bookworm
# (scripts/lib/container-base.sh). Only loopback: the balancer's ports are 127.0.0.1:8080, 8081.
#
#   scripts/compose-check.sh             # about 5 minutes warm on a busy 2-core machine
#   NO_CACHE=1 scripts/compose-check.sh  # builds every layer again (the cold build)
#   SKIP_BUILD=1 scripts/compose-check.sh  # runs the images already built
#   KEEP=1 scripts/compose-check.sh      # keeps the volumes (database, data folders) after `down`
#   LOAD_SECONDS=45 LOAD_RATE=20         # the load during the rolling restart (the defaults)
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p tmp

# say, fail, now, secs and the base images (scripts/lib/container-base.sh)
CHECK=compose-check
# shellcheck source=scripts/lib/container-base.sh
. scripts/lib/container-base.sh

PROJECT=${PROJECT:-store-platform}
CA_BUNDLE=${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}
LOAD_SECONDS=${LOAD_SECONDS:-45}
LOAD_RATE=${LOAD_RATE:-20}
BALANCER=http://127.0.0.1:8080
PROVIDER=http://127.0.0.1:8081

# --- the tools ---------------------------------------------------------------------------------------
if command -v podman >/dev/null && command -v podman-compose >/dev/null; then
  ENGINE=podman
  # podman-compose 1.0.3 ignores the file's `name:`: the project name is given.
  COMPOSE=(podman-compose -p "$PROJECT")
elif command -v docker >/dev/null && docker compose version >/dev/null 2>&1; then
  ENGINE=docker
  COMPOSE=(docker compose -p "$PROJECT")
else
  say "skipped: neither podman-compose (with podman) nor docker compose is installed"
  exit 2
fi
engine_answers_or_skip
say "$("${COMPOSE[0]}" version 2>/dev/null | grep -iE 'compose.* version' | tail -1 | tr -s ' ')"
for port in 8080 8081; do
  ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || fail "127.0.0.1:$port is in use (another compose project, or KEEP'd containers?)"
done

# --- the images: Docker Hub's, or made here ----------------------------------------------------------
FILES=(-f compose.yaml)
if [ -z "${LOCAL:-}" ]; then
  if "$ENGINE" image inspect postgres:17-bookworm >/dev/null 2>&1 || timeout 60 "$ENGINE" pull -q postgres:17-bookworm >/dev/null 2>&1; then LOCAL=0; else LOCAL=1; fi
fi
if [ "$LOCAL" = 1 ]; then
  FILES+=(-f deploy/compose.local.yaml)
  say "Docker Hub's images cannot be pulled: with deploy/compose.local.yaml"
  t=$(now)
  made=
  "$ENGINE" image inspect "$LOCAL_DEBIAN" >/dev/null 2>&1 || { build_local_debian && made+=" $LOCAL_DEBIAN"; }
  "$ENGINE" image inspect "$LOCAL_BASE" >/dev/null 2>&1 || { build_local_base && made+=" $LOCAL_BASE"; }
  [ -z "$made" ] || say "local bases made in $(secs "$t" "$(now)") s:$made"
  choose_run_flags "$LOCAL_DEBIAN"
else
  choose_run_flags postgres:17-bookworm
fi

XARGS=()
if [ "$ENGINE" = podman ]; then
  # podman-compose 1.0.3 passes neither stop_grace_period nor build secrets: the containers get the
  # grace period as their stop timeout, the build its CA and Docker's format (which keeps the
  # image's HEALTHCHECK), and both what containers need on this host (RUN_FLAGS).
  build_args=(--format docker "${RUN_FLAGS[@]}")
  [ -r "$CA_BUNDLE" ] && build_args+=(--secret "id=ca,src=$CA_BUNDLE")
  XARGS=(--podman-build-args "${build_args[*]}" --podman-run-args "${RUN_FLAGS[*]} --stop-timeout 40")
fi
compose() { "${COMPOSE[@]}" "${FILES[@]}" "${XARGS[@]}" "$@"; }

containers() { "$ENGINE" ps -a -q --filter "label=com.docker.compose.project=$PROJECT"; }
running() { "$ENGINE" ps -q --filter "label=com.docker.compose.project=$PROJECT"; }
cname() { "$ENGINE" ps -a --filter "label=com.docker.compose.project=$PROJECT" --filter "label=com.docker.compose.service=$1" --format '{{.Names}}' | head -1; }
healthy() { # service
  local c
  c=$(cname "$1")
  [ -n "$c" ] || return 1
  if [ "$ENGINE" = podman ]; then
    # Without systemd podman schedules no health check: run it.
    podman healthcheck run "$c" >/dev/null 2>&1
  else
    [ "$(docker inspect "$c" --format '{{.State.Health.Status}}')" = healthy ]
  fi
}
code() { # path host [curl args...]
  local path=$1 host=$2
  shift 2
  curl -s -o /dev/null -m 30 -w '%{http_code}' -H "Host: $host" "$@" "$BALANCER$path" || true
}

down() {
  local vols=()
  # podman-compose removes the named volumes, not the anonymous ones (the image's /data of
  # `migrate`): those of this project's containers are taken down with them.
  [ "$ENGINE" = podman ] && read -r -a vols <<<"$(containers | xargs -r podman inspect --format '{{range .Mounts}}{{if eq .Type "volume"}}{{.Name}} {{end}}{{end}}' | tr '\n' ' ')"
  if [ "${KEEP:-0}" = 1 ]; then
    compose down -t 40 >tmp/compose-down.log 2>&1
  else
    compose down -v -t 40 >tmp/compose-down.log 2>&1
    [ ${#vols[@]} -eq 0 ] || podman volume rm -f "${vols[@]}" >/dev/null 2>&1 || true
  fi
}
cleanup() {
  [ -n "${LOAD_PID:-}" ] && kill "$LOAD_PID" 2>/dev/null
  [ -n "${UP:-}" ] && down
  return 0
}
trap cleanup EXIT

[ -z "$(containers)" ] || {
  say "containers of project $PROJECT exist: taking them down first"
  down
}

# --- build --------------------------------------------------------------------------------------------
had=$("$ENGINE" image inspect store-platform >/dev/null 2>&1 && echo "the image existed, layers cached" || echo "no image before")
[ "${NO_CACHE:-0}" = 1 ] && had="--no-cache"
t=$(now)
build_flags=()
[ "${NO_CACHE:-0}" = 1 ] && build_flags+=(--no-cache)
if [ "${SKIP_BUILD:-0}" = 1 ]; then
  say "build skipped (SKIP_BUILD=1)"
else
  # One build per image: app1 and app2 run the image `migrate` builds (podman-compose would build it
  # three times, with --no-cache three cold builds).
  build_services=(migrate)
  [ "$LOCAL" = 1 ] && build_services+=(postgres balancer)
  if ! compose build "${build_flags[@]}" "${build_services[@]}" >tmp/compose-build.log 2>&1; then
    tail -30 tmp/compose-build.log
    fail "the build failed (tmp/compose-build.log)"
  fi
  grep -qiE '^Error|error building|exit status [1-9]' tmp/compose-build.log && {
    tail -30 tmp/compose-build.log
    fail "the build failed (tmp/compose-build.log)"
  }
  say "build $(secs "$t" "$(now)") s ($had)"
fi

# --- up -----------------------------------------------------------------------------------------------
t=$(now)
UP=1
compose up -d >tmp/compose-up.log 2>&1 || {
  tail -30 tmp/compose-up.log
  fail "up -d failed (tmp/compose-up.log)"
}
say "up -d returned in $(secs "$t" "$(now)") s"
for _ in $(seq 1 300); do
  if healthy postgres && healthy app1 && healthy app2 && [ "$(code / kurenai.localhost)" = 200 ]; then break; fi
  sleep 1
done
healthy postgres && healthy app1 && healthy app2 || {
  for s in postgres migrate app1 app2 balancer; do "$ENGINE" logs "$(cname $s)" 2>&1 | tail -5 | sed "s/^/  $s: /"; done
  fail "not healthy after 300 s"
}
say "healthy (postgres, app1, app2; the balancer serving) $(secs "$t" "$(now)") s after up"

m=$(cname migrate)
[ "$("$ENGINE" inspect "$m" --format '{{.State.Status}} {{.State.ExitCode}}')" = "exited 0" ] ||
  fail "migrate: $("$ENGINE" inspect "$m" --format '{{.State.Status}} exit {{.State.ExitCode}}'), not exited 0"
applied=$("$ENGINE" logs "$m" 2>&1 | grep -c 'schema up to date' || true)
say "migrate exited 0 after $("$ENGINE" inspect "$m" --format '{{.RestartCount}}') restart(s); migrated in $applied run(s): $("$ENGINE" logs "$m" 2>&1 | grep -o 'schema up to date.*' | tail -1)"
[ "$applied" = 1 ] || fail "migrate reported a migrated schema $applied times, not once"
for s in app1 app2; do say "$s healthy after $("$ENGINE" inspect "$(cname $s)" --format '{{.RestartCount}}') restart(s) (it exits while the schema is behind)"; done

# --- the stores by Host -------------------------------------------------------------------------------
page=$(curl -s -m 30 -H 'Host: kurenai.localhost' "$BALANCER/")
[[ "$page" == *'<title>KURENAI ANIME'* ]] || fail "kurenai.localhost does not serve KURENAI ANIME through the balancer"
page=$(curl -s -m 30 -H 'Host: aozora.localhost' "$BALANCER/")
[[ "$page" == *'<title>あおぞらシネマ'* ]] || fail "aozora.localhost does not serve あおぞらシネマ through the balancer"
[ "$(code / unknown.example)" = 404 ] || fail "an unknown host is not answered 404"
say "the balancer serves kurenai.localhost and aozora.localhost by Host (an unknown host 404)"
[ "$(curl -s -o /dev/null -m 30 -w '%{http_code}' "$PROVIDER/healthz")" = 200 ] || fail "the sandbox payment provider does not answer on 8081"
[ "$(curl -s -o /dev/null -m 30 -w '%{http_code}' "$PROVIDER/v1/token.js")" = 200 ] || fail "the sandbox payment provider's token.js is not served on 8081"
say "the sandbox payment provider answers on 8081 (/healthz, /v1/token.js)"

# --- a member, through the balancer -------------------------------------------------------------------
JAR=tmp/compose-check.jar
rm -f "$JAR"
post() { # path json
  curl -s -m 30 -b "$JAR" -c "$JAR" -H 'Host: kurenai.localhost' -H 'Origin: http://kurenai.localhost' \
    -H 'Sec-Fetch-Site: same-origin' -H 'Content-Type: application/json' -X POST -d "$2" "$BALANCER$1"
}
psql_store() { "$ENGINE" exec "$(cname postgres)" psql -U postgres -d store -Atc "$1"; }
email="compose-check-$$-$(date +%s)@example.jp"
password='Kurenai#2026ok'
post /zapi/signup/policy '{"policyConsentData":[{"policyId":"kurenai-terms","revision":1,"agreed":true},{"policyId":"kurenai-privacy","revision":1,"agreed":true}]}' | grep -q redirectTo || fail "signup: the policy step failed"
post /zapi/signup/email "{\"type\":\"signUp\",\"email\":\"$email\"}" | grep -q pin-code || fail "signup: the address step failed"
pin=
for _ in $(seq 1 20); do
  pin=$(psql_store "select text from mail_outbox where \"to\" = '$email' and kind = 'authCode' order by created_at desc limit 1" | grep -oE '(^|[^0-9])[0-9]{6}([^0-9]|$)' | grep -oE '[0-9]{6}' | head -1 || true)
  [ -n "$pin" ] && break
  sleep 0.5
done
[ -n "$pin" ] || fail "signup: no code mail in mail_outbox"
post /zapi/signup/pin-code "{\"pinCode\":\"$pin\"}" | grep -q redirectTo || fail "signup: the code was refused"
post /zapi/signup "{\"nickname\":\"コンポーズ\",\"password\":\"$password\",\"passwordConfirm\":\"$password\"}" | grep -q redirectTo || fail "signup: the form was refused"
member() { code /mypage kurenai.localhost -b "$JAR"; }
signed=0
for _ in 1 2 3 4 5 6; do [ "$(member)" = 200 ] && signed=$((signed + 1)); done
[ "$signed" = 6 ] || fail "the new member was signed in on $signed of 6 requests"
[ "$(code /mypage kurenai.localhost)" = 302 ] || fail "/mypage without the session is not sent to the login"
say "a member signed up through the balancer; signed in on 6 of 6 requests across both processes"

# --- each process alone --------------------------------------------------------------------------------
wait_healthy() { # service
  local t0
  t0=$(now)
  for _ in $(seq 1 240); do
    healthy "$1" && return 0
    sleep 0.5
  done
  fail "$1 not healthy 120 s after its start"
}
for s in app1 app2; do
  other=$([ "$s" = app1 ] && echo app2 || echo app1)
  t=$(now)
  compose stop "$s" >>tmp/compose-ops.log 2>&1 || fail "stop $s failed"
  stop_s=$(secs "$t" "$(now)")
  served=0
  for i in $(seq 1 10); do
    host=$([ $((i % 2)) = 0 ] && echo kurenai.localhost || echo aozora.localhost)
    [ "$(code / "$host")" = 200 ] && [ "$(member)" = 200 ] && served=$((served + 1))
  done
  [ "$served" = 10 ] || fail "with $s stopped, $other served $served of 10 pairs of requests"
  t=$(now)
  compose start "$s" >>tmp/compose-ops.log 2>&1 || fail "start $s failed"
  wait_healthy "$s"
  say "$s stopped (SIGTERM, $stop_s s): $other alone served 10 of 10 (guest page and member page); $s healthy again $(secs "$t" "$(now)") s after its start"
done
# The balancer checks every second and takes a process back after 2 passed checks.
sleep 3

# --- RSS per container ----------------------------------------------------------------------------------
if [ "$ENGINE" = podman ]; then
  podman stats --no-stream --format '{{.Name}} {{.MemUsage}}' $(running) 2>/dev/null | sed 's/^/rss: /' | while read -r line; do say "$line"; done
else
  docker stats --no-stream --format '{{.Name}} {{.MemUsage}}' $(running) | sed 's/^/rss: /' | while read -r line; do say "$line"; done
fi

# --- a rolling restart under load --------------------------------------------------------------------
cookie=$(awk '$1 ~ /kurenai\.localhost$/ && NF >= 7 { printf "%s%s=%s", sep, $6, $7; sep = "; " }' "$JAR")
LOAD_OUT=tmp/compose-check-load.json
node - "$LOAD_SECONDS" "$LOAD_RATE" "$cookie" >"$LOAD_OUT" <<'EOF' &
// A steady load on the balancer (loopback): guest pages of two stores and the member's page, in turn.
const http = require('node:http');
const [seconds, rate, cookie] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
const targets = [
  { host: 'kurenai.localhost', path: '/' },
  { host: 'aozora.localhost', path: '/' },
  { host: 'kurenai.localhost', path: '/mypage', cookie },
];
const result = { sent: 0, ok: 0, failed: 0, signedOut: 0, errors: {}, ms: [] };
const one = (t) =>
  new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.get(
      { host: '127.0.0.1', port: 8080, path: t.path, headers: { host: t.host, ...(t.cookie ? { cookie: t.cookie } : {}) }, agent: false, timeout: 30_000 },
      (res) => {
        res.resume();
        res.on('end', () => {
          result.ms.push(performance.now() - t0);
          if (res.statusCode === 200) result.ok++;
          else if (t.cookie && res.statusCode === 302) result.signedOut++;
          else {
            result.failed++;
            result.errors[res.statusCode] = (result.errors[res.statusCode] ?? 0) + 1;
          }
          resolve();
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => {
      result.failed++;
      result.errors[e.message] = (result.errors[e.message] ?? 0) + 1;
      resolve();
    });
  });
(async () => {
  const pending = [];
  const start = performance.now();
  for (let i = 0; i < seconds * rate; i++) {
    const due = start + (i * 1000) / rate;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    result.sent++;
    pending.push(one(targets[i % targets.length]));
  }
  await Promise.all(pending);
  const ms = result.ms.sort((a, b) => a - b);
  const q = (p) => Math.round(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? 0);
  process.stdout.write(JSON.stringify({ ...result, ms: undefined, p50: q(0.5), p99: q(0.99), max: Math.round(ms.at(-1) ?? 0) }));
})();
EOF
LOAD_PID=$!
t_load=$(now)
sleep 3
for s in app2 app1; do
  t=$(now)
  compose restart "$s" >>tmp/compose-ops.log 2>&1 || fail "restart $s failed"
  restarted=$(secs "$t" "$(now)")
  wait_healthy "$s"
  say "$s restarted under load: stop and start $restarted s, healthy $(secs "$t" "$(now)") s after the restart began"
  # Back in the balancer (2 checks, 1 s apart) before the next one goes.
  sleep 3
done
restarts_done=$(secs "$t_load" "$(now)")
wait "$LOAD_PID" || fail "the load generator failed"
LOAD_PID=
load=$(cat "$LOAD_OUT")
say "load: $LOAD_RATE req/s for $LOAD_SECONDS s: $load (restarts done $restarts_done s into it)"
awk -v a="$restarts_done" -v b="$LOAD_SECONDS" 'BEGIN { exit !(a <= b) }' || fail "the restarts took longer ($restarts_done s) than the load ($LOAD_SECONDS s): raise LOAD_SECONDS"
node -e 'const r = JSON.parse(process.argv[1]); process.exit(r.failed === 0 && r.signedOut === 0 && r.ok === r.sent ? 0 : 1)' "$load" ||
  fail "requests failed or the member was signed out during the rolling restart: $load"
say "rolling restart (app2, then app1) under load: 0 failed requests, the member signed in throughout"

# --- down ------------------------------------------------------------------------------------------------
t=$(now)
UP=
down
say "down $(secs "$t" "$(now)") s"
[ -z "$(containers)" ] || fail "containers left after down: $(containers | tr '\n' ' ')"
left=$("$ENGINE" volume ls -q | grep -E "^${PROJECT}_" || true)
if [ "${KEEP:-0}" = 1 ]; then
  say "volumes kept (KEEP=1): $(echo "$left" | tr '\n' ' ')"
else
  [ -z "$left" ] || fail "volumes left after down -v: $(echo "$left" | tr '\n' ' ')"
  say "down removed the containers and the volumes"
fi
say ok
