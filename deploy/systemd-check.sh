#!/usr/bin/env bash
# Runs the README's systemd unit (deploy/helpdesk@.service) under a real systemd: a minimal Debian
# booted with systemd-nspawn, this checkout bind-mounted read-only at /opt/helpdesk (with its
# node_modules and a built web app), two nodes on the host's PostgreSQL and Redis. Inside, a
# one-shot check starts the nodes as the README says, then checks what the unit promises:
#   - each node runs as the helpdesk user and answers /readyz;
#   - a node killed with SIGKILL is started again by systemd (Restart=on-failure);
#   - `systemctl stop` ends a node through its graceful shutdown, well within TimeoutStopSec,
#     with a clean exit (Result=success), not a SIGKILL.
# Not part of `npm test` (it needs root, systemd-nspawn, debootstrap and Debian's mirror); run by
# hand as root on a Debian machine:
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379/13 \
#     deploy/systemd-check.sh
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
root="${CHECK_ROOT:-/var/lib/machines/helpdesk-check}"
out="$(mktemp -d)"
schema="systemd_check_$$"
: "${DATABASE_URL:?the PostgreSQL to run the nodes on}"
: "${REDIS_URL:?the Redis to run the nodes on}"

[ -x "$repo/node_modules/.bin/node" ] || { echo "run npm ci first" >&2; exit 1; }
[ -f "$repo/dist/web/index.html" ] || { echo "run npm run build first" >&2; exit 1; }
if [ ! -x "$root/lib/systemd/systemd" ]; then
  debootstrap --variant=minbase --include=systemd,systemd-sysv,dbus bookworm "$root" \
    http://deb.debian.org/debian
fi

psql "$DATABASE_URL" -qc "create schema $schema"
trap 'PGOPTIONS=--client-min-messages=warning psql "$DATABASE_URL" -qc "drop schema if exists $schema cascade"; rm -rf "$out"' EXIT

# The machine as the README sets it up: the helpdesk user, one environment file, the unit.
chroot "$root" sh -c 'id helpdesk >/dev/null 2>&1 || useradd --system --home /srv/helpdesk helpdesk'
chroot "$root" sh -c 'rm -rf /srv/helpdesk && mkdir -p /srv/helpdesk/data /etc/helpdesk &&
  chown -R helpdesk:helpdesk /srv/helpdesk'
secret() { od -An -tx1 -N32 /dev/urandom | tr -d ' \n'; }
separator=$([[ "$DATABASE_URL" == *\?* ]] && echo "&" || echo "?")
cat > "$root/etc/helpdesk/helpdesk.env" <<EOF
NODE_ENV=production
DATABASE_URL=${DATABASE_URL}${separator}options=-c%20search_path%3D${schema}
REDIS_URL=${REDIS_URL}
REDIS_KEY_PREFIX=${schema}:
DATA_DIR=/srv/helpdesk/data
HOST=127.0.0.1
TRUST_PROXY=true
SESSION_SECRET=$(secret)
CSRF_SECRET=$(secret)
ALTCHA_HMAC_KEY=$(secret)
EOF
chmod 600 "$root/etc/helpdesk/helpdesk.env"
cp "$repo/deploy/helpdesk@.service" "$root/etc/systemd/system/helpdesk@.service"

# The check, run by systemd once the machine is up; it powers the machine off when done.
cat > "$root/usr/local/bin/helpdesk-check" <<'EOF'
#!/bin/sh
log() { echo "$*" >> /check/result; }
ready() {
  /opt/helpdesk/node_modules/.bin/node -e \
    "fetch('http://127.0.0.1:$1/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
}
wait_ready() {
  for _ in $(seq 1 120); do ready "$1" && return 0; sleep 1; done
  return 1
}
main_pid() { systemctl show -p MainPID --value "helpdesk@$1"; }
check() {
  systemctl start helpdesk@3401
  wait_ready 3401 || { log "FAIL 3401 never ready"; return; }
  systemctl start helpdesk@3402
  wait_ready 3402 || { log "FAIL 3402 never ready"; return; }
  log "ok both nodes ready"
  for port in 3401 3402; do
    log "ok $port runs as $(stat -c %U "/proc/$(main_pid "$port")")"
  done
  before=$(main_pid 3401)
  kill -9 "$before"
  sleep 5
  after=$(main_pid 3401)
  if [ "$after" != "0" ] && [ "$after" != "$before" ] && wait_ready 3401; then
    log "ok 3401 restarted after SIGKILL ($before -> $after, restarts $(systemctl show -p NRestarts --value helpdesk@3401))"
  else
    log "FAIL 3401 not restarted after SIGKILL"
  fi
  started=$(date +%s)
  systemctl stop helpdesk@3402
  took=$(( $(date +%s) - started ))
  log "ok 3402 stopped in ${took} s: $(systemctl show -p Result -p ExecMainCode -p ExecMainStatus helpdesk@3402 | tr '\n' ' ')"
  journalctl -b -u helpdesk@3402 -o cat --no-pager | grep -i -m 3 'shut\|signal' | sed 's/^/journal 3402: /' >> /check/result
  ready 3401 && log "ok 3401 still serves"
}
check
log "done"
systemctl poweroff
EOF
chmod 755 "$root/usr/local/bin/helpdesk-check"
cat > "$root/etc/systemd/system/helpdesk-check.service" <<'EOF'
[Unit]
Description=Check the help-desk unit under systemd
After=multi-user.target
[Service]
Type=oneshot
ExecStart=/usr/local/bin/helpdesk-check
[Install]
WantedBy=multi-user.target
EOF
chroot "$root" systemctl enable helpdesk-check.service >/dev/null 2>&1

timeout 300 systemd-nspawn --quiet --register=no --keep-unit -D "$root" --boot \
  --bind-ro="$repo:/opt/helpdesk" --bind="$out:/check" > "$out/console" 2>&1 || true
if [ ! -f "$out/result" ]; then
  echo "the check did not run; the console said:" >&2
  tail -40 "$out/console" >&2
  exit 1
fi
cat "$out/result"
! grep -q '^FAIL' "$out/result" && grep -q '^done' "$out/result"
