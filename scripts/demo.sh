#!/usr/bin/env bash
# `make demo`: installs what is missing, starts Postgres and NATS, builds the binary and the
# web app, migrates, seeds, and runs Batchline (api, ingest, stream, simulator) in the foreground (Ctrl-C stops it; the
# services keep running until `make stop`).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/install-deps.sh
bash scripts/services.sh start
eval "$(bash scripts/services.sh env)"
mkdir -p .data

# The demo super user: SUPERUSER_EMAIL / SUPERUSER_PASSWORD from the environment, else the
# ones kept in the file, else a random password generated once per checkout.
CREDS=.data/demo-superuser.env
source scripts/demo-credentials.sh
demo_credentials "$CREDS"

cargo build --bin batchline
if [ -f web/package.json ]; then
  (cd web && { [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error; } && npm run build)
fi
BIN=target/debug/batchline
"$BIN" migrate
"$BIN" seed
# A week of history for the reports (a second run over the same hour adds nothing).
"$BIN" backfill --days "${DEMO_HISTORY_DAYS:-7}" --lines 2
export HTTP_ADDR="${HTTP_ADDR:-127.0.0.1:8080}"
cat <<MSG

  Batchline is starting at http://$HTTP_ADDR  (the simulated feed mill starts at once;
  wall display: http://$HTTP_ADDR/dashboard?kiosk=1)
  Sign in as the super user:  $SUPERUSER_EMAIL  /  $SUPERUSER_PASSWORD
  (kept in $CREDS; mails such as sign-up links land in .data/outbox/)
  Ctrl-C stops Batchline; 'make stop' stops Postgres and NATS.

MSG
# The demo's stream keeps 2 GiB of unread samples (hours of the demo's feed): JetStream refuses
# the product's 16 GiB default on a disk with less than ~22 GB free (docs/deployment.md).
export PLANT_STREAM_MAX_BYTES="${PLANT_STREAM_MAX_BYTES:-$((2 << 30))}"
# The demo planner plans the next day of orders whenever a line's queue runs dry.
export DEMO_PLANNER="${DEMO_PLANNER:-1}"
exec "$BIN" all
