#!/usr/bin/env bash
# `make test-timescale`: the Rust suite, with the tests that need TimescaleDB, against a
# PostgreSQL server that preloads it, in a cluster and NATS of its own (.data/timescale, ports
# 55433/54223) so a running demo is left alone; then the way from "installed, not preloaded" to
# "preloaded" (scripts/tests/timescaledb.test.sh). Needs TimescaleDB's package for the installed
# PostgreSQL: README, "TimescaleDB". Ends with `N passed, N failed`.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/install-deps.sh || exit 1
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)"
if [ ! -f "$PG_BIN/../lib/timescaledb.so" ]; then
  echo "TimescaleDB is not installed for $("$PG_BIN/postgres" --version): see README.md, \"TimescaleDB\"." >&2
  exit 1
fi
export DATA_DIR="$ROOT/.data/timescale" PG_PORT=55433 NATS_PORT=54223 NATS_MONITOR_PORT=58223 MQTT_PORT=51884
unset DATABASE_URL NATS_URL
STARTED_FILE="$(mktemp)"
export STARTED_FILE
cleanup() { bash scripts/services.sh stop-started || true; rm -f "$STARTED_FILE"; }
trap cleanup EXIT
PG_FAST=1 bash scripts/services.sh start || exit 1
eval "$(bash scripts/services.sh env)"
if ! psql "$DATABASE_URL" -tAc "show shared_preload_libraries" </dev/null | grep -qw timescaledb; then
  echo "the server on $PG_PORT does not preload TimescaleDB: run \`DATA_DIR=$DATA_DIR PG_PORT=$PG_PORT bash scripts/services.sh stop\` and try again" >&2
  exit 1
fi

LOG_DIR="$(mktemp -d)"
passed=0 failed=0 status=0
count() {
  local p f
  while read -r p f; do passed=$((passed + p)); failed=$((failed + f)); done < <(
    sed -nE 's/^test result: [a-zA-Z]+\. ([0-9]+) passed; ([0-9]+) failed.*/\1 \2/p; s/^([0-9]+) passed, ([0-9]+) failed$/\1 \2/p' "$1")
}
run() {
  local name=$1; shift
  printf '\n==> %s\n' "$name"
  "$@" 2>&1 | tee "$LOG_DIR/$name.log"
  local rc=${PIPESTATUS[0]}
  count "$LOG_DIR/$name.log"
  [ "$rc" = 0 ] || { echo "!! $name failed (exit $rc)"; status=1; }
}
run cargo-test cargo test --workspace --locked --no-fail-fast -- --include-ignored
run build cargo build --bin batchline --locked
run timescaledb bash scripts/tests/timescaledb.test.sh
echo
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] || status=1
exit $status
