#!/usr/bin/env bash
# `make chaos` (and `--short`, run by `make test`): the simulator and ingest as separate processes
# while ingest is killed and NATS and Postgres restarted at random moments; then every published
# sample is counted against the database (chaos/src/main.rs). Runs on a Postgres cluster and a
# NATS server of its own (.data/chaos, ports 55435/54225/58225), created fresh each run, so a
# running demo or test cluster is never crashed. CHAOS_* variables override the run's size.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
if [ "${1:-}" = --short ]; then
  : "${CHAOS_SAMPLES:=100000}" "${CHAOS_INGEST_KILLS:=5}" "${CHAOS_NATS_RESTARTS:=1}" "${CHAOS_PG_RESTARTS:=1}" "${CHAOS_RATE:=5000}"
  export CHAOS_SAMPLES CHAOS_INGEST_KILLS CHAOS_NATS_RESTARTS CHAOS_PG_RESTARTS CHAOS_RATE
fi
export DATA_DIR="$ROOT/.data/chaos" PG_PORT="${CHAOS_PG_PORT:-55435}" NATS_PORT="${CHAOS_NATS_PORT:-54225}" \
  NATS_MONITOR_PORT="${CHAOS_NATS_MONITOR_PORT:-58225}" MQTT_PORT="${CHAOS_MQTT_PORT:-51885}"
unset DATABASE_URL NATS_URL
# Leftovers of an interrupted run go first: the stream's messages and the database.
bash scripts/services.sh stop 2>/dev/null
rm -rf "$DATA_DIR/nats" "$DATA_DIR/logs"
trap 'bash scripts/services.sh stop 2>/dev/null' EXIT
bash scripts/services.sh start || exit 1
eval "$(bash scripts/services.sh env)"
psql "${DATABASE_URL%/*}/postgres" -qc "drop database if exists batchline" -c "create database batchline" </dev/null || exit 1
# CHAOS_PREBUILT=1: the binaries are built already (`make test` builds everything once).
if [ "${CHAOS_PREBUILT:-0}" != 1 ]; then
  cargo build --locked --bin batchline --bin batchline-chaos || exit 1
fi
CHAOS_DIR="$DATA_DIR/logs" BATCHLINE_BIN="$ROOT/target/debug/batchline" target/debug/batchline-chaos
