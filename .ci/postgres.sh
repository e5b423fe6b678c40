#!/usr/bin/env bash
# Starts a throw-away PostgreSQL on loopback (port 55432, data in a temp dir) for the integration
# tests, and prints its DATABASE_URL. Works as root: the server runs as the postgres user.
# Usage: eval "$(bash .ci/postgres.sh start)"; ...; bash .ci/postgres.sh stop "$PG_DIR"
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
port=${PG_PORT:-55432}
case "${1:-start}" in
  start)
    dir=$(mktemp -d /tmp/shop-pg.XXXXXX)
    chown postgres:postgres "$dir"
    su postgres -s /bin/sh -c "$bin/initdb -D $dir/data -A trust -U postgres >$dir/initdb.log 2>&1"
    su postgres -s /bin/sh -c "$bin/pg_ctl -D $dir/data -o '-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off' -l $dir/log -w start >/dev/null"
    echo "export PG_DIR=$dir DATABASE_URL=postgresql://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    dir=${2:?data dir}
    su postgres -s /bin/sh -c "$bin/pg_ctl -D $dir/data -m fast -w stop >/dev/null" || true
    rm -rf "$dir"
    ;;
esac
