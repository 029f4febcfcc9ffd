#!/usr/bin/env bash
# Tests of scripts/demo-credentials.sh: the environment wins over the kept file, the file over
# a generated password, and the file always holds what the demo uses. Ends with the plain
# `N passed, N failed` line that scripts/test.sh counts.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source scripts/demo-credentials.sh
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
check() { # name, actual, expected
  if [ "$2" = "$3" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $1: got '$2', want '$3'"; fi
}
kept() { sed -n "s/^$1=//p" "$dir/creds"; }

# A first run with nothing set: the default email, a generated password, both kept.
(unset SUPERUSER_EMAIL SUPERUSER_PASSWORD; demo_credentials "$dir/creds"; echo "$SUPERUSER_EMAIL $SUPERUSER_PASSWORD" >"$dir/first")
read -r email password <"$dir/first"
check "default email" "$email" "super@batchline.local"
check "generated password" "${password:0:5}" "Demo-"
check "file keeps the password" "$(kept SUPERUSER_PASSWORD)" "$password"
check "file is private" "$(stat -c %a "$dir/creds")" "600"

# A second run with nothing set reuses the file.
(unset SUPERUSER_EMAIL SUPERUSER_PASSWORD; demo_credentials "$dir/creds"; echo "$SUPERUSER_PASSWORD" >"$dir/second")
check "second run reuses the password" "$(cat "$dir/second")" "$password"

# Set in the environment: they win over the file, and the file follows.
(SUPERUSER_EMAIL=ops@mill.example SUPERUSER_PASSWORD=Pellet-Press-Die-42 demo_credentials "$dir/creds"; echo "$SUPERUSER_EMAIL $SUPERUSER_PASSWORD" >"$dir/third")
check "environment wins" "$(cat "$dir/third")" "ops@mill.example Pellet-Press-Die-42"
check "file follows the email" "$(kept SUPERUSER_EMAIL)" "ops@mill.example"
check "file follows the password" "$(kept SUPERUSER_PASSWORD)" "Pellet-Press-Die-42"

# Only the password set: the kept email stays.
(unset SUPERUSER_EMAIL; SUPERUSER_PASSWORD=Conditioner-Steam-77 demo_credentials "$dir/creds"; echo "$SUPERUSER_EMAIL $SUPERUSER_PASSWORD" >"$dir/fourth")
check "password alone" "$(cat "$dir/fourth")" "ops@mill.example Conditioner-Steam-77"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
