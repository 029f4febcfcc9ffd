#!/usr/bin/env bash
# Property-based api tests: Schemathesis generates requests from /api/openapi.json and checks
# every answer (no 5xx, documented status codes and content types, bodies matching the schemas).
# Runs against a throwaway database and its own `batchline api` on a free port; both are removed
# at exit. Expects Postgres (and NATS) from scripts/services.sh and a built binary.
#   ST_MODE=examples (default)  the examples and coverage phases in full (every documented example;
#                               each parameter's boundaries and invalid values: about 18,500
#                               requests) and ST_EXAMPLES (20) random requests per operation
#                               (the fuzzing phase, which costs most of the run's time)
#   ST_MODE=fuzz                the same with 1000 examples (or ST_EXAMPLES) plus the stateful phase
#   BATCHLINE_BIN               the binary (default target/debug/batchline)
#   ST_WORKERS (2), ST_SEED, ST_REPORT_DIR (.data/schemathesis); extra arguments go to `schemathesis run`.
#   ST_INSTALL_ONLY=1           install schemathesis into its virtual environment and stop
# Ends with `schemathesis: N operations, M examples, K failures`; exits non-zero on any failure.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '[schemathesis] %s\n' "$*" >&2; }

ST_VERSION=4.32.5
ST_MODE="${ST_MODE:-examples}"
case "$ST_MODE" in
  examples) PHASES=examples,coverage,fuzzing; EXAMPLES="${ST_EXAMPLES:-20}" ;;
  fuzz) PHASES=examples,coverage,fuzzing,stateful; EXAMPLES="${ST_EXAMPLES:-1000}" ;;
  *) log "ST_MODE must be examples or fuzz, not '$ST_MODE'"; exit 2 ;;
esac
# The machine has two cores, shared with Postgres and the api.
WORKERS="${ST_WORKERS:-2}"
{ [ "$WORKERS" -ge 1 ] && [ "$WORKERS" -le 2 ]; } 2>/dev/null || WORKERS=2
REPORT_DIR="${ST_REPORT_DIR:-$ROOT/.data/schemathesis}"

# 1. Schemathesis in a project-local virtual environment, reused while it holds the pinned version.
VENV="$ROOT/.data/venv-schemathesis"
installed() { "$VENV/bin/python" -m pip show schemathesis 2>/dev/null | sed -n 's/^Version: //p'; }
if [ ! -x "$VENV/bin/schemathesis" ] || [ "$(installed)" != "$ST_VERSION" ]; then
  log "installing schemathesis $ST_VERSION into $VENV"
  mkdir -p "$ROOT/.data"
  python3 -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input "schemathesis==$ST_VERSION"
fi
ST="$VENV/bin/schemathesis"
# ST_INSTALL_ONLY=1: only the install (`make test` runs it while the compiler works).
[ "${ST_INSTALL_ONLY:-0}" = 1 ] && exit 0
BIN="${BATCHLINE_BIN:-target/debug/batchline}"
[ -x "$BIN" ] || { log "no binary at $BIN: run 'cargo build --bin batchline' or set BATCHLINE_BIN"; exit 1; }
BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"

# 2. A fresh database on the shared cluster, a data folder and an api of our own. Everything is
# removed by the trap, whatever happens.
eval "$(bash scripts/services.sh env)"
WORK="$(mktemp -d)"
DB="batchline_st_$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')"
base="${DATABASE_URL%%\?*}"
query="${DATABASE_URL#"$base"}"
MAINT_URL="${base%/*}/postgres$query"
ST_DATABASE_URL="${base%/*}/$DB$query"
API_PID="" ST_PID="" DB_CREATED=0
cleanup() {
  local rc=$?
  set +e # every step runs, whatever the one before did
  trap - INT TERM
  if [ -n "$ST_PID" ]; then kill "$ST_PID" 2>/dev/null; wait "$ST_PID" 2>/dev/null; fi
  if [ -n "$API_PID" ] && kill -0 "$API_PID" 2>/dev/null; then
    # A graceful stop first; SIGKILL when it has not ended within 10 s.
    kill "$API_PID" 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$API_PID" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$API_PID" 2>/dev/null && kill -9 "$API_PID" 2>/dev/null
    wait "$API_PID" 2>/dev/null
  fi
  if [ "$DB_CREATED" = 1 ]; then
    psql "$MAINT_URL" -qX -v ON_ERROR_STOP=1 -c "drop database if exists \"$DB\" with (force)" </dev/null >/dev/null \
      || log "could not drop database $DB"
  fi
  rm -rf "$WORK"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

psql "$MAINT_URL" -qX -v ON_ERROR_STOP=1 -c "create database \"$DB\"" </dev/null >/dev/null
DB_CREATED=1
log "database $DB"

export DATABASE_URL="$ST_DATABASE_URL"
export DATA_DIR="$WORK/data"
export WEB_DIR="$WORK/web"
export SUPERUSER_EMAIL="st-super@batchline.local"
export SUPERUSER_PASSWORD="St-$(head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n')-Aa9!"
# Cloud mode: the on-premise calls answer 400 (they are covered by the Rust tests).
export SYSTEM_TYPE=CLOUD
export HTTP_ADDR=127.0.0.1:0
# The fuzzer exercises the handlers, not the sign-in rate limits (their tests do): a refused call
# waits a second or two before its 429 (decision 92), which cost this run minutes.
export AUTH_RATE_PER_ADDRESS=100000
export AUTH_RATE_GLOBAL=100000
export LOG="${LOG:-warn}"
unset SMTP_URL JWT_SECRET PUBLIC_URL
mkdir -p "$DATA_DIR" "$WEB_DIR"
printf '<!doctype html><title>Batchline</title>\n' >"$WEB_DIR/index.html"

"$BIN" migrate >"$WORK/setup.log" 2>&1 || { cat "$WORK/setup.log" >&2; exit 1; }
"$BIN" seed >>"$WORK/setup.log" 2>&1 || { cat "$WORK/setup.log" >&2; exit 1; }

mkdir -p "$REPORT_DIR"
rm -f "$REPORT_DIR"/{main,logout}.{junit.xml,ndjson} "$REPORT_DIR/api.log"
API_LOG="$REPORT_DIR/api.log"
# The file exists before the api starts: the shell opens a background command's redirections in
# the child, and on a loaded machine the loop below could read before the child ran.
: >"$WORK/api.out"
"$BIN" api >>"$WORK/api.out" 2>"$API_LOG" </dev/null &
API_PID=$!
# Waits for the one line the api prints once it accepts connections.
URL=""
deadline=$((SECONDS + ${ST_START_TIMEOUT:-60}))
while [ -z "$URL" ]; do
  URL="$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$WORK/api.out")"
  [ -n "$URL" ] && break
  kill -0 "$API_PID" 2>/dev/null || { log "the api exited early:"; tail -n 20 "$API_LOG" >&2; exit 1; }
  [ "$SECONDS" -lt "$deadline" ] || { log "the api did not start in time"; tail -n 20 "$API_LOG" >&2; exit 1; }
  sleep 0.1
done
log "api at $URL (pid $API_PID)"

# Signs in as the super user; prints the token.
login() {
  "$VENV/bin/python" - "$URL" <<'PY'
import json, os, sys, urllib.request
body = json.dumps({"email": os.environ["SUPERUSER_EMAIL"], "password": os.environ["SUPERUSER_PASSWORD"]}).encode()
req = urllib.request.Request(sys.argv[1] + "/auth/login", body, {"content-type": "application/json"})
print(json.load(urllib.request.urlopen(req, timeout=30))["token"])
PY
}
TOKEN="$(login)"

# 3. No second account: the calls that could remove the token's account refuse it — deleteuser
# edituser and generatepassword refuse acting on yourself, and nobody changes the `_SUPER` role. Only GET /auth/logout ends the session; it runs last, alone.

# 4. The runs. Each writes a JUnit report and an NDJSON event log (counted below). The two
# suppressed health checks judge the generator, not the api.
CHECKS=not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
# Our own configuration file, so no schemathesis.toml found above the checkout applies, and no
# crash cache (.schemathesis/) is left in the checkout: every run starts from nothing.
printf '[cache]\nenabled = false\n' >"$WORK/schemathesis.toml"
status=0
# Schemathesis runs in the background so a signal reaches the trap at once (bash would wait for a
# foreground child first); the trap then stops it.
st_run() { # name, token, extra arguments...
  local name=$1 token=$2; shift 2
  log "run '$name': phases $PHASES, $EXAMPLES examples per operation, $WORKERS workers"
  SCHEMATHESIS_HOOKS="$ROOT/scripts/schemathesis-hooks.py" "$ST" --config-file "$WORK/schemathesis.toml" run "$URL/api/openapi.json" --url "$URL" \
    --checks "$CHECKS" \
    --phases "$PHASES" \
    --max-examples "$EXAMPLES" \
    --workers "$WORKERS" \
    --header "Authorization: Bearer $token" \
    --request-timeout 30 \
    --generation-database none \
    --suppress-health-check too_slow,filter_too_much \
    --no-color \
    --report junit,ndjson --report-dir "$REPORT_DIR" \
    --report-junit-path "$REPORT_DIR/$name.junit.xml" \
    --report-ndjson-path "$REPORT_DIR/$name.ndjson" \
    ${ST_SEED:+--seed "$ST_SEED"} \
    "$@" </dev/null &
  ST_PID=$!
  wait "$ST_PID" || status=1
  ST_PID=""
}
started_at=$SECONDS
st_run main "$TOKEN" --exclude-path /auth/logout "${@}"
# The logout run gets a token of its own, so the main run's session was never at risk.
LOGOUT_TOKEN="$(login)"
st_run logout "$LOGOUT_TOKEN" --include-path /auth/logout "${@}"
log "finished in $((SECONDS - started_at)) s; reports in $REPORT_DIR"
# The causes of 5xx answers are only in the api's log.
if grep -qE ' (ERROR|WARN) ' "$API_LOG"; then
  log "the api logged $(grep -cE ' (ERROR|WARN) ' "$API_LOG") errors or warnings (in $API_LOG):"
  grep -E ' (ERROR|WARN) ' "$API_LOG" | cut -c1-300 | sort | uniq -c | sort -rn | head -n 10 >&2
fi

# 5. One summary line over both runs, from the NDJSON event logs: the operations selected, the
# test cases generated, and the failures: the unique failures as Schemathesis counts them (one per
# operation, check and message) plus each operation it could not test at all (an error in every
# phase, such as an invalid schema).
"$VENV/bin/python" - "$REPORT_DIR"/main.ndjson "$REPORT_DIR"/logout.ndjson <<'PY'
import json, sys
from collections import defaultdict
ops = examples = 0
failures, outcomes = set(), defaultdict(set)
for path in sys.argv[1:]:
    try:
        lines = open(path).read().splitlines()
    except FileNotFoundError:
        continue
    for line in lines:
        (kind, event), = json.loads(line).items()
        if kind == "LoadingFinished":
            ops += event["statistic"]["operations"]["selected"]
        elif kind == "ScenarioFinished":
            recorder = event.get("recorder", {})
            label = recorder.get("label")
            examples += len(recorder.get("cases", {}))
            outcomes[label].add(event["status"])
            for checks in recorder.get("checks", {}).values():
                for check in checks:
                    if check["status"] == "failure":
                        failure = check.get("failure_info", {}).get("failure", {})
                        # Stateful scenarios are labelled as a whole; the failure names its operation.
                        operation = failure.get("operation") or label
                        failures.add((operation, check["name"], failure.get("title"), failure.get("message")))
untested = [label for label, seen in outcomes.items() if "error" in seen and not seen - {"error", "skip"}]
print(f"schemathesis: {len(failures)} unique failures; {len(untested)} operations not tested (errors)", file=sys.stderr)
print(f"schemathesis: {ops} operations, {examples} examples, {len(failures) + len(untested)} failures")
PY
exit $status
