# Batchline. `make demo` runs the whole system locally; `make test` runs every test.
# Both install what is missing and start the local Postgres and NATS (scripts/services.sh).
# `make cluster`: several processes of each service on a NATS cluster, a Postgres primary with a
# hot standby and haproxy, on loopback (scripts/cluster.sh, docs/deployment.md).
.PHONY: cluster cluster-stop chaos-cluster demo test test-timescale services stop status build web bench capacity chaos soak fuzz abuse clean

demo:
	@bash scripts/demo.sh

test:
	@bash scripts/test.sh

# The Rust suite against PostgreSQL with TimescaleDB preloaded (README, "TimescaleDB").
test-timescale:
	@bash scripts/test-timescale.sh

cluster:
	@bash scripts/install-deps.sh --cluster
	cargo build --bin batchline
	@if [ "$${CLUSTER_WEB:-1}" != 0 ] && [ -f web/package.json ]; then cd web && { [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error; } && npm run build; fi
	@bash scripts/cluster.sh start

cluster-stop:
	@bash scripts/cluster.sh stop

# Ten minutes of the cluster under load while NATS nodes, ingest, stream and api processes are
# killed and the Postgres primary is replaced by its standby (scripts/chaos-cluster.sh): prints
# lost and doubled samples, recovery per fault and the live clients' resumption after kills.
chaos-cluster:
	@bash scripts/install-deps.sh --cluster && bash scripts/chaos-cluster.sh

services:
	@bash scripts/install-deps.sh && bash scripts/services.sh start

stop:
	@bash scripts/services.sh stop

status:
	@bash scripts/services.sh status

build:
	cargo build --bin batchline

web:
	cd web && npm ci --no-audit --no-fund && npm run build

# Release build; prints every figure as a ratio against baselines measured in the same run.
bench:
	@bash scripts/install-deps.sh && bash scripts/services.sh start && bash scripts/nats-new.sh >/dev/null
	cargo build --release -p bench --bins && cargo build --release --bin batchline
	@eval "$$(bash scripts/services.sh env)" && target/release/batchline-bench

# The capacity sheet alone (issue 36; also the last part of `make bench`): CPU per stored sample
# in ingest, Postgres and NATS at one and three replicas, per live frame and memory per client
# in stream, report p95 against data size; at four load points each, medians of three rounds.
capacity:
	@bash scripts/install-deps.sh && bash scripts/services.sh start && bash scripts/nats-new.sh >/dev/null
	cargo build --release -p bench --bins && cargo build --release --bin batchline
	@eval "$$(bash scripts/services.sh env)" && BENCH_ONLY=capacity target/release/batchline-bench

# The hostile-input suite in full (issue 30): its tests against the real server (`make test`
# runs them too: poison messages, sign-in under a flood, budgets and timeouts, live socket
# budgets, privileges, headers, edits from an older version, lists past their maximum), then the
# figure of 1,000 concurrent wrong sign-ins for a minute
# against the release build, three rounds: RSS growth, another call's p99 against idle, and the
# real user signing in right after (BENCH_FLOOD_SECONDS, BENCH_RUNS).
abuse:
	@bash scripts/install-deps.sh && bash scripts/services.sh start
	@eval "$$(bash scripts/services.sh env)" && cargo test -p ingest --test it poison -- --nocapture \
		&& cargo test -p stream --test it budgets \
		&& cargo test -p api --test it -- flood:: limits:: stale:: plant::import::a_hostile \
			reports::pcs::pressure_reports users::an_admin_cannot general::every_answer_carries \
			general::each_pool contract::the_public
	cargo build --release -p bench --bins
	@eval "$$(bash scripts/services.sh env)" && BENCH_ONLY=abuse target/release/batchline-bench

# Zero loss under faults: the simulator and ingest as separate processes for 1,000,000 samples
# while ingest is killed 20 times and NATS and Postgres restarted 3 times each (scripts/chaos.sh;
# `make test` runs the short version). Prints lost, doubled and each fault's recovery time.
chaos:
	@bash scripts/install-deps.sh && bash scripts/chaos.sh

# The wall display for weeks: /dashboard?kiosk=1 in Chromium for SOAK_MINUTES (default 60) of
# live data at 100x, heap after GC extrapolated to 24 h (goal <= 5 MB), then a 30-minute outage
# on the page's clock (web/e2e/kiosk-soak.e2e.ts; `make test` runs it for 2 minutes).
soak:
	@bash scripts/install-deps.sh --browser && bash scripts/services.sh start
	cargo build --bin batchline --locked
	cd web && npm ci --no-audit --no-fund --loglevel=error && npm run build
	@eval "$$(bash scripts/services.sh env)" && cd web && SOAK_MINUTES=$${SOAK_MINUTES:-60} npx vitest run --config vitest.e2e.config.ts e2e/kiosk-soak.e2e.ts

# Schemathesis against the api: 1000 generated requests per operation plus the stateful phase
# (scripts/schemathesis.sh; `bash scripts/schemathesis.sh` alone runs make test's pass: the coverage phase in
# full and 20 random requests per operation).
fuzz:
	@bash scripts/install-deps.sh && bash scripts/services.sh start && cargo build --bin batchline && ST_MODE=fuzz bash scripts/schemathesis.sh

clean:
	cargo clean; rm -rf web/dist web/node_modules
