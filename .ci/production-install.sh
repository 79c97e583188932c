#!/usr/bin/env bash
# Production install, as a server does it (docs/deploy.md, steps 3 and 9): the release archive
# (`npm run release`: dist/, the migrations, package.json and its lockfile) unpacked into an empty
# folder and installed with `npm ci --omit=dev` by the npm that ships inside the Node 24 archive
# the guide installs (not this machine's npm: `allowScripts` is npm's to honour), then run. It
# checks that:
# - the archive holds what runs and no sources, tests or tools, and passes its own checksum;
# - the install runs no package's install script (every script npm runs goes through a recording
#   shell: only the project's own preinstall, the Node check, may be there) and compiles nothing
#   (make, cc, c++, python on the path fail loudly and leave a mark), no dev tool is installed, and
#   the SQLite driver that loads is the prebuilt binary of its npm package;
# - the operational commands run from their bundles; `npm start` starts without rebuilding, answers
#   /api/health and a page without an Accept header, and SIGTERM to the npm process, as Docker or
#   systemd would send, leaves no server and the port closed.
# Part of `npm test` (after the browser tests' build); needs .ci/node installed
# (`npm install --prefix .ci/node`, which .ci/run does). Leaves the checked archive in release/.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
started=$SECONDS
# Each part's header with the seconds since the start: the check's cost shows in CI's log.
say() { echo "--- production install ($((SECONDS - started)) s): $*"; }

work=$(mktemp -d)
# On a failure, stop node itself (its pid file) as well as npm.
cleanup() {
  if [ -f "$work/data/server.pid" ]; then kill "$(cat "$work/data/server.pid")" 2>/dev/null || true; fi
  # (Never `kill 0`: that would signal this whole process group, CI included.)
  if [ -n "${server:-}" ]; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# The npm that ships in the Node 24 archive: the last "upgrade npm to X" of that Node's changelog,
# at or below its own version, pinned from the registry in .ci/node (npm24).
node24=$ROOT/.ci/node/node_modules/node24
npm24=$ROOT/.ci/node/node_modules/npm24
[ -f "$npm24/bin/npm-cli.js" ] || { echo "the npm of the Node 24 archive is missing: npm install --prefix .ci/node"; exit 1; }
node_version=$("$node24/bin/node" --version)
shipped=$(awk -v anchor="<a id=\"${node_version#v}\"></a>" '
  $0 == anchor { found = 1 }
  found && match($0, /upgrade npm to [0-9]+\.[0-9]+\.[0-9]+/) { print substr($0, RSTART + 15, RLENGTH - 15); exit }
' "$node24/CHANGELOG.md")
pinned=$(node -p "require('$npm24/package.json').version")
[ -n "$shipped" ] && [ "$shipped" = "$pinned" ] || {
  echo "Node $node_version ships npm ${shipped:-?}; .ci/node pins npm24 at $pinned: change .ci/node/package.json"
  exit 1
}
# Laid out as in the archive: bin/node, lib/node_modules/npm and bin/npm pointing into it.
mkdir -p "$work/node/bin" "$work/node/lib/node_modules" "$work/no-compiler"
ln -s "$node24/bin/node" "$work/node/bin/node"
ln -s "$npm24" "$work/node/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/node/bin/npm"
# Whatever a compilation would call, failing with a mark (npm puts its own node-gyp first on the path).
for tool in make cc gcc c++ g++ python python3 node-gyp; do
  printf '#!/bin/sh\necho "%s $*" >>%s/compiled.log\nexit 1\n' "$tool" "$work" >"$work/no-compiler/$tool"
  chmod +x "$work/no-compiler/$tool"
done
# npm runs every script as `script-shell -c SCRIPT`: this one writes down where and what, then runs it.
printf '#!/bin/sh\nprintf "%%s: %%s\\n" "$PWD" "$2" >>%s/scripts.log\nexec /bin/sh "$@"\n' "$work" >"$work/record-shell"
chmod +x "$work/record-shell"
export PATH="$work/node/bin:$work/no-compiler:$PATH"
[ "$(npm --version)" = "$pinned" ] && [ "$(node --version)" = "$node_version" ]

say "the release archive (npm run release)"
npm run --silent release
version=$(node -p "require('./package.json').version")
archive=release/confraria-$version.tar.gz
(cd release && sha256sum -c "confraria-$version.tar.gz.sha256" >/dev/null)
app=$work/confraria-$version
tar -xzf "$archive" -C "$work" --no-same-owner
for entry in dist/server/main.js dist/client/index.html drizzle package.json package-lock.json docs/deploy/confraria; do
  [ -e "$app/$entry" ] || { echo "the release archive has no $entry"; exit 1; }
done
for entry in src tests e2e node_modules .git vite.config.ts; do
  if [ -e "$app/$entry" ]; then echo "the release archive carries $entry"; exit 1; fi
done
cd "$app"

say "npm ci --omit=dev with the npm of Node $node_version (npm $pinned)"
install_started=$SECONDS
if [ -x /usr/bin/time ]; then
  /usr/bin/time -f '%M' -o "$work/npm-ci.rss" \
    npm ci --omit=dev --no-audit --no-fund --loglevel=error --script-shell="$work/record-shell"
  echo "npm ci --omit=dev: $((SECONDS - install_started)) s, peak $(($(cat "$work/npm-ci.rss") / 1024)) MiB of memory"
else
  npm ci --omit=dev --no-audit --no-fund --loglevel=error --script-shell="$work/record-shell"
fi
if [ -s "$work/compiled.log" ]; then echo "the install tried to compile:"; cat "$work/compiled.log"; exit 1; fi
# The project's own preinstall is the one script: it proves the recording shell saw npm's scripts.
[ "$(cat "$work/scripts.log")" = "$app: node scripts/check-node.cjs" ] || {
  echo "npm ran scripts other than the project's preinstall:"
  cat "$work/scripts.log"
  exit 1
}
# (typescript itself stays: the @trpc/* packages declare it as a peer dependency, and npm installs peers.)
for tool in vite vitest @playwright/test playwright-core eslint drizzle-kit prettier tsx pino-pretty esbuild; do
  if [ -e "node_modules/$tool" ]; then echo "dev tool present in a production install: $tool"; exit 1; fi
done
if [ -d node_modules/better-sqlite3/build ]; then echo "the SQLite driver was compiled at install"; exit 1; fi
loaded=$(node -e '
  new (require("better-sqlite3"))(":memory:").close();
  const maps = require("fs").readFileSync("/proc/self/maps", "utf8");
  console.log([...new Set(maps.match(/\S+better-sqlite3\S+\.node/g))].join(" "));
')
[ "$loaded" = "$app/node_modules/better-sqlite3/prebuilds/linux-x64.node" ] || {
  echo "the SQLite driver loaded is not the prebuilt binary of its package: $loaded"
  exit 1
}

say "SQLite driver"
node scripts/sqlite-driver-check.mjs

say "operational commands from their bundles"
export DATA_DIR="$work/data"
mkdir -p "$DATA_DIR"
npm run --silent env:example >"$work/env.example"
grep -q '^#PORT=' "$work/env.example" || { echo "env:example printed no PORT"; head "$work/env.example"; exit 1; }
npm run --silent admin:create -- --email dona@clube-exemplo.com.br --password 'Safra-de-Malbec-2026!' --name 'Dona do Clube'
npm run --silent backup
npm run --silent jobs:run >/dev/null
# The deployment guide's `confraria` command (runuser needs root, as on a server).
if [ "$(id -u)" -eq 0 ]; then
  printf 'DATA_DIR=%s\nMAIL_FROM="Confraria <contato@confraria.com.br>"\n' "$DATA_DIR" >"$work/confraria.env"
  CONFRARIA_APP="$app" CONFRARIA_ENV="$work/confraria.env" CONFRARIA_USER=root CONFRARIA_NODE="$(command -v node)" \
    sh docs/deploy/confraria backup >"$work/confraria-command.log"
  grep -q 'Backup salvo' "$work/confraria-command.log"
  # The demo never reaches a server: refused under its settings (NODE_ENV=production by default).
  if CONFRARIA_APP="$app" CONFRARIA_ENV="$work/confraria.env" CONFRARIA_USER=root CONFRARIA_NODE="$(command -v node)" \
    sh docs/deploy/confraria seed-demo >"$work/seed-demo.log" 2>&1; then
    echo "confraria seed-demo seeded a server's database"
    exit 1
  fi
  grep -q '^Erro: O clube de demonstração não é gravado com NODE_ENV=production' "$work/seed-demo.log"
fi
if grep -rq 'gerando o build' "$work"/*.log 2>/dev/null; then echo "a command rebuilt a current build"; exit 1; fi

say "npm start"
if curl -fsS http://127.0.0.1:38920/api/health >/dev/null 2>&1; then
  echo "port 38920 already answers (a server left from an earlier run?)"
  exit 1
fi
HOST=127.0.0.1 PORT=38920 npm start >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do
  if curl -fsS http://127.0.0.1:38920/api/health >"$work/health.json" 2>/dev/null; then break; fi
  sleep 1
done
cat "$work/health.json" && echo
grep -q '"status":"ok"' "$work/health.json" || { cat "$work/server.log"; exit 1; }
# Into a file first: `curl | grep -q` fails under pipefail when grep stops reading early (curl: 23).
# No Accept header, as an uptime monitor asks: the page, not a 404.
curl -fsS -H 'Accept:' http://127.0.0.1:38920/login >"$work/login.html"
grep -q '<html lang="pt-BR">' "$work/login.html"
if grep -q 'gerando o build' "$work/server.log"; then echo "npm start rebuilt a current build"; exit 1; fi
node_pid=$(cat "$DATA_DIR/server.pid")
kill -TERM "$server"
for _ in $(seq 1 15); do kill -0 "$node_pid" 2>/dev/null || break; sleep 1; done
if kill -0 "$node_pid" 2>/dev/null; then echo "the server outlived SIGTERM to npm start by 15 s"; exit 1; fi
wait "$server" || true
if curl -fsS http://127.0.0.1:38920/api/health >/dev/null 2>&1; then echo "port 38920 still answers"; exit 1; fi
say "ok"
