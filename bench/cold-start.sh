#!/usr/bin/env bash
# Cold `npm ci && npm start` to the first page served, in seconds, on a fresh clone.
#   bash bench/cold-start.sh            (uses port 8099 and a temporary clone)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
port="${PORT:-8099}"
git clone -q "$repo" "$work/app"
cd "$work/app"
start=$(date +%s.%N)
npm ci --no-audit --no-fund >/dev/null 2>&1
installed=$(date +%s.%N)
PORT=$port npm start >"$work/server.log" 2>&1 &
pid=$!
until curl -sf "http://localhost:$port/" -H 'accept: text/html' >/dev/null; do sleep 0.2; done
served=$(date +%s.%N)
kill -- -$pid 2>/dev/null || kill $pid; pkill -f "tsx src/main.ts" 2>/dev/null || true
printf 'npm ci: %.1f s; npm start to first page: %.1f s; total: %.1f s\n' \
  "$(echo "$installed - $start" | bc)" "$(echo "$served - $installed" | bc)" "$(echo "$served - $start" | bc)"
rm -rf "$work"
