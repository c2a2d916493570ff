#!/bin/sh
# The first start on an empty PGDATA: initdb (the `postgres` superuser with POSTGRES_PASSWORD,
# trust on the local socket, scram-sha-256 over TCP), then POSTGRES_DB. Later starts: PostgreSQL.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  [ -n "${POSTGRES_PASSWORD:-}" ] || {
    echo "postgres-entrypoint: POSTGRES_PASSWORD is not set" >&2
    exit 1
  }
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb --username=postgres --pwfile="$pwfile" --encoding=UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.auto.conf"
  db=${POSTGRES_DB:-postgres}
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\";" | postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
  echo "postgres-entrypoint: initialised $PGDATA (database $db)"
fi
exec "$@"
