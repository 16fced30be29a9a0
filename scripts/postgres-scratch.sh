#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server on a free loopback port and prints its URL.
#   eval "$(bash scripts/postgres-scratch.sh start)"   exports DATABASE_URL and PG_SCRATCH_DIR
#   bash scripts/postgres-scratch.sh stop "$PG_SCRATCH_DIR"
#   bash scripts/postgres-scratch.sh halt "$PG_SCRATCH_DIR"     stops the server at once, as a crash would, keeping its data and port
#   bash scripts/postgres-scratch.sh resume "$PG_SCRATCH_DIR"   starts it again on the same port (an outage in tests)
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

start_server() {
  as_owner "$1/pg_ctl" -D "$2/data" -l "$2/server.log" -w -t 60 \
    -o "-p $(cat "$2/port") -k $2 -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
}

case "${1:-}" in
  start)
    BIN=$(bin_dir)
    DIR=$(mktemp -d /tmp/pg-scratch.XXXXXX)
    PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    [ "$(id -u)" = "0" ] && chown postgres:postgres "$DIR"
    as_owner "$BIN/initdb" -D "$DIR/data" -U postgres -A trust --no-sync -E UTF8 >"$DIR/initdb.log" 2>&1
    echo "$PORT" >"$DIR/port"
    start_server "$BIN" "$DIR"
    echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    echo "export PG_SCRATCH_DIR=$DIR"
    ;;
  stop)
    DIR=${2:?scratch folder}
    BIN=$(bin_dir)
    as_owner "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$DIR"
    ;;
  halt)
    DIR=${2:?scratch folder}
    # Immediate: no session gets to finish what it was doing (a fast stop ends the session holding a
    # lock first, and the one waiting for that lock could still commit before its own end).
    as_owner "$(bin_dir)/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null
    ;;
  resume)
    DIR=${2:?scratch folder}
    start_server "$(bin_dir)" "$DIR"
    ;;
  *)
    echo "usage: $0 start | stop DIR | halt DIR | resume DIR" >&2
    exit 2
    ;;
esac
