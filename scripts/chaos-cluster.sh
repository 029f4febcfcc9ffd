#!/usr/bin/env bash
# `make chaos-cluster` (and `--short`): the cluster of scripts/cluster.sh, fresh, in its own
# folder with every port shifted by 200 (so a `make cluster` or a `make test` runs beside it),
# without the demo plant and its simulator; then chaos/src/cluster.rs for CHAOS_SECONDS (600;
# 120 with --short): NATS nodes, ingest, stream and api processes killed, the primary killed and
# its standby promoted, under the load of two simulators and CHAOS_CLIENTS (1,000; 200 with
# --short) live clients. Stops the cluster at the end. CHAOS_* variables override the run.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
if [ "${1:-}" = --short ]; then
  : "${CHAOS_SECONDS:=120}" "${CHAOS_CLIENTS:=200}"
fi
export CHAOS_SECONDS="${CHAOS_SECONDS:-600}" CHAOS_CLIENTS="${CHAOS_CLIENTS:-1000}"
export CLUSTER_DIR="$ROOT/.data/chaos-cluster" CLUSTER_PORT_SHIFT="${CHAOS_CLUSTER_PORT_SHIFT:-200}"
export CLUSTER_WEB=0 CLUSTER_SEED=0 CLUSTER_SIMULATOR=0
bash scripts/cluster.sh stop 2>/dev/null
rm -rf "$CLUSTER_DIR"
trap 'bash scripts/cluster.sh stop 2>/dev/null' EXIT
if [ "${CHAOS_PREBUILT:-0}" != 1 ]; then
  cargo build --locked --bin batchline --bin batchline-chaos || exit 1
fi
if ! bash scripts/cluster.sh start; then
  echo "the cluster did not start; the end of its logs:"
  tail -n 15 "$CLUSTER_DIR"/logs/*.log
  echo "0 passed, 1 failed"; exit 1
fi
eval "$(bash scripts/cluster.sh env)"
CHAOS_DIR="$CLUSTER_DIR/chaos" BATCHLINE_BIN="$ROOT/target/debug/batchline" target/debug/batchline-chaos --cluster
