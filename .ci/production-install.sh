#!/usr/bin/env bash
# Production install: the built product runs from a tree installed with `npm ci --omit=dev`, without
# Vite, tsx, pino-pretty, Playwright or the test tools, and without compiling anything. In a fresh
# copy of the commit plus dist/ (from `npm run build`): install without dev dependencies, check that
# no dev tool is there and that the SQLite driver loads, run the operational commands from their
# bundles, start with `npm start` (which must not rebuild), ask /api/health and a page without an
# Accept header, then send SIGTERM to the npm process, as Docker or systemd would, and expect the
# server gone and the port closed.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

work=$(mktemp -d)
# On a failure, stop node itself (its pid file) as well as npm.
cleanup() {
  if [ -f "$work/data/server.pid" ]; then kill "$(cat "$work/data/server.pid")" 2>/dev/null || true; fi
  # (Never `kill 0`: that would signal this whole process group, CI included.)
  if [ -n "${server:-}" ]; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

git archive HEAD | tar -x -C "$work"
cp -r "$ROOT/dist" "$work/dist"
cd "$work"
echo "--- production install: npm ci --omit=dev ($(node --version))"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
# (typescript itself stays: the @trpc/* packages declare it as a peer dependency, and npm installs peers.)
for tool in vite vitest @playwright/test playwright-core eslint drizzle-kit prettier tsx pino-pretty; do
  if [ -e "node_modules/$tool" ]; then echo "dev tool present in a production install: $tool"; exit 1; fi
done
if [ -d node_modules/better-sqlite3/build ]; then echo "the SQLite driver was compiled at install"; exit 1; fi

echo "--- production install: SQLite driver"
node scripts/sqlite-driver-check.mjs

echo "--- production install: operational commands from their bundles"
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
  CONFRARIA_APP="$work" CONFRARIA_ENV="$work/confraria.env" CONFRARIA_USER=root CONFRARIA_NODE="$(command -v node)" \
    sh docs/deploy/confraria backup >"$work/confraria-command.log"
  grep -q 'Backup salvo' "$work/confraria-command.log"
  # The demo never reaches a server: refused under its settings (NODE_ENV=production by default).
  if CONFRARIA_APP="$work" CONFRARIA_ENV="$work/confraria.env" CONFRARIA_USER=root CONFRARIA_NODE="$(command -v node)" \
    sh docs/deploy/confraria seed-demo >"$work/seed-demo.log" 2>&1; then
    echo "confraria seed-demo seeded a server's database"
    exit 1
  fi
  grep -q '^Erro: O clube de demonstração não é gravado com NODE_ENV=production' "$work/seed-demo.log"
fi
if grep -rq 'gerando o build' "$work"/*.log 2>/dev/null; then echo "a command rebuilt a current build"; exit 1; fi

echo "--- production install: npm start"
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
echo "--- production install: ok"
