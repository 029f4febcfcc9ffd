#!/usr/bin/env bash
# Starts and stops the project's private PostgreSQL cluster and NATS server (JetStream) under
# .data/. Idempotent: `start` finds running services and leaves them alone. With STARTED_FILE
# set, `start` writes the names of the services it really started there, and `stop-started`
# stops only those (so `make test` never stops a demo that was already running).
#   scripts/services.sh start|stop|stop-started|status|env
# `make chaos` also crashes and starts them one by one: crash-pg (an immediate shutdown, so the
# next start runs crash recovery), start-pg, kill-nats (SIGKILL), start-nats.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)"
PGDATA="$DATA_DIR/pg"
# initdb refuses root, so as root the cluster belongs to the postgres user, who must be able to
# enter every parent folder; when it cannot (a clone under /root, say), keep the cluster in /tmp.
if is_root && ! runuser -u postgres -- test -x "$ROOT" 2>/dev/null; then
  key="$ROOT"; [ "$DATA_DIR" = "$ROOT/.data" ] || key="$DATA_DIR"
  PGDATA="/tmp/batchline-pg-$(printf '%s' "$key" | md5sum | cut -c1-10)"
fi
NATS_DIR="$DATA_DIR/nats"

as_pg() { if is_root; then runuser -u postgres -- "$@" </dev/null; else "$@" </dev/null; fi; }

record() { [ -n "${STARTED_FILE:-}" ] && echo "$1" >>"$STARTED_FILE" || true; }

# TimescaleDB's package puts its library beside Postgres's own.
timescaledb_installed() { [ -f "$PG_BIN/../lib/timescaledb.so" ]; }
timescaledb_preloaded() {
  psql -h 127.0.0.1 -p "$PG_PORT" -U "$PG_USER" -d postgres -tAc "show shared_preload_libraries" </dev/null 2>/dev/null | grep -qw timescaledb
}

pg_running() { as_pg "$PG_BIN/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; }

start_pg() {
  [ -x "$PG_BIN/initdb" ] || { log "PostgreSQL is not installed: run scripts/install-deps.sh"; exit 1; }
  mkdir -p "$DATA_DIR"
  if [ ! -f "$PGDATA/PG_VERSION" ]; then
    log "creating the cluster in $PGDATA"
    mkdir -p "$PGDATA"
    is_root && chown postgres:postgres "$PGDATA"
    chmod 700 "$PGDATA"
    as_pg "$PG_BIN/initdb" -D "$PGDATA" -U "$PG_USER" --auth=trust -E UTF8 --no-locale >/dev/null
  fi
  if pg_running; then
    log "postgres already running on $PG_PORT"
    if timescaledb_installed && ! timescaledb_preloaded; then
      log "TimescaleDB is installed but this server has not preloaded it: run \`make stop\` and start again to use it"
    fi
    return
  fi
  if port_open "$PG_PORT"; then log "port $PG_PORT is taken by another program"; exit 1; fi
  local opts="-p $PG_PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=300"
  # TimescaleDB must be preloaded to be created; when its package is installed, it is (decision 72).
  if timescaledb_installed; then
    opts="$opts -c shared_preload_libraries=timescaledb -c timescaledb.telemetry_level=off"
  fi
  # Tests trade crash safety for speed; the demo keeps Postgres' defaults.
  [ "${PG_FAST:-0}" = 1 ] && opts="$opts -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  as_pg "$PG_BIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -o "$opts" -w -t 60 start >/dev/null
  record postgres
  log "postgres started on 127.0.0.1:$PG_PORT ($PGDATA)"
  psql -h 127.0.0.1 -p "$PG_PORT" -U "$PG_USER" -d postgres -tAc "select 1 from pg_database where datname='batchline'" </dev/null | grep -q 1 \
    || psql -h 127.0.0.1 -p "$PG_PORT" -U "$PG_USER" -d postgres -qc "create database batchline" </dev/null
}

nats_pid() { [ -f "$DATA_DIR/nats.pid" ] && cat "$DATA_DIR/nats.pid" || true; }
nats_running() { local p; p=$(nats_pid); [ -n "$p" ] && kill -0 "$p" 2>/dev/null; }

# The nats-server the services run: the pinned newer release of scripts/nats-new.sh (decision
# 107: Sparkplug B topics, `spBv1.0/…`, need ≥ 2.10, and 2.10–2.11 fixed a kill's stuck ack
# floor), else Debian's 2.9.10 (no pinned build for this machine, or no network the first
# time), whose MQTT listener then takes plain topics only.
nats_binary() {
  local b
  if b=$(bash "$ROOT/scripts/nats-new.sh" 2>>"$DATA_DIR/nats-new.log" | tail -n 1) && [ -x "$b" ]; then
    echo "$b"
  else
    log "the pinned nats-server could not be installed (.data/nats-new.log): Debian's, without Sparkplug B" >&2
    command -v nats-server
  fi
}

# Starts `$1` on nats.conf and waits for its client and MQTT ports; when they do not open, stops
# it and shows the end of its log (and of the pinned build's install log) to say why.
launch_nats() {
  local bin=$1
  setsid "$bin" -c "$DATA_DIR/nats.conf" \
    -P "$DATA_DIR/nats.pid" -l "$DATA_DIR/nats.log" </dev/null >>"$DATA_DIR/nats.out" 2>&1 &
  local pid=$!
  if wait_port "$NATS_PORT" nats 150 && wait_port "$MQTT_PORT" mqtt; then return 0; fi
  log "$bin ($("$bin" --version 2>&1 | head -1)) did not serve; the end of its log and output:"
  tail -n 30 "$DATA_DIR/nats.log" "$DATA_DIR/nats.out" >&2 || true
  [ -s "$DATA_DIR/nats-new.log" ] && tail -n 10 "$DATA_DIR/nats-new.log" >&2
  stop_nats
  kill "$pid" 2>/dev/null || true
  return 1
}

start_nats() {
  command -v nats-server >/dev/null || { log "nats-server is not installed: run scripts/install-deps.sh"; exit 1; }
  if nats_running; then log "nats already running on $NATS_PORT"; return; fi
  if port_open "$NATS_PORT"; then log "port $NATS_PORT is taken by another program"; exit 1; fi
  mkdir -p "$NATS_DIR"
  # A configuration file, for what has no command-line flag: the MQTT listener (issue 32), which
  # needs JetStream and a server name. A device publishing a wire-format message with QoS 1 to
  # plant/<lineId>/<kind> lands in the PLANT stream as plant.<lineId>.<kind>.
  cat >"$DATA_DIR/nats.conf" <<CONF
server_name: batchline
listen: 127.0.0.1:$NATS_PORT
http: 127.0.0.1:$NATS_MONITOR_PORT
jetstream { store_dir: "$NATS_DIR" }
mqtt { listen: 127.0.0.1:$MQTT_PORT }
CONF
  local bin; bin=$(nats_binary)
  if ! launch_nats "$bin"; then
    local debian; debian=$(command -v nats-server)
    [ "$bin" = "$debian" ] && exit 1
    # A pinned build that installs but does not serve on this machine must not stop the plant:
    # Debian's takes over (Sparkplug B topics then need the pinned one, decision 107).
    log "the pinned nats-server did not start (its log above): Debian's, without Sparkplug B"
    bin=$debian
    launch_nats "$bin" || exit 1
  fi
  record nats
  log "nats $("$bin" --version | cut -d' ' -f2) started on 127.0.0.1:$NATS_PORT, MQTT on 127.0.0.1:$MQTT_PORT (JetStream in $NATS_DIR)"
}

stop_pg() { pg_running && as_pg "$PG_BIN/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null && log "postgres stopped" || true; }
stop_nats() {
  local p; p=$(nats_pid)
  if [ -n "$p" ] && kill -0 "$p" 2>/dev/null; then
    kill "$p"; for _ in $(seq 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    log "nats stopped"
  fi
  rm -f "$DATA_DIR/nats.pid"
}

case "${1:-}" in
  start) start_pg; start_nats ;;
  stop) stop_nats; stop_pg ;;
  stop-started)
    f="${STARTED_FILE:?STARTED_FILE is not set}"
    [ -f "$f" ] || exit 0
    grep -qx nats "$f" && stop_nats
    grep -qx postgres "$f" && stop_pg
    rm -f "$f" ;;
  restart-nats) stop_nats; start_nats ;;
  crash-pg) pg_running && as_pg "$PG_BIN/pg_ctl" -D "$PGDATA" -m immediate -w stop >/dev/null ;;
  start-pg) start_pg ;;
  kill-nats)
    p=$(nats_pid)
    if [ -n "$p" ]; then kill -9 "$p" 2>/dev/null || true; for _ in $(seq 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.05; done; fi
    rm -f "$DATA_DIR/nats.pid" ;;
  start-nats) start_nats ;;
  status)
    pg_running && echo "postgres: running on $PG_PORT" || echo "postgres: stopped"
    nats_running && echo "nats: running on $NATS_PORT" || echo "nats: stopped"
    if ! timescaledb_installed; then echo "timescaledb: not installed"
    elif pg_running && timescaledb_preloaded; then echo "timescaledb: installed and preloaded"
    else echo "timescaledb: installed, not preloaded"; fi ;;
  env) echo "export DATABASE_URL=$DATABASE_URL NATS_URL=$NATS_URL MQTT_URL=mqtt://127.0.0.1:$MQTT_PORT" ;;
  *) echo "usage: $0 start|stop|stop-started|restart-nats|crash-pg|start-pg|kill-nats|start-nats|status|env" >&2; exit 2 ;;
esac
