#!/usr/bin/env bash
# `make test`: installs what is missing, starts Postgres and NATS (stopping afterwards only what
# it started), then runs every check and test: rustfmt, clippy, Rust unit and integration
# tests, the chaos run, schemathesis, the web's contract check, lint, unit tests and build, and
# the browser end-to-end tests. Ends with the time each step took and `N passed, N failed`.
#
# Built once: one `cargo build`, with clippy as the workspace's compiler, makes the test binaries
# and the binaries the other steps run (same features, so nothing is compiled twice). Downloads
# (npm, schemathesis) and the web's lint happen while the compiler works. Then three steps side
# by side, none of which keeps a core busy on its own: the Rust tests (then the chaos run),
# schemathesis (its generator holds one Python thread) and the web's other checks; the browser
# journeys last, beside only the chaos run (which mostly waits), since their waits are the ones
# a loaded machine stretches.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
started_at=$SECONDS
timings=""
bash scripts/install-deps.sh --browser --cluster || exit 1
timings+="install $((SECONDS - started_at)) -\n"

STARTED_FILE="$(mktemp)"
export STARTED_FILE
LOG_DIR="$(mktemp -d)"
declare -A PIDS=() STARTS=() CPUS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null; done
  [ -n "${SQLX_URL:-}" ] && bash scripts/sqlx.sh drop "$SQLX_URL" 2>/dev/null
  bash scripts/services.sh stop-started || true
  rm -f "$STARTED_FILE"
}
trap cleanup EXIT
t0=$SECONDS
PG_FAST=1 bash scripts/services.sh start || exit 1
eval "$(bash scripts/services.sh env)"
timings+="services $((SECONDS - t0)) -\n"

passed=0 failed=0 status=0 failed_steps=""

step() { printf '\n==> %s\n' "$*"; }
# The machine's busy and idle CPU time so far (all cores, in ticks), to say how busy each step kept it.
cpu_now() { awk '/^cpu /{ print $2 + $3 + $4 + $7 + $8 + $9, $5 + $6 }' /proc/stat; }
busy_since() { # "busy idle" at the start → percent of all cores busy since
  local b0 i0 b1 i1
  read -r b0 i0 <<<"$1"; read -r b1 i1 < <(cpu_now)
  echo $(( (b1 - b0) * 100 / ((b1 - b0) + (i1 - i0) + 1) ))
}
# Adds the counts of cargo's "test result:" lines / our web runners' "N passed, N failed" lines.
count() {
  local file=$1 p f
  while read -r p f; do passed=$((passed + p)); failed=$((failed + f)); done < <(
    sed -nE 's/^test result: [a-zA-Z]+\. ([0-9]+) passed; ([0-9]+) failed.*/\1 \2/p; s/^([0-9]+) passed, ([0-9]+) failed$/\1 \2/p' "$file")
}
# The end of a step: its time, its counts, its exit status.
ended() { # name, exit status, seconds, cpu snapshot at its start
  timings+="$1 $3 $(busy_since "$4")\n"
  count "$LOG_DIR/$1.log"
  if [ "$2" != 0 ]; then echo "!! $1 failed (exit $2)"; status=1; failed_steps+=" $1"; fi
}
run() { # name, command... (in the foreground, output as it comes)
  local name=$1; shift
  step "$name"
  local t0=$SECONDS c0
  c0=$(cpu_now)
  "$@" 2>&1 | tee "$LOG_DIR/$name.log"
  ended "$name" "${PIPESTATUS[0]}" $((SECONDS - t0)) "$c0"
}
start() { # name, command... (in the background, in its own process group; output kept for `finish`)
  local name=$1; shift
  STARTS[$name]=$SECONDS
  CPUS[$name]=$(cpu_now)
  setsid "$@" >"$LOG_DIR/$name.log" 2>&1 </dev/null &
  PIDS[$name]=$!
}
finish() { # name: waits for a `start`ed step, then shows its output
  local name=$1 rc
  wait "${PIDS[$name]}"; rc=$?
  unset "PIDS[$name]"
  step "$name"
  cat "$LOG_DIR/$name.log"
  ended "$name" "$rc" $((SECONDS - STARTS[$name])) "${CPUS[$name]}"
}

WEB=0
[ -f web/package.json ] && WEB=1

run scripts bash scripts/tests/demo-credentials.test.sh
run fmt cargo fmt --all --check
# Downloads while the compiler works, and the web's lint (type-aware: its own TypeScript
# program, about 75 core-seconds) as soon as they are in: it needs nothing of the Rust build,
# and the steps after the build are the ones that wait on each other.
[ "$WEB" = 1 ] && start npm-ci+web-lint bash -c 'cd web && npm ci --no-audit --no-fund --loglevel=error && npm run lint'
start schemathesis-install env ST_INSTALL_ONLY=1 bash scripts/schemathesis.sh
# The pinned newer nats-server the Sparkplug B test's broker runs on (decision 107).
start nats-new bash scripts/nats-new.sh
# One build of every target: the test binaries and the binaries the later steps run (batchline,
# batchline-chaos); `cargo test` below compiles nothing more. Clippy runs inside it: clippy-driver
# compiles the workspace's crates with the lints and the arguments of `cargo clippy --
# -D warnings` (CLIPPY_ARGS, as cargo-clippy passes them), so the code is compiled once instead
# of checked once and built again (decision 99).
# In CI (a fresh clone, built once) incremental compilation only costs: its caches are never read.
[ "${CI:-}" = true ] && export CARGO_INCREMENTAL=0
export RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
# sqlx's query macros check every statement of `db` against a scratch database migrated from
# sql/ as they compile, and write what they learned beside; `sqlx` then compares that with the
# committed .sqlx/ (what an offline build reads) and fails when it is stale (decision 100).
SQLX_DIR="$(mktemp -d)"
SQLX_URL="$(bash scripts/sqlx.sh database)" || exit 1
run build+clippy env SQLX_OFFLINE=false DATABASE_URL="$SQLX_URL" SQLX_OFFLINE_DIR="$SQLX_DIR" \
  cargo build --workspace --all-targets --locked
run sqlx bash scripts/sqlx.sh compare "$SQLX_DIR"
bash scripts/sqlx.sh drop "$SQLX_URL"; SQLX_URL=""; rm -rf "$SQLX_DIR"
[ "$WEB" = 1 ] && finish npm-ci+web-lint
finish schemathesis-install
finish nats-new

# The Rust tests, schemathesis and the web's own checks (contract, unit tests, build) side by
# side; the chaos run after the Rust tests. (One `cargo test` for the workspace: `-p api` beside
# `--exclude api` would resolve features per selection and compile much of the graph again.)
#
# Schemathesis: the api against its own OpenAPI document, generated requests, every answer
# checked; a fixed seed makes a failure reproducible, and `make fuzz` explores with 1,000
# examples and more. The chaos run: ingest killed, NATS and Postgres restarted while the
# simulator publishes, nothing lost or doubled (100,000 samples, 5 kills, 1 restart of each;
# `make chaos` runs the full size), on a cluster of its own.
start cargo-test cargo test --workspace --locked --no-fail-fast
start schemathesis env ST_SEED="${ST_SEED:-20261123}" bash scripts/schemathesis.sh
if [ "$WEB" = 1 ]; then
  # The web's generated copy of the contract (api and live types, access rules) is current.
  run contract bash scripts/check-contract.sh
  run web-unit bash -c 'cd web && npm test'
  run web-build bash -c 'cd web && npm run build'
fi
finish cargo-test
# The chaos run (its own cluster and ports) mostly waits on kills and restarts (about a fifth of
# the cores busy), so the browser journeys start beside it instead of after it.
# Then, in the same slot, the short cluster chaos run (scripts/chaos-cluster.sh --short: the
# cluster of `make cluster` in its own folder, ports shifted by 200; two minutes of NATS nodes,
# a stream, an ingest and an api process killed and the primary replaced by its standby, under
# two simulators and 200 live clients; nothing lost or doubled, no client gap). It too mostly
# waits, but its thirteen processes are not free: one after the other, both still end before
# the browser journeys.
start chaos bash -c 'CHAOS_PREBUILT=1 bash scripts/chaos.sh --short; c=$?; CHAOS_PREBUILT=1 bash scripts/chaos-cluster.sh --short || c=1; exit $c'

# The browser journeys drive the real binary and the built web app.
[ "$WEB" = 1 ] && run web-e2e bash -c 'cd web && npm run e2e'
finish chaos
finish schemathesis

echo
echo "time per step (s; steps side by side overlap) and how busy the machine's cores were meanwhile:"
printf "$timings" | awk '{ printf "  %-20s %5d s  %5s\n", $1, $2, ($3 == "-" ? "" : $3 "%") }'
echo "make test finished in $((SECONDS - started_at)) s"
# The failed tests by name (cargo's "test x ... FAILED", vitest's "FAIL file > test"), so the end
# of the output, which is what a CI summary keeps, says what to look at.
if [ "$failed" != 0 ] || [ "$status" != 0 ]; then
  echo "failed:"
  sed -E 's/\x1b\[[0-9;]*m//g' "$LOG_DIR"/*.log 2>/dev/null |
    grep -E '^test .* \.\.\. FAILED$|^ *FAIL ' | sed -E 's/^ */  /' | sort -u | head -40
  # Each failed step's last lines: a step that stopped without naming a test says why here.
  for s in $failed_steps; do
    echo "the end of $s's output:"
    sed -E 's/\x1b\[[0-9;]*m//g' "$LOG_DIR/$s.log" | grep -v '^$' | tail -n 24 | sed 's/^/  | /'
  done
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] || status=1
exit $status
