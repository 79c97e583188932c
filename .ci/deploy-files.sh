#!/usr/bin/env bash
# The deployment guide's files (docs/deploy.md, steps 5 and 6) pass their tools' own checks:
# `systemd-analyze verify` for the unit and `caddy validate` for the Caddyfile (Debian's caddy is
# installed when missing; it is not started).
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

install_debian() {
  as_root apt-get update >/dev/null
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" >/dev/null
}

echo "--- deploy files: systemd unit"
command -v systemd-analyze >/dev/null || install_debian systemd
cp docs/deploy/confraria.service "$work/confraria.service"
systemd-analyze verify "$work/confraria.service"

echo "--- deploy files: Caddyfile"
command -v caddy >/dev/null || install_debian caddy
# The log folder the Caddyfile names exists on a real install (Debian's package creates it).
sed "s#/var/log/caddy/#$work/#" docs/deploy/Caddyfile >"$work/Caddyfile"
caddy validate --adapter caddyfile --config "$work/Caddyfile"
echo "--- deploy files: ok"
