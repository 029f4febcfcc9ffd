# Shared settings of the local services; sourced by the other scripts.
# Ports are non-default so a system Postgres or NATS on the machine is never touched.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA_DIR="${DATA_DIR:-$ROOT/.data}"
PG_PORT="${PG_PORT:-55432}"
NATS_PORT="${NATS_PORT:-54222}"
NATS_MONITOR_PORT="${NATS_MONITOR_PORT:-58222}"
# nats-server's MQTT listener (issue 32): plant devices publish there.
MQTT_PORT="${MQTT_PORT:-51883}"
PG_USER=batchline
export DATABASE_URL="${DATABASE_URL:-postgres://$PG_USER@127.0.0.1:$PG_PORT/batchline}"
export NATS_URL="${NATS_URL:-nats://127.0.0.1:$NATS_PORT}"

log() { printf '[services] %s\n' "$*" >&2; }
is_root() { [ "$(id -u)" = 0 ]; }

# Waits until a TCP port on 127.0.0.1 accepts connections (bash's /dev/tcp, no extra tools).
wait_port() {
  local port=$1 what=$2 tries=${3:-100}
  for _ in $(seq "$tries"); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
    sleep 0.1
  done
  log "$what did not open port $port"; return 1
}
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
