#!/usr/bin/env bash
# Fails when web/src/generated no longer matches what the server says: regenerates the web's
# copy of the contract (api.d.ts, live.d.ts, enums.ts, live-constants.json, access.json,
# validation.json) into a temporary folder with the very script `npm run contract` runs
# (web/scripts/contract.mjs), and compares; then fails when web/src keeps a literal copy of a
# generated enum or limit (web/scripts/no-copies.mjs).
# Expects a built binary and web/node_modules (for openapi-typescript).
#   BATCHLINE_BIN   the binary (default target/debug/batchline)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '[contract] %s\n' "$*" >&2; }

BIN="${BATCHLINE_BIN:-target/debug/batchline}"
[ -x "$BIN" ] || { log "no binary at $BIN: run 'cargo build --bin batchline' or set BATCHLINE_BIN"; exit 1; }
BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"
[ -x web/node_modules/.bin/openapi-typescript ] || { log "no web/node_modules: run 'cd web && npm ci'"; exit 1; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# The same generation as `cd web && npm run contract`, into $TMP/generated instead.
(cd web && BATCHLINE_BIN="$BIN" node scripts/contract.mjs "$TMP/generated")

if ! diff -r "$TMP/generated" web/src/generated; then
  log 'web/src/generated is stale: run `cd web && npm run contract` and commit'
  exit 1
fi
log 'web/src/generated matches the server'
# …and web/src takes the enums and limits from there instead of keeping a copy.
(cd web && node scripts/no-copies.mjs)
