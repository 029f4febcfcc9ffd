# The demo super user's sign-in, sourced by demo.sh: exports SUPERUSER_EMAIL and
# SUPERUSER_PASSWORD. Values set in the environment win (README, "Configuration"); otherwise
# the ones kept in the file from an earlier run; otherwise super@batchline.local with a random
# password (never a default one). The file then holds what is in use, so the printed sign-in
# and the next run agree with the account `batchline` sets up from these variables.
demo_credentials() {
  local file=$1 env_email=${SUPERUSER_EMAIL:-} env_password=${SUPERUSER_PASSWORD:-}
  local file_email='' file_password=''
  if [ -f "$file" ]; then
    file_email=$(sed -n 's/^SUPERUSER_EMAIL=//p' "$file" | tail -n1)
    file_password=$(sed -n 's/^SUPERUSER_PASSWORD=//p' "$file" | tail -n1)
  fi
  SUPERUSER_EMAIL=${env_email:-${file_email:-super@batchline.local}}
  SUPERUSER_PASSWORD=${env_password:-${file_password:-Demo-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')}}
  export SUPERUSER_EMAIL SUPERUSER_PASSWORD
  if [ "$SUPERUSER_EMAIL" != "$file_email" ] || [ "$SUPERUSER_PASSWORD" != "$file_password" ]; then
    (umask 077; printf 'SUPERUSER_EMAIL=%s\nSUPERUSER_PASSWORD=%s\n' "$SUPERUSER_EMAIL" "$SUPERUSER_PASSWORD" >"$file")
  fi
}
