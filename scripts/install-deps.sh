#!/usr/bin/env bash
# Installs the Debian packages the project needs when they are missing: postgresql and
# nats-server always, chromium and poppler-utils with --browser (tests), haproxy with --cluster. As a normal user it prints the command.
set -euo pipefail
want=()
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1; }
[ -n "$(pg_bin)" ] && [ -x "$(pg_bin)/initdb" ] || want+=(postgresql)
command -v nats-server >/dev/null || want+=(nats-server)
for flag in "$@"; do case "$flag" in --browser) BROWSER=1 ;; --cluster) CLUSTER=1 ;; esac; done
# haproxy (Debian's) in front of the cluster's api and stream processes (`make cluster`).
[ "${CLUSTER:-0}" = 1 ] && ! command -v haproxy >/dev/null && want+=(haproxy)
if [ "${BROWSER:-0}" = 1 ]; then
  [ -x /usr/bin/chromium ] || want+=(chromium)
  # pdftotext reads the generated PDFs back in the tests.
  command -v pdftotext >/dev/null || want+=(poppler-utils)
fi
[ ${#want[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "[deps] installing ${want[*]} from Debian's packages" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq </dev/null
  apt-get install -y -qq --no-install-recommends "${want[@]}" </dev/null >/dev/null
else
  echo "[deps] missing: ${want[*]}. Run as root:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${want[*]}" >&2
  exit 1
fi
