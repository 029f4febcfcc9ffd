#!/usr/bin/env bash
# `make cluster` / `make cluster-stop` (issue 36; docs/deployment.md): Batchline as several
# processes of each service on loopback, on engines that survive the loss of one of theirs.
#
#   NATS       3 nodes of the pinned nats-server (scripts/nats-new.sh, decision 121), one
#              JetStream cluster: clients 54231-54233, monitoring 58231-58233, routes
#              56231-56233, MQTT 51891-51893; the PLANT stream, its consumer and every bucket
#              at 3 replicas (NATS_REPLICAS=3)
#   Postgres   primary 55432 and a hot standby 55442 by streaming replication, synchronous (a
#              commit returns once the standby has the WAL: promoting it loses nothing
#              acknowledged), through a replication slot; hot_standby_feedback on (decision 120)
#   haproxy    http://127.0.0.1:8090: /ws to the stream processes, the rest to the api processes;
#              127.0.0.1:55430: the primary, or the standby once the primary is down (promoted
#              by `promote`), for the services' DATABASE_URL
#   Batchline  ingest-1, ingest-2 (one durable consumer), stream-1 8093, stream-2 8094, api-1
#              8091, api-2 8092 (reports read the standby: DATABASE_READ_URL), the simulator
#
#   scripts/cluster.sh start|stop|status|env
#   scripts/cluster.sh kill NAME [SIGNAL]   (nats-1..3, pg-primary, pg-standby, ingest-1, ...)
#   scripts/cluster.sh start-one NAME | promote
#
# CLUSTER_DIR (.data/cluster) and CLUSTER_PORT_SHIFT (0; added to every port, so a second
# cluster, such as `make test`'s short chaos run, runs beside this one) place another cluster;
# CLUSTER_WEB=0 skips the web app's build, CLUSTER_HISTORY_DAYS (2) the days of history;
# CLUSTER_SEED=0 leaves the database without the demo plant (and history), CLUSTER_SIMULATOR=0
# starts no simulator (`make chaos-cluster` runs its own).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
DIR="${CLUSTER_DIR:-$ROOT/.data/cluster}"
S="${CLUSTER_PORT_SHIFT:-0}"
NATS_CLIENT=(0 $((54231 + S)) $((54232 + S)) $((54233 + S)))
NATS_MONITOR=(0 $((58231 + S)) $((58232 + S)) $((58233 + S)))
NATS_ROUTE=(0 $((56231 + S)) $((56232 + S)) $((56233 + S)))
NATS_MQTT=(0 $((51891 + S)) $((51892 + S)) $((51893 + S)))
PG_PRIMARY=$((55432 + S))
PG_STANDBY=$((55442 + S))
PG_FRONT=$((55430 + S))
HTTP_FRONT=$((8090 + S))
API_PORTS=(0 $((8091 + S)) $((8092 + S)))
STREAM_PORTS=(0 $((8093 + S)) $((8094 + S)))
PG_USER=batchline
BIN="${BATCHLINE_BIN:-$ROOT/target/debug/batchline}"
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)"
RUN="$DIR/run"
LOGS="$DIR/logs"

log() { printf '[cluster] %s\n' "$*" >&2; }
is_root() { [ "$(id -u)" = 0 ]; }
as_pg() { if is_root; then runuser -u postgres -- "$@" </dev/null; else "$@" </dev/null; fi; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_port() { # port, what, tenths of a second
  local i
  for ((i = 0; i < ${3:-300}; i++)); do port_open "$1" && return 0; sleep 0.1; done
  log "$2 did not open port $1 (its log: $LOGS/$2.log)"; return 1
}

# The Postgres clusters' folders: the postgres user must reach them (as root, initdb refuses
# to run), so under /tmp when it cannot enter the checkout.
pg_dir() {
  local base="$DIR"
  mkdir -p "$DIR"
  if is_root && ! runuser -u postgres -- test -x "$DIR" 2>/dev/null; then
    base="/tmp/batchline-cluster-$(printf '%s' "$DIR" | md5sum | cut -c1-10)"
  fi
  echo "$base/$1"
}

# What every Batchline process of the cluster is given.
# Each NATS node reserves the stream's whole limit, and here the three share one disk: 2 GiB of
# unread samples by default (JetStream refuses the product's 16 GiB on a disk with less than
# ~22 GB free; a node of its own sizes it for a day of outage, docs/deployment.md).
STREAM_MAX_BYTES=${PLANT_STREAM_MAX_BYTES:-$((2 << 30))}
service_env() {
  local nats_urls
  nats_urls="nats://127.0.0.1:${NATS_CLIENT[1]},nats://127.0.0.1:${NATS_CLIENT[2]},nats://127.0.0.1:${NATS_CLIENT[3]}"
  cat <<ENV
export DATABASE_URL=postgres://$PG_USER@127.0.0.1:$PG_FRONT/batchline
export DATABASE_READ_URL=postgres://$PG_USER@127.0.0.1:$PG_STANDBY/batchline
export DATABASE_PRIMARY_URL=postgres://$PG_USER@127.0.0.1:$PG_PRIMARY/batchline
export NATS_URL=$nats_urls
export NATS_REPLICAS=3
export PLANT_STREAM_MAX_BYTES=$STREAM_MAX_BYTES
export JWT_SECRET=$(cat "$DIR/jwt-secret")
export DATA_DIR=$DIR/data
export TRUST_FORWARDED_FOR=true
export PUBLIC_URL=http://127.0.0.1:$HTTP_FRONT
export CLUSTER_URL=http://127.0.0.1:$HTTP_FRONT
ENV
}

# ---- processes: each with a pid file in run/ and a log in logs/ ----
pid_of() { [ -f "$RUN/$1.pid" ] && cat "$RUN/$1.pid" || true; }
running() { local p; p=$(pid_of "$1"); [ -n "$p" ] && kill -0 "$p" 2>/dev/null; }
launch() { # name, command...
  local name=$1; shift
  if running "$name"; then return 0; fi
  setsid "$@" </dev/null >>"$LOGS/$name.log" 2>&1 &
  echo $! >"$RUN/$name.pid"
}
kill_proc() { # name, signal
  local p; p=$(pid_of "$1")
  [ -n "$p" ] || return 0
  kill -"${2:-TERM}" "$p" 2>/dev/null || true
  for _ in $(seq 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.05; done
  kill -0 "$p" 2>/dev/null && { kill -KILL "$p" 2>/dev/null || true; sleep 0.2; }
  rm -f "$RUN/$1.pid"
}

# ---- NATS ----
nats_conf() { # node
  local n=$1 routes=""
  for m in 1 2 3; do routes+="${routes:+, }nats-route://127.0.0.1:${NATS_ROUTE[$m]}"; done
  mkdir -p "$DIR/nats/n$n"
  cat >"$DIR/nats/n$n.conf" <<CONF
server_name: n$n
listen: 127.0.0.1:${NATS_CLIENT[$n]}
http: 127.0.0.1:${NATS_MONITOR[$n]}
jetstream { store_dir: "$DIR/nats/n$n" }
cluster {
  name: batchline
  listen: 127.0.0.1:${NATS_ROUTE[$n]}
  routes: [ ${routes} ]
}
mqtt { listen: 127.0.0.1:${NATS_MQTT[$n]} }
CONF
}
start_nats() { # node
  local n=$1 bin
  bin=$(bash "$ROOT/scripts/nats-new.sh" 2>>"$LOGS/nats-new.log" | tail -n1) || {
    log "the pinned nats-server could not be installed ($LOGS/nats-new.log): the cluster needs it (decision 121)"; return 1; }
  nats_conf "$n"
  launch "nats-$n" "$bin" -c "$DIR/nats/n$n.conf"
}

# ---- Postgres ----
pg_opts() { # port, extra options
  local o="-p $1 -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=300"
  o+=" -c wal_level=replica -c max_wal_senders=10 -c max_replication_slots=10 -c hot_standby=on"
  if [ -f "$PG_BIN/../lib/timescaledb.so" ]; then
    o+=" -c shared_preload_libraries=timescaledb -c timescaledb.telemetry_level=off"
  fi
  echo "$o $2"
}
pg_start() { # name, data folder, options (its log in the folder, which its user can write)
  ln -sfn "$2/server.log" "$LOGS/$1.log"
  as_pg "$PG_BIN/pg_ctl" -D "$2" -l "$2/server.log" -o "$3" -w -t 120 start >/dev/null
}
pg_up() { as_pg "$PG_BIN/pg_ctl" -D "$1" status >/dev/null 2>&1; }
# (Its commits wait for no standby: the first ones come before there is one.)
psql_at() { PGOPTIONS="-c synchronous_commit=local" psql -h 127.0.0.1 -p "$1" -U "$PG_USER" -d "${2:-postgres}" -qtAX </dev/null "${@:3}"; }
# A commit waits for the standby's flush (synchronous_standby_names): nothing acknowledged is
# lost when the standby is promoted. At most 10 GB of WAL wait in the slot for a standby away.
PRIMARY_OPTS="-c synchronous_standby_names=* -c synchronous_commit=on -c max_slot_wal_keep_size=10GB"
# Long reports are not cancelled by replay (decision 120): the standby tells the primary which
# rows its queries still read (hot_standby_feedback), and replay waits up to a minute (twice the
# api's statement timeout) for a query holding a lock it needs.
STANDBY_OPTS="-c hot_standby_feedback=on -c max_standby_streaming_delay=60s -c max_standby_archive_delay=60s"

start_primary() {
  local d; d=$(pg_dir pg-primary)
  if [ ! -f "$d/PG_VERSION" ]; then
    mkdir -p "$d"; is_root && chown postgres:postgres "$d"; chmod 700 "$d"
    # (initdb's pg_hba.conf lets loopback replicate, as it lets it connect.)
    as_pg "$PG_BIN/initdb" -D "$d" -U "$PG_USER" --auth=trust -E UTF8 --no-locale >/dev/null
  fi
  pg_up "$d" && return 0
  pg_start pg-primary "$d" "$(pg_opts "$PG_PRIMARY" "$PRIMARY_OPTS")"
  psql_at "$PG_PRIMARY" postgres -c "select 1" >/dev/null
  [ "$(psql_at "$PG_PRIMARY" postgres -c "select count(*) from pg_database where datname = 'batchline'")" = 1 ] ||
    psql_at "$PG_PRIMARY" postgres -c "create database batchline"
  [ "$(psql_at "$PG_PRIMARY" postgres -c "select count(*) from pg_replication_slots where slot_name = 'standby'")" = 1 ] ||
    psql_at "$PG_PRIMARY" postgres -c "select pg_create_physical_replication_slot('standby')" >/dev/null
}
start_standby() {
  local d; d=$(pg_dir pg-standby)
  if [ ! -f "$d/PG_VERSION" ]; then
    mkdir -p "$d"; is_root && chown postgres:postgres "$d"; chmod 700 "$d"
    # A copy of the primary, streaming from its slot from then on (-R: standby.signal and the
    # primary's address in postgresql.auto.conf), after a checkpoint at once (not spread).
    as_pg "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PG_PRIMARY" -U "$PG_USER" -D "$d" -R -X stream -S standby -c fast >/dev/null
  fi
  pg_up "$d" && return 0
  pg_start pg-standby "$d" "$(pg_opts "$PG_STANDBY" "$STANDBY_OPTS")"
}

# ---- haproxy ----
haproxy_conf() {
  cat >"$DIR/haproxy.cfg" <<CONF
global
  # Each connection holds two descriptors (client and server side); this machine allows 20,000.
  maxconn 9000
defaults
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A live socket may be quiet between pings (every 15 s): an hour before haproxy closes it.
  timeout tunnel 1h
  retries 2
  option redispatch
frontend web
  mode http
  bind 127.0.0.1:$HTTP_FRONT
  option forwardfor
  acl live path /ws
  use_backend stream if live
  default_backend api
backend api
  mode http
  balance roundrobin
  retry-on conn-failure empty-response
  option httpchk GET /healthz
  server api-1 127.0.0.1:${API_PORTS[1]} check inter 500ms fall 2 rise 1
  server api-2 127.0.0.1:${API_PORTS[2]} check inter 500ms fall 2 rise 1
backend stream
  mode http
  balance leastconn
  server stream-1 127.0.0.1:${STREAM_PORTS[1]} check inter 500ms fall 2 rise 1
  server stream-2 127.0.0.1:${STREAM_PORTS[2]} check inter 500ms fall 2 rise 1
# The primary for writes: the standby only once the primary is down (and, promoted, writable).
listen postgres
  mode tcp
  bind 127.0.0.1:$PG_FRONT
  server primary 127.0.0.1:$PG_PRIMARY check inter 500ms fall 2 rise 2 on-marked-down shutdown-sessions
  server standby 127.0.0.1:$PG_STANDBY check inter 500ms fall 2 rise 2 backup
CONF
}
start_haproxy() {
  command -v haproxy >/dev/null || { log "haproxy is not installed: run scripts/install-deps.sh --cluster"; return 1; }
  haproxy_conf
  launch haproxy haproxy -f "$DIR/haproxy.cfg" -db
}

# ---- Batchline ----
start_batchline() { # name
  local name=$1
  # shellcheck disable=SC1090
  source <(service_env)
  case "$name" in
    ingest-*) launch "$name" "$BIN" ingest ;;
    stream-*) launch "$name" env STREAM_ADDR="127.0.0.1:${STREAM_PORTS[${name#stream-}]}" "$BIN" stream ;;
    api-*) launch "$name" env HTTP_ADDR="127.0.0.1:${API_PORTS[${name#api-}]}" REPORT_SCHEDULE_SECONDS=30 "$BIN" api ;;
    simulator) launch "$name" env SIM_SPEED="${SIM_SPEED:-2}" "$BIN" simulate ;;
    *) log "no process named $name"; return 1 ;;
  esac
}

start_one() { # name
  case "$1" in
    nats-[123]) start_nats "${1#nats-}" && wait_port "${NATS_CLIENT[${1#nats-}]}" "$1" 600 ;;
    pg-primary) start_primary ;;
    pg-standby) start_standby ;;
    haproxy) start_haproxy ;;
    *) start_batchline "$1" ;;
  esac
}

PROCESSES=(ingest-1 ingest-2 stream-1 stream-2 api-1 api-2 simulator)

start_all() {
  mkdir -p "$RUN" "$LOGS" "$DIR/data"
  [ -f "$DIR/jwt-secret" ] || (umask 077; head -c 48 /dev/urandom | base64 | tr -d '\n/+=' >"$DIR/jwt-secret")
  [ -x "$PG_BIN/initdb" ] || { log "PostgreSQL is not installed: run scripts/install-deps.sh --cluster"; exit 1; }
  for p in "$PG_PRIMARY" "$PG_STANDBY" "$PG_FRONT" "$HTTP_FRONT" "${NATS_CLIENT[@]:1}"; do
    if port_open "$p" && ! [ -f "$RUN/started" ]; then
      log "port $p is taken (\`make stop\` stops the demo's Postgres on 55432; CLUSTER_PORT_SHIFT moves every port of the cluster)"
      exit 1
    fi
  done
  touch "$RUN/started"
  for n in 1 2 3; do start_nats "$n"; done
  for n in 1 2 3; do wait_port "${NATS_CLIENT[$n]}" "nats-$n"; done
  start_primary
  start_standby
  start_haproxy
  wait_port "$PG_FRONT" haproxy
  log "NATS n1-n3 on ${NATS_CLIENT[1]}-${NATS_CLIENT[3]}; Postgres primary $PG_PRIMARY, standby $PG_STANDBY"
  [ -x "$BIN" ] || { log "$BIN is missing: cargo build --bin batchline"; exit 1; }
  # shellcheck disable=SC1090
  source <(service_env)
  # The demo's super user (the same sign-in as `make demo`'s; a cluster elsewhere keeps its own).
  source "$ROOT/scripts/demo-credentials.sh"
  mkdir -p "$ROOT/.data"
  if [ -n "${CLUSTER_DIR:-}" ]; then demo_credentials "$DIR/superuser.env"; else demo_credentials "$ROOT/.data/demo-superuser.env"; fi
  "$BIN" migrate >>"$LOGS/setup.log" 2>&1
  [ "${CLUSTER_SEED:-1}" = 0 ] || "$BIN" seed >>"$LOGS/setup.log" 2>&1
  if [ "${CLUSTER_SEED:-1}" != 0 ] && [ "${CLUSTER_HISTORY_DAYS:-2}" != 0 ] && ! [ -f "$DIR/history" ]; then
    log "writing ${CLUSTER_HISTORY_DAYS:-2} days of history"
    "$BIN" backfill --days "${CLUSTER_HISTORY_DAYS:-2}" --lines 2 >>"$LOGS/setup.log" 2>&1 && touch "$DIR/history"
  fi
  for name in "${PROCESSES[@]}"; do
    [ "$name" = simulator ] && [ "${CLUSTER_SIMULATOR:-1}" = 0 ] && continue
    start_batchline "$name"
  done
  for n in 1 2; do
    wait_port "${API_PORTS[$n]}" "api-$n"
    wait_port "${STREAM_PORTS[$n]}" "stream-$n"
  done
  cat >&2 <<MSG

  The Batchline cluster is running at http://127.0.0.1:$HTTP_FRONT (haproxy: api-1, api-2,
  stream-1, stream-2; wall display: http://127.0.0.1:$HTTP_FRONT/dashboard?kiosk=1)
  Sign in as the super user:  $SUPERUSER_EMAIL  /  $SUPERUSER_PASSWORD
  NATS n1-n3 on ${NATS_CLIENT[1]}-${NATS_CLIENT[3]} (monitoring ${NATS_MONITOR[1]}-${NATS_MONITOR[3]}); Postgres primary $PG_PRIMARY,
  hot standby $PG_STANDBY; logs in $LOGS.  \`scripts/cluster.sh status\` lists the processes;
  \`make cluster-stop\` stops them all.

MSG
}

stop_all() {
  for name in simulator api-1 api-2 stream-1 stream-2 ingest-1 ingest-2 haproxy; do kill_proc "$name"; done
  # The primary before its standby: with the standby gone first, a last commit would wait for it.
  local d
  for db in pg-primary pg-standby; do
    d=$(pg_dir "$db")
    pg_up "$d" && as_pg "$PG_BIN/pg_ctl" -D "$d" -m fast -w stop >/dev/null || true
  done
  for n in 1 2 3; do kill_proc "nats-$n"; done
  rm -f "$RUN/started"
}

status_all() {
  local name
  for n in 1 2 3; do running "nats-$n" && echo "nats-$n: running on ${NATS_CLIENT[$n]}" || echo "nats-$n: stopped"; done
  pg_up "$(pg_dir pg-primary)" && echo "pg-primary: running on $PG_PRIMARY" || echo "pg-primary: stopped"
  pg_up "$(pg_dir pg-standby)" && echo "pg-standby: running on $PG_STANDBY" || echo "pg-standby: stopped"
  for name in haproxy "${PROCESSES[@]}"; do running "$name" && echo "$name: running" || echo "$name: stopped"; done
}

case "${1:-}" in
  start) start_all ;;
  stop) stop_all ;;
  status) status_all ;;
  env) service_env ;;
  start-one) start_one "${2:?a process name}" ;;
  kill)
    case "${2:?a process name}" in
      pg-primary|pg-standby)
        d=$(pg_dir "$2")
        if [ "${3:-KILL}" = KILL ]; then mode=immediate; else mode=fast; fi
        pg_up "$d" && as_pg "$PG_BIN/pg_ctl" -D "$d" -m "$mode" -w stop >/dev/null || true ;;
      *) kill_proc "$2" "${3:-KILL}" ;;
    esac ;;
  promote)
    # The standby becomes the primary (haproxy sends writes to it once the old one is down);
    # it has no standby of its own afterwards, so its commits wait for none.
    as_pg "$PG_BIN/pg_ctl" -D "$(pg_dir pg-standby)" -w promote >/dev/null ;;
  *) echo "usage: $0 start|stop|status|env|start-one NAME|kill NAME [SIGNAL]|promote" >&2; exit 2 ;;
esac
