#!/usr/bin/env bash
# The offline query data in .sqlx/: what sqlx's query macros (`query!`, `query_as!`,
# `query_scalar!`) learned of each statement in `db` from a database migrated from sql/, so that
# a build needs no database (.cargo/config.toml sets SQLX_OFFLINE=true). Decision 100.
#
#   scripts/sqlx.sh prepare        regenerates .sqlx/ (after a statement or a migration changed)
#   scripts/sqlx.sh database       creates a scratch database migrated from sql/; prints its URL
#   scripts/sqlx.sh drop URL       drops that database
#   scripts/sqlx.sh compare DIR    fails when the files a build wrote to DIR (SQLX_OFFLINE_DIR of
#                                  an online build) differ from .sqlx/: the data is stale
#
# `make test` builds online against a scratch database (every statement checked against the
# schema of sql/ as the build compiles it) and compares what it learned with .sqlx/.
# Expects Postgres from scripts/services.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '[sqlx] %s\n' "$*" >&2; }

maintenance_url() {
  eval "$(bash scripts/services.sh env)"
  local base="${DATABASE_URL%%\?*}"
  echo "${base%/*}/postgres${DATABASE_URL#"$base"}"
}

# A fresh database with every migration of sql/ applied in order, each in its own transaction
# as sqlx applies them. The production migration gets the guard db/src/timescale.rs gives it at
# run time (installed *and* preloaded), so a machine with TimescaleDB installed but not preloaded
# migrates as the server does.
database() {
  local maint db base
  maint="$(maintenance_url)"
  db="batchline_sqlx_$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  psql "$maint" -qX -v ON_ERROR_STOP=1 -c "create database \"$db\"" </dev/null >/dev/null
  base="${maint%%\?*}"
  local url="${base%/*}/$db${maint#"$base"}"
  local landed="exists (select 1 from pg_available_extensions where name = 'timescaledb')"
  local loadable="$landed and 'timescaledb' = any (string_to_array(replace(current_setting('shared_preload_libraries'), ' ', ''), ','))"
  for f in sql/*.sql; do
    if ! LANDED="$landed" LOADABLE="$loadable" python3 -c '
import os, sys
print(open(sys.argv[1]).read().replace(os.environ["LANDED"], os.environ["LOADABLE"]))' "$f" |
      psql "$url" -qX -1 -v ON_ERROR_STOP=1 -f - >/dev/null; then
      log "migration $f failed"
      psql "$maint" -qX -c "drop database if exists \"$db\" with (force)" </dev/null >/dev/null || true
      exit 1
    fi
  done
  echo "$url"
}

drop() {
  local url=$1 maint
  maint="$(maintenance_url)"
  psql "$maint" -qX -v ON_ERROR_STOP=1 -c "drop database if exists \"${url##*/}\" with (force)" </dev/null >/dev/null
}

compare() {
  local dir=$1 changed=0 missing=0 unused=0 f name
  if [ -z "$(ls -A "$dir" 2>/dev/null)" ]; then
    # A warm build that did not compile `db` describes nothing; a fresh clone always does.
    if [ "${CI:-}" = true ]; then
      log "the build described no statement: was db compiled online (SQLX_OFFLINE=false, DATABASE_URL)?"
      exit 1
    fi
    log "db was not compiled in this build: nothing to compare"
    return 0
  fi
  for f in "$dir"/query-*.json; do
    name="${f##*/}"
    if [ ! -f ".sqlx/$name" ]; then
      missing=$((missing + 1)); log "new statement: $name"
    elif ! cmp -s "$f" ".sqlx/$name"; then
      changed=$((changed + 1)); log "changed: $name"
    fi
  done
  for f in .sqlx/query-*.json; do
    [ -e "$f" ] || continue
    [ -f "$dir/${f##*/}" ] || { unused=$((unused + 1)); log "no longer in the code: ${f##*/}"; }
  done
  if [ $((changed + missing + unused)) -gt 0 ]; then
    log ".sqlx/ is stale ($changed changed, $missing new, $unused no longer used): run 'bash scripts/sqlx.sh prepare' and commit .sqlx/"
    exit 1
  fi
  log ".sqlx/ matches the schema: $(ls "$dir" | wc -l) statements checked against sql/"
}

PREP_URL="" PREP_DIR=""
prepare() {
  PREP_URL="$(database)"
  PREP_DIR="$(mktemp -d)"
  trap 'drop "$PREP_URL"; rm -rf "$PREP_DIR"' EXIT
  local url=$PREP_URL dir=$PREP_DIR
  # Every statement lives in `db`; touching it makes cargo compile it, so each macro runs again.
  touch db/src/lib.rs
  SQLX_OFFLINE=false DATABASE_URL="$url" SQLX_OFFLINE_DIR="$dir" cargo check -p db --all-targets --locked
  mkdir -p .sqlx
  rm -f .sqlx/query-*.json
  cp "$dir"/query-*.json .sqlx/ 2>/dev/null || true
  log "wrote $(ls .sqlx | wc -l) statements to .sqlx/"
}

case "${1:-}" in
  prepare) prepare ;;
  database) database ;;
  drop) drop "${2:?usage: $0 drop URL}" ;;
  compare) compare "${2:?usage: $0 compare DIR}" ;;
  *) echo "usage: $0 prepare|database|drop URL|compare DIR" >&2; exit 2 ;;
esac
