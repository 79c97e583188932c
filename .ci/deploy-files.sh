#!/usr/bin/env bash
# The deployment guide (docs/deploy.md) pasted as it is: every ```sh block of the guide, in order, as
# text, into bash, the way an owner pastes it into a root shell. What a CI machine cannot be (a
# fresh server, with a domain) is stood in for, around the text rather than in it:
# - the guide's folders (/opt/confraria, /etc/confraria, /var/lib/confraria, …) move into a
#   temporary folder, port 3000 to a free one, the `confraria` user to the one running CI;
# - the release archive: first one that does not exist and one whose checksum does not match (step 3
#   must stop before unpacking, npm or the link), then the archive `npm test` built and checked
#   (release/, made here when missing), whose `npm ci --omit=dev` hands over CI's node_modules (the
#   real install of that archive is .ci/production-install.sh's);
# - `apt-get` installs Debian's package only when its command is missing, `systemctl` starts and
#   stops the built server as the unit says (Node's --env-file, the unit's ExecStart), and
#   `runuser` runs as the CI user;
# - step 1 runs against a local copy of nodejs.org's layout (the archive and its SHASUMS256.txt, made
#   from the pinned Node 24 of .ci/node and the npm its archive ships, npm24), then again with a
#   tampered archive the checksum must stop.
# Every block must be one `( set -euo pipefail … )` (it stops at its first error), and the first
# block that fails, or does not leave what the guide says, fails this script.
# Needs dist/ (from `npm run build`) and .ci/node installed (.ci/run does both).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

work=$(mktemp -d)
# (Never `kill 0`: that would signal this whole process group, CI included.)
stop_server() {
  if [ -f "$work/server.pid" ]; then
    kill "$(cat "$work/server.pid")" 2>/dev/null || true
    rm -f "$work/server.pid"
  fi
}
trap 'stop_server; rm -rf "$work"' EXIT

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

echo "--- deploy guide: every block stops at its first error"
blocks=$(awk '/^```sh$/ { n++ } END { print n }' docs/deploy.md)
for n in $(seq 1 "$blocks"); do
  block=$(awk -v want="$n" '/^```sh$/ { n++; if (n == want) { inside = 1; next } } inside && /^```$/ { exit } inside { print }' docs/deploy.md)
  bash -n -c "$block" || { echo "block $n of docs/deploy.md does not parse"; exit 1; }
  # The settings block (export lines only) is the one exception: nothing in it can fail.
  if grep -qv '^export CONFRARIA_[A-Z]*=' <<<"$block"; then
    first_two=$(head -n 2 <<<"$block" | tr '\n' ' ')
    [ "$first_two" = "( set -euo pipefail " ] || {
      echo "block $n of docs/deploy.md does not start with ( and set -euo pipefail:"
      echo "$block"
      exit 1
    }
  fi
done

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
cp -r .ci/node/node_modules/npm24 "$tree/lib/node_modules/npm"
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
[ "$(PATH="$work/bin:$PATH" npm --version)" = "$(node -p 'require("./.ci/node/node_modules/npm24/package.json").version')" ] ||
  { echo "step 1 did not install the npm of the Node archive"; exit 1; }
echo "tampered" >>"$site/node-$version-linux-x64.tar.xz"
rm -rf "$work/tmp"/* "$work/opt-node"
if (bash -euo pipefail -c "$(local_step1)") >"$work/tampered.log" 2>&1; then
  echo "step 1 installed an archive whose checksum does not match"
  exit 1
fi
grep -q 'FAILED' "$work/tampered.log"

echo "--- deploy guide, the settings of 'Before you start'"
settings=$(guide_block '## Before you start')
eval "$settings"
[ -n "${CONFRARIA_RELEASE:-}" ] && [ -n "${CONFRARIA_DOMAIN:-}" ] && [ -n "${CONFRARIA_EMAIL:-}" ]

# The stand-ins: the guide's folders, port and user, moved; commands a CI machine lacks, wrapped.
port=38921
me=$(id -un)
group=$(id -gn)
stand_in() {
  sed -e "s#/opt/confraria#$work/opt/confraria#g" \
    -e "s#/etc/confraria#$work/etc/confraria#g" \
    -e "s#/var/lib/confraria#$work/var/lib/confraria#g" \
    -e "s#/var/backups/confraria#$work/var/backups/confraria#g" \
    -e "s#/etc/systemd/system#$work/etc/systemd#g" \
    -e "s#/etc/caddy#$work/etc/caddy#g" \
    -e "s#/usr/local/bin/#$work/bin/#g" \
    -e "s#127.0.0.1:3000#127.0.0.1:$port#g" -e "s#^PORT=3000#PORT=$port#" \
    -e "s#-o root -g confraria#-o $me -g $group#g" -e "s#-o confraria -g confraria#-o $me -g $group#g"
}
mkdir -p "$work/stubs" "$work/etc/systemd" "$work/etc/caddy" "$work/bin"
ln -sfn "$(command -v node)" "$work/bin/node"
cat >"$work/stubs/apt-get" <<'STUB'
#!/bin/sh
# Debian's packages the guide names, installed only when the command is missing here.
[ "$1" = install ] || exit 0
shift
for package in "$@"; do
  case $package in -*) continue ;; esac
  command -v "$package" >/dev/null 2>&1 && continue
  if [ "$(id -u)" -eq 0 ]; then
    DEBIAN_FRONTEND=noninteractive /usr/bin/apt-get install -y --no-install-recommends "$package" >/dev/null
  else
    sudo env DEBIAN_FRONTEND=noninteractive /usr/bin/apt-get install -y --no-install-recommends "$package" >/dev/null
  fi
done
STUB
cat >"$work/stubs/systemctl" <<STUB
#!/bin/bash
# The unit's ExecStart (with the guide's paths moved), started and stopped as systemd would.
set -eu
unit=$work/etc/systemd/confraria.service
start() {
  cd $work/opt/confraria/app
  exec_start=\$(sed -n 's/^ExecStart=//p' "\$unit" | sed -e "s#/usr/local/bin/node#$work/bin/node#" -e "s#/etc/confraria#$work/etc/confraria#g")
  JOBS=false \$exec_start >>$work/server.log 2>&1 &
  echo \$! >$work/server.pid
}
stop() {
  [ -f $work/server.pid ] || return 0
  pid=\$(cat $work/server.pid)
  kill "\$pid" 2>/dev/null || true
  for _ in \$(seq 1 150); do kill -0 "\$pid" 2>/dev/null || break; sleep 0.1; done
  rm -f $work/server.pid
}
case "\$*" in
  "enable --now confraria" | "start confraria") start ;;
  "restart confraria") stop; start ;;
  "stop confraria") stop ;;
  daemon-reload | "reload caddy") ;;
  *) echo "systemctl stand-in: unexpected \$*" >&2; exit 1 ;;
esac
STUB
cat >"$work/stubs/systemd-analyze" <<STUB
#!/bin/sh
# The real verify, on a copy naming this machine's node.
sed "s#/usr/local/bin/node#\$(command -v node)#" "\$2" >$work/unit-to-verify.service
exec /usr/bin/systemd-analyze verify $work/unit-to-verify.service
STUB
cat >"$work/stubs/useradd" <<'STUB'
#!/bin/sh
# The service's user is the CI user (see stand_in): no account is added to the CI machine.
exit 0
STUB
cat >"$work/stubs/runuser" <<'STUB'
#!/bin/sh
# `runuser -u USER -- COMMAND…` as the CI user.
shift 3
exec "$@"
STUB
chmod +x "$work/stubs"/*
export PATH="$work/stubs:$work/bin:$PATH"
export CONFRARIA_APP="$work/opt/confraria/app" CONFRARIA_ENV="$work/etc/confraria/confraria.env" \
  CONFRARIA_USER="$me" CONFRARIA_NODE="$(command -v node)"

# One block of the guide, under $1's heading, pasted into bash as text (with the stand-ins).
paste_block() {
  local block
  block=$(guide_block "$1" | stand_in)
  bash -c "$block"
}

echo "--- deploy guide, step 2: the user's folders"
paste_block '## 2. A user and its folders' >"$work/step2.log" 2>&1 || { cat "$work/step2.log"; exit 1; }
for folder in var/lib/confraria var/backups/confraria etc/confraria opt/confraria/releases; do
  [ -d "$work/$folder" ] || { echo "step 2 did not create /$folder"; exit 1; }
done

echo "--- deploy guide, step 3: a release that is not there, or not the published file, stops the block"
step3='## 3. Install a release'
if (CONFRARIA_RELEASE="$work/no-such-release.tar.gz" paste_block "$step3") >"$work/step3-missing.log" 2>&1; then
  echo "step 3 went on without its archive"
  exit 1
fi
grep -q "no-such-release" "$work/step3-missing.log"
release_version=$(node -p "require('./package.json').version")
[ -f "release/confraria-$release_version.tar.gz" ] || npm run --silent release
mkdir -p "$work/altered"
cp "release/confraria-$release_version.tar.gz" "release/confraria-$release_version.tar.gz.sha256" "$work/altered/"
echo "altered" >>"$work/altered/confraria-$release_version.tar.gz"
if (CONFRARIA_RELEASE="$work/altered/confraria-$release_version.tar.gz" paste_block "$step3") >"$work/step3-altered.log" 2>&1; then
  echo "step 3 installed an archive whose checksum does not match"
  exit 1
fi
grep -q 'FAILED' "$work/step3-altered.log"
if [ -e "$work/opt/confraria/app" ] || [ -e "$work/bin/confraria" ] || [ -n "$(ls -A "$work/opt/confraria/releases")" ]; then
  echo "step 3 unpacked, linked or installed something from a missing or altered archive"
  exit 1
fi
if (unset CONFRARIA_RELEASE && paste_block "$step3") >"$work/step3-unset.log" 2>&1; then
  echo "step 3 ran without CONFRARIA_RELEASE"
  exit 1
fi
grep -q 'CONFRARIA_RELEASE: set it first' "$work/step3-unset.log"

echo "--- deploy guide, step 3: the release archive npm test checked"
# The block's npm line: its real run on this archive is .ci/production-install.sh's; here it hands
# over CI's installed packages.
cat >"$work/stubs/npm" <<STUB
#!/bin/sh
case "\$*" in
  "ci --omit=dev --no-audit --no-fund") ln -s "$ROOT/node_modules" node_modules ;;
  *) echo "npm stand-in: unexpected \$*" >&2; exit 1 ;;
esac
STUB
chmod +x "$work/stubs/npm"
(CONFRARIA_RELEASE="$ROOT/release/confraria-$release_version.tar.gz" paste_block "$step3") >"$work/step3.log" 2>&1 ||
  { cat "$work/step3.log"; exit 1; }
grep -q "confraria-$release_version.tar.gz: OK" "$work/step3.log"
[ -f "$work/opt/confraria/app/dist/server/main.js" ] || { echo "step 3 left no app link with a build"; exit 1; }
[ ! -e "$work/opt/confraria/app/src" ] || { echo "step 3 installed sources"; exit 1; }
[ -x "$work/bin/confraria" ] || { echo "step 3 did not install the confraria command"; exit 1; }

echo "--- deploy guide, step 4: the settings file, written by the block"
paste_block '## 4. The settings' >"$work/step4.log" 2>&1 || { cat "$work/step4.log"; exit 1; }
grep -q '^#PORT=' "$work/etc/confraria/confraria.env" || { echo "step 4 did not write env-example's list"; exit 1; }
node --env-file="$work/etc/confraria/confraria.env" -e '
  const want = {
    NODE_ENV: "production",
    MAIL_FROM: "Confraria Vinhos & Amigos <contato@confraria.com.br>",
    PAYMENT_PROVIDER: "sandbox",
    HOST: "127.0.0.1",
    TRUST_PROXY: "1",
    PUBLIC_URL: `https://${process.argv[1]}`,
  };
  for (const [name, value] of Object.entries(want))
    if (process.env[name] !== value) throw new Error(`${name}=${process.env[name]} (want ${value})`);
' "$CONFRARIA_DOMAIN"

echo "--- deploy guide, step 8: the e-mail lines, the password as it is"
# The two lines of "2. **E-mail**", added to the settings file as the owner would, read by Node.
awk '/^2\. \*\*E-mail\*\*/ { found = 1 } found && /^ *```text$/ { inside = 1; next } inside && /^ *```$/ { exit } inside { sub(/^ +/, ""); print }' \
  docs/deploy.md >"$work/smtp-lines"
grep -q '^SMTP_PASSWORD=' "$work/smtp-lines" || { echo "step 8 shows no SMTP_PASSWORD line"; exit 1; }
cat "$work/etc/confraria/confraria.env" "$work/smtp-lines" >"$work/smtp.env"
node --env-file="$work/smtp.env" -e '
  if (process.env.SMTP_PASSWORD !== "a#senha@do:provedor") throw new Error(`SMTP_PASSWORD=${process.env.SMTP_PASSWORD}`);
  if (process.env.SMTP_URL !== "smtp://usuario@smtp.seuprovedor.com.br:587") throw new Error(`SMTP_URL=${process.env.SMTP_URL}`);
'

echo "--- deploy guide, step 5: the service starts, health answers (with the retry), first admin"
command -v systemd-analyze >/dev/null || install_debian systemd
# The block's last line asks the questions: answered here as the owner would type them.
printf 'dona@clube-exemplo.com.br\nDona do Clube\nSafra-de-Malbec-2026!\nSafra-de-Malbec-2026!\n' |
  paste_block '## 5. The service and the first administrator' >"$work/step5.log" 2>&1 ||
  { cat "$work/step5.log" "$work/server.log" 2>/dev/null; exit 1; }
grep -q '"status":"ok"' "$work/step5.log" || { cat "$work/step5.log"; exit 1; }
grep -q '"paymentProvider":"sandbox"' "$work/step5.log"
grep -q 'Admin criado: Dona do Clube <dona@clube-exemplo.com.br>' "$work/step5.log"

echo "--- deploy guide, step 7: a manual backup shows in /api/health at once"
confraria backup >"$work/backup.log"
curl -fsS "http://127.0.0.1:$port/api/health" >"$work/health-after-backup.json"
grep -q '"lastBackupAt":"20' "$work/health-after-backup.json" || { cat "$work/health-after-backup.json"; exit 1; }

echo "--- deploy guide, step 6: Caddyfile for the domain"
command -v caddy >/dev/null || install_debian caddy
# The log folder the Caddyfile names exists on a real install (Debian's package creates it).
as_root mkdir -p /var/log/caddy
paste_block '## 6. HTTPS with Caddy' >"$work/step6.log" 2>&1 || { cat "$work/step6.log"; exit 1; }
grep -q "^$CONFRARIA_DOMAIN {" "$work/etc/caddy/Caddyfile"
grep -q "email $CONFRARIA_EMAIL" "$work/etc/caddy/Caddyfile"

echo "--- deploy guide, step 10: restore the newest snapshot, the service stopped and started again"
paste_block '## 10. Restoring' >"$work/step10.log" 2>&1 || { cat "$work/step10.log"; exit 1; }
grep -q 'Banco de dados restaurado de' "$work/step10.log"
grep -q 'systemctl start confraria' "$work/step10.log"
curl --no-progress-meter --fail --retry 30 --retry-delay 1 --retry-connrefused "http://127.0.0.1:$port/api/health" >/dev/null

echo "--- deploy guide, step 9: upgrade to a new release (the same commit), restart, health"
previous=$(readlink "$work/opt/confraria/app")
sleep 1 # a release folder is named by the second
(CONFRARIA_RELEASE="$ROOT/release/confraria-$release_version.tar.gz" paste_block '## 9. Upgrading') >"$work/step9.log" 2>&1 ||
  { cat "$work/step9.log" "$work/server.log"; exit 1; }
grep -q '"status":"ok"' "$work/step9.log"
[ "$(readlink "$work/opt/confraria/app")" != "$previous" ] || { echo "step 9 did not switch to the new release"; exit 1; }
stop_server
echo "--- deploy files: ok ($ROOT)"
