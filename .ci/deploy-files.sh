#!/usr/bin/env bash
# The deployment guide (docs/deploy.md) as far as a CI machine can follow it, with the commands taken
# from the guide itself so that they cannot drift from what is tested:
# - step 1: the Node.js install block, run against a local copy of nodejs.org's layout (the archive
#   and its SHASUMS256.txt, made from the pinned Node 24 of .ci/node) instead of the internet, into
#   temporary folders; then again with a tampered archive, which the checksum must stop;
# - step 4: the lines the guide adds to the settings file, read by Node's --env-file as the service
#   and the `confraria` command read them, and a first start of the built server with them;
# - steps 5 and 6: `systemd-analyze verify` for the unit and `caddy validate` for the Caddyfile
#   (Debian's packages are installed when missing; nothing is started).
# Needs dist/ (from `npm run build`) and .ci/node installed (.ci/run does both).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

work=$(mktemp -d)
# (Never `kill 0`: that would signal this whole process group, CI included.)
trap 'if [ -n "${server:-}" ]; then kill "$server" 2>/dev/null || true; fi; rm -rf "$work"' EXIT

install_debian() {
  as_root apt-get update >/dev/null
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" >/dev/null
}

# The body of the first ```sh block after the line starting with $1 in docs/deploy.md.
guide_block() {
  awk -v heading="$1" '
    index($0, heading) == 1 { found = 1; next }
    found && /^```sh$/ { inside = 1; next }
    inside && /^```$/ { exit }
    inside { print }
  ' docs/deploy.md
}

echo "--- deploy guide, step 1: Node.js from a checked archive"
command -v xz >/dev/null || install_debian xz-utils
step1=$(guide_block '## 1. Node.js')
version=$(sed -n 's/^NODE_VERSION=//p' <<<"$step1")
[ "$version" = "v$(.ci/node/node_modules/node24/bin/node --version | tr -d v)" ] || {
  echo "the guide installs Node $version, CI pins $(.ci/node/node_modules/node24/bin/node --version)"
  exit 1
}
# nodejs.org's layout: dist/<version>/node-<version>-linux-x64.tar.xz with bin/node and npm.
site="$work/nodejs.org/dist/$version"
tree="$work/node-$version-linux-x64"
mkdir -p "$site" "$tree/bin" "$tree/lib/node_modules"
cp .ci/node/node_modules/node24/bin/node "$tree/bin/node"
cp -r "$(dirname "$(readlink -f "$(command -v npm)")")/.." "$tree/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$tree/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$tree/bin/npx"
XZ_OPT='-0 -T0' tar -cJf "$site/node-$version-linux-x64.tar.xz" -C "$work" "node-$version-linux-x64"
(cd "$site" && sha256sum "node-$version-linux-x64.tar.xz" >SHASUMS256.txt)
mkdir -p "$work/tmp" "$work/bin"
local_step1() {
  sed -e '/^apt-get /d' \
    -e "s#https://nodejs.org/dist#file://$work/nodejs.org/dist#g" \
    -e "s#^cd /tmp#cd $work/tmp#" \
    -e "s#/opt/node#$work/opt-node#g" \
    -e "s#/usr/local/bin/#$work/bin/#g" <<<"$step1"
}
(export PATH="$work/bin:$PATH" && bash -euo pipefail -c "$(local_step1)")
[ "$("$work/bin/node" --version)" = "$version" ] || { echo "step 1 did not install $version"; exit 1; }
PATH="$work/bin:$PATH" npm --version >/dev/null
echo "tampered" >>"$site/node-$version-linux-x64.tar.xz"
rm -rf "$work/tmp"/* "$work/opt-node"
if (bash -euo pipefail -c "$(local_step1)") >"$work/tampered.log" 2>&1; then
  echo "step 1 installed an archive whose checksum does not match"
  exit 1
fi
grep -q 'FAILED' "$work/tampered.log"

echo "--- deploy guide, step 4: the settings file, read by Node, and a first start with it"
guide_block 'Then add these lines at its end' >"$work/confraria.env"
node --env-file="$work/confraria.env" -e '
  const want = {
    MAIL_FROM: "Confraria Vinhos & Amigos <contato@confraria.com.br>",
    PAYMENT_PROVIDER: "sandbox",
    HOST: "127.0.0.1",
    TRUST_PROXY: "1",
  };
  for (const [name, value] of Object.entries(want))
    if (process.env[name] !== value) throw new Error(`${name}=${process.env[name]} (want ${value})`);
'
# Variables already in the environment win over the file: only the folders and the port move.
mkdir -p "$work/data" "$work/backups"
DATA_DIR="$work/data" BACKUP_DIR="$work/backups" PORT=38921 JOBS=false \
  node --env-file="$work/confraria.env" dist/server/main.js >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do
  if curl -fsS http://127.0.0.1:38921/api/health >"$work/health.json" 2>/dev/null; then break; fi
  sleep 1
done
grep -q '"paymentProvider":"sandbox"' "$work/health.json" || { cat "$work/server.log"; exit 1; }
kill -TERM "$server" && wait "$server"

echo "--- deploy guide, step 5: systemd unit"
command -v systemd-analyze >/dev/null || install_debian systemd
# The unit names /usr/local/bin/node (step 1); here Node lives elsewhere.
sed "s#/usr/local/bin/node#$(command -v node)#" docs/deploy/confraria.service >"$work/confraria.service"
systemd-analyze verify "$work/confraria.service"
sh -n docs/deploy/confraria

echo "--- deploy guide, step 6: Caddyfile"
command -v caddy >/dev/null || install_debian caddy
# The log folder the Caddyfile names exists on a real install (Debian's package creates it).
sed "s#/var/log/caddy/#$work/#" docs/deploy/Caddyfile >"$work/Caddyfile"
caddy validate --adapter caddyfile --config "$work/Caddyfile"
echo "--- deploy files: ok ($ROOT)"
