#!/usr/bin/env bash
# Production install (issue 14): the built product runs from a tree installed with
# `npm ci --omit=dev`, without Vite, tsx's dev tools, Playwright or the test tools. In a fresh copy
# of the commit plus dist/ (from `npm run build`): install without dev dependencies, check that no
# dev tool is there, check the SQLite driver (ADR 025), start with `npm start` (which must not try
# to rebuild), ask /api/health and the landing page, then stop with SIGTERM and expect a clean exit.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

work=$(mktemp -d)
# npm start runs node under npm: on a failure, stop node itself (its pid file) as well as npm.
cleanup() {
  if [ -f "$work/data/server.pid" ]; then kill "$(cat "$work/data/server.pid")" 2>/dev/null || true; fi
  kill "${server:-0}" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

git archive HEAD | tar -x -C "$work"
cp -r "$ROOT/dist" "$work/dist"
cd "$work"
echo "--- production install: npm ci --omit=dev"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
# (typescript itself stays: the @trpc/* packages declare it as a peer dependency, and npm installs peers.)
for tool in vite vitest @playwright/test playwright-core eslint drizzle-kit prettier; do
  if [ -e "node_modules/$tool" ]; then echo "dev tool present in a production install: $tool"; exit 1; fi
done

echo "--- production install: SQLite driver"
node scripts/sqlite-driver-check.mjs

echo "--- production install: npm start"
mkdir -p data
if curl -fsS http://127.0.0.1:38920/api/health >/dev/null 2>&1; then
  echo "port 38920 already answers (a server left from an earlier run?)"
  exit 1
fi
DATA_DIR="$work/data" HOST=127.0.0.1 PORT=38920 npm start >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do
  if curl -fsS http://127.0.0.1:38920/api/health >"$work/health.json" 2>/dev/null; then break; fi
  sleep 1
done
cat "$work/health.json" && echo
grep -q '"status":"ok"' "$work/health.json" || { cat "$work/server.log"; exit 1; }
# Into a file first: `curl | grep -q` fails under pipefail when grep stops reading early (curl: 23).
curl -fsS http://127.0.0.1:38920/ >"$work/landing.html"
grep -q '<html lang="pt-BR">' "$work/landing.html"
if grep -q 'gerando o build' "$work/server.log"; then echo "npm start rebuilt a current build"; exit 1; fi
# npm start runs node under npm: stop the server itself, as systemd would.
pid=$(cat "$work/data/server.pid")
kill -TERM "$pid"
for _ in $(seq 1 15); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
if kill -0 "$pid" 2>/dev/null; then echo "server did not stop within 15 s of SIGTERM"; exit 1; fi
wait "$server" || true
echo "--- production install: ok"
