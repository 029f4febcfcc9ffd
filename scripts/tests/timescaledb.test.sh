#!/usr/bin/env bash
# The way a plant gets TimescaleDB (decision 72), on a throwaway cluster: with the package
# installed and not yet preloaded, `batchline migrate` succeeds on plain tables and says why;
# once the server preloads it, the next start turns the series into hypertables keeping their
# rows, with compression after seven days and the retention window of RETENTION_DAYS, and
# removes that window again when it is unset. Needs TimescaleDB installed and target/debug/batchline.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source scripts/lib.sh
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)"
port=55434
dir=$(mktemp -d)
as_pg() { if is_root; then runuser -u postgres -- "$@" </dev/null; else "$@" </dev/null; fi; }
is_root && chown postgres "$dir"
pg() { # start [extra options]
  as_pg "$PG_BIN/pg_ctl" -D "$dir/pg" -l "$dir/pg.log" -w -t 60 \
    -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off $*" start >/dev/null \
    || { tail -n 20 "$dir/pg.log"; exit 1; }
}
stop() { as_pg "$PG_BIN/pg_ctl" -D "$dir/pg" -m fast -w stop >/dev/null 2>&1 || true; }
trap 'stop; rm -rf "$dir"' EXIT
url="postgres://batchline@127.0.0.1:$port/plant"
q() { PGOPTIONS='-c client_min_messages=warning' psql "$url" -tAc "$1" </dev/null; }
passed=0 failed=0
check() { # name, actual, expected
  if [ "$2" = "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1: got '$2', want '$3'"; fi
}
migrate() { env "$@" DATABASE_URL="$url" target/debug/batchline migrate 2>&1; }

as_pg "$PG_BIN/initdb" -D "$dir/pg" -U batchline --auth=trust -E UTF8 --no-locale >/dev/null
pg
psql "postgres://batchline@127.0.0.1:$port/postgres" -qc "create database plant" </dev/null

out=$(migrate)
check "installed, not preloaded: migrate succeeds" "$?" "0"
check "it says why the tables stay plain" "$(grep -c 'installed but not preloaded' <<<"$out")" "1"
check "no extension" "$(q "select count(*) from pg_extension where extname = 'timescaledb'")" "0"
q "insert into weighing (id, time, line_id, batch_id, scale_id, material_id, setpoint_kg, actual_kg, deviation_kg,
                         tolerance_kg, in_tolerance, duration_s, inflight_kg)
   select gen_random_uuid(), now() - make_interval(hours => g * 12), 'L1', 'B' || g, 'S1', 'CORN', 100, 100.5, 0.5, 1, true, 20, 0
   from generate_series(1, 20) g" >/dev/null

stop; pg -c shared_preload_libraries=timescaledb -c timescaledb.telemetry_level=off
out=$(migrate RETENTION_DAYS=30)
check "preloaded: migrate succeeds" "$?" "0"
check "it says the series are hypertables" "$(grep -c 'are hypertables' <<<"$out")" "1"
check "nine hypertables" "$(q "select count(*) from timescaledb_information.hypertables")" "9"
check "every row kept" "$(q "select count(*) from weighing")" "20"
check "rows moved into chunks" "$(q "select count(*) > 5 from show_chunks('weighing')")" "t"
check "compression after 7 days" "$(q "select count(*) from timescaledb_information.jobs where proc_name = 'policy_compression' and config->>'compress_after' = '7 days'")" "9"
check "retention of RETENTION_DAYS" "$(q "select count(*) from timescaledb_information.jobs where proc_name = 'policy_retention' and config->>'drop_after' = '30 days'")" "9"
check "compressed chunks read back" "$(q "select count(compress_chunk(c, if_not_compressed => true)) >= 0 from show_chunks('weighing', older_than => interval '7 days') c"; q "select round(sum(actual_kg)::numeric, 1) from weighing")" "$(printf 't\n2010.0')"

out=$(migrate)
check "unset RETENTION_DAYS removes the window" "$(q "select count(*) from timescaledb_information.jobs where proc_name = 'policy_retention'")" "0"
out=$(migrate RETENTION_DAYS=0)
check "a bad RETENTION_DAYS stops the start" "$(grep -q 'RETENTION_DAYS must be a number of days' <<<"$out" && echo stopped)" "stopped"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
