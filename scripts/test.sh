#!/usr/bin/env bash
# `make test`: installs what is missing, starts Postgres and NATS (stopping afterwards only what
# it started), then runs every check and test: rustfmt, clippy, Rust unit and integration
# tests, web unit tests, web build, browser end-to-end tests. Ends with `N passed, N failed`.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
started_at=$SECONDS
timings=""
bash scripts/install-deps.sh --browser || exit 1
timings+="install $((SECONDS - started_at))\n"

STARTED_FILE="$(mktemp)"
export STARTED_FILE
cleanup() { bash scripts/services.sh stop-started || true; rm -f "$STARTED_FILE"; }
trap cleanup EXIT
t0=$SECONDS
PG_FAST=1 bash scripts/services.sh start || exit 1
eval "$(bash scripts/services.sh env)"
timings+="services $((SECONDS - t0))\n"

LOG_DIR="$(mktemp -d)"
passed=0 failed=0 status=0

step() { printf '\n==> %s\n' "$*"; }
# Adds the counts of cargo's "test result:" lines / our web runners' "N passed, N failed" lines.
count() {
  local file=$1 p f
  while read -r p f; do passed=$((passed + p)); failed=$((failed + f)); done < <(
    sed -nE 's/^test result: [a-zA-Z]+\. ([0-9]+) passed; ([0-9]+) failed.*/\1 \2/p; s/^([0-9]+) passed, ([0-9]+) failed$/\1 \2/p' "$file")
}
run() { # name, command...
  local name=$1; shift
  step "$name"
  local t0=$SECONDS
  "$@" 2>&1 | tee "$LOG_DIR/$name.log"
  local rc=${PIPESTATUS[0]}
  timings+="$name $((SECONDS - t0))\n"
  count "$LOG_DIR/$name.log"
  if [ "$rc" != 0 ]; then echo "!! $name failed (exit $rc)"; status=1; fi
}

run scripts bash scripts/tests/demo-credentials.test.sh
run fmt cargo fmt --all --check
run clippy cargo clippy --workspace --all-targets --locked -- -D warnings
run cargo-test cargo test --workspace --locked --no-fail-fast
# Ingest killed, NATS and Postgres restarted while the simulator publishes: nothing lost or
# doubled (100,000 samples, 5 kills, 1 restart of each; `make chaos` runs the full size).
run chaos bash scripts/chaos.sh --short
if [ -f web/package.json ]; then
  # The browser tests drive the real binary.
  run build cargo build --bin batchline --locked
  # The api against its own OpenAPI document: generated requests, every answer checked. A fixed
  # seed makes a failure here reproducible; `make fuzz` explores with 1,000 examples and more.
  run schemathesis env ST_SEED="${ST_SEED:-20261123}" bash scripts/schemathesis.sh
  t0=$SECONDS
  (cd web && npm ci --no-audit --no-fund --loglevel=error) || status=1
  timings+="npm-ci $((SECONDS - t0))\n"
  # The web's generated copy of the contract (api and live types, access rules) is current.
  run contract bash scripts/check-contract.sh
  run web-lint bash -c 'cd web && npm run lint'
  run web-unit bash -c 'cd web && npm test'
  run web-build bash -c 'cd web && npm run build'
  run web-e2e bash -c 'cd web && npm run e2e'
fi

echo
echo "time per step (s):"
printf "$timings" | awk '{ printf "  %-14s %5d\n", $1, $2 }'
echo "make test finished in $((SECONDS - started_at)) s"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] || status=1
exit $status
