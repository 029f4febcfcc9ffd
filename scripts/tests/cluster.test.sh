#!/usr/bin/env bash
# The cluster of `make cluster` (scripts/cluster.sh), started from scratch beside anything else (run by
# hand; `make test` runs the short cluster chaos, scripts/chaos-cluster.sh --short, instead)
# (its own folder, every port shifted by CLUSTER_PORT_SHIFT, 100 by default): haproxy answers
# for both api processes; the PLANT stream is kept by 3 NATS nodes; the simulator's data reaches
# the primary and the standby; reports read the standby; the data keeps coming with an ingest
# process killed and then a NATS node killed (and started again). Stops the cluster at the end.
# Ends with the plain `N passed, N failed` line that scripts/test.sh counts.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export CLUSTER_DIR="${CLUSTER_TEST_DIR:-$(mktemp -d)}" CLUSTER_PORT_SHIFT="${CLUSTER_PORT_SHIFT:-100}"
export CLUSTER_WEB=0 CLUSTER_HISTORY_DAYS=0
S=$CLUSTER_PORT_SHIFT
cleanup() { bash scripts/cluster.sh stop 2>/dev/null; rm -rf "$CLUSTER_DIR"; }
trap cleanup EXIT
passed=0 failed=0
check() { # name, command... (passes when it succeeds)
  if "${@:2}"; then passed=$((passed + 1)); echo "ok   $1"; else failed=$((failed + 1)); echo "FAIL $1"; return 1; fi
}
# Waits up to $1 seconds for the command to succeed.
within() { local end=$((SECONDS + $1)); shift; until "$@"; do [ $SECONDS -ge $end ] && return 1; sleep 0.5; done; }
stored() { psql -h 127.0.0.1 -p "$1" -U batchline -d batchline -qtAX -c "select count(*) from process_sample" </dev/null 2>/dev/null || echo 0; }
# The standby holds more samples than $1.
grows() { [ "$(stored $((55442 + S)))" -gt "$1" ]; }
ready_standby() { curl -fsS "http://127.0.0.1:$((8090 + S))/readyz" 2>/dev/null | grep -q '"reads":"standby"'; }
replicas() { # the PLANT stream's replicas and how many servers hold a current copy, as its
  # leader sees them (the one node whose view does not list the leader among the replicas)
  python3 - $((58231 + S)) $((58232 + S)) $((58233 + S)) <<'PY' 2>/dev/null
import json, sys, urllib.request
for port in sys.argv[1:]:
    try:
        url = f"http://127.0.0.1:{port}/jsz?streams=true&config=true"
        d = json.load(urllib.request.urlopen(url, timeout=2))
    except OSError:
        continue
    for a in d.get("account_details", []):
        for s in a.get("stream_detail", []):
            c = s.get("cluster", {})
            names = [r["name"] for r in c.get("replicas", [])]
            if s["name"] == "PLANT" and c.get("leader") and c["leader"] not in names:
                current = [r for r in c.get("replicas", []) if r.get("current") and not r.get("offline")]
                print(s["config"]["num_replicas"], 1 + len(current))
PY
}
# 3 replicas, all 3 current.
replicated() { [ "$(replicas)" = "3 3" ]; }

if ! bash scripts/cluster.sh start; then
  echo "FAIL the cluster did not start; the end of its logs:"
  tail -n 15 "$CLUSTER_DIR"/logs/*.log
  echo "0 passed, 1 failed"; exit 1
fi
check "haproxy answers for the api" within 30 ready_standby
check "the PLANT stream has 3 replicas on 3 nodes" within 30 replicated
check "the simulator's samples reach the standby" within 60 grows 0
check "the primary has the samples too" test "$(stored $((55432 + S)))" -gt 0
n=$(stored $((55442 + S)))
bash scripts/cluster.sh kill ingest-1
check "samples keep coming with ingest-1 killed" within 30 grows "$n"
bash scripts/cluster.sh start-one ingest-1
n=$(stored $((55442 + S)))
bash scripts/cluster.sh kill nats-1
check "samples keep coming with a NATS node killed" within 60 grows "$n"
bash scripts/cluster.sh start-one nats-1
check "the killed node holds its replica again" within 60 replicated
n=$(stored $((55442 + S)))
check "samples keep coming with all three nodes back" within 60 grows "$n"
bash scripts/cluster.sh status
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
