#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server on a free loopback port and prints its URL.
#   eval "$(bash scripts/postgres-scratch.sh start)"   exports DATABASE_URL and PG_SCRATCH_DIR
#   bash scripts/postgres-scratch.sh stop "$PG_SCRATCH_DIR"
set -euo pipefail

bin_dir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] || { echo "no PostgreSQL server binaries (install Debian's postgresql)" >&2; exit 3; }
  echo "$dir"
}

as_owner() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    BIN=$(bin_dir)
    DIR=$(mktemp -d /tmp/pg-scratch.XXXXXX)
    PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    [ "$(id -u)" = "0" ] && chown postgres:postgres "$DIR"
    as_owner "$BIN/initdb" -D "$DIR/data" -U postgres -A trust --no-sync -E UTF8 >"$DIR/initdb.log" 2>&1
    as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
    echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    echo "export PG_SCRATCH_DIR=$DIR"
    ;;
  stop)
    DIR=${2:?scratch folder}
    BIN=$(bin_dir)
    as_owner "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: $0 start | stop DIR" >&2
    exit 2
    ;;
esac
