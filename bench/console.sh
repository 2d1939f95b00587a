#!/usr/bin/env bash
# The team's console on a big list (called by bench/run.sh, or run alone): 1,000,000
# newsletter subscribers seeded into SQLite and into a PostgreSQL scratch database, then,
# through the site's own handler with a signed-in session (bench/console), the subscribers
# list's first page (p99 over 200 requests) and the CSV export (rows/s, heap and RSS while
# it streams). Budgets: first page p99 <= 50 ms; export >= 50,000 rows/s with flat memory.
# PostgreSQL: a scratch database is created on CONSOLE_PG_URL's server and dropped
# afterwards; without a reachable server that part is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${BENCH_OUT:-$ROOT/bench/out}
FIGURES=${BENCH_FIGURES:-$OUT/console-figures.tsv}
PG_URL=${CONSOLE_PG_URL:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable}
ROWS=${CONSOLE_ROWS:-1000000}
REQUESTS=${CONSOLE_REQUESTS:-200}
mkdir -p "$OUT"

TMP=$(mktemp -d)
SCRATCH_DB=""
cleanup() {
  [[ -n $SCRATCH_DB ]] && "$TMP/loadgen" -pg-admin "$PG_URL" -drop-db "$SCRATCH_DB" >/dev/null 2>&1 || true
  rm -rf "$TMP"
}
trap cleanup EXIT

go build -o "$TMP/console" ./bench/console
go build -o "$TMP/loadgen" ./bench/loadgen

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
"$TMP/console" -db "sqlite:$TMP/console.db" -rows "$ROWS" -requests "$REQUESTS" -label sqlite -figures "$FIGURES"
rm -f "$TMP"/console.db*

if SCRATCH_DB=$("$TMP/loadgen" -pg-admin "$PG_URL" -create-db bench_console 2>"$TMP/pg.err"); then
  "$TMP/console" -db "$SCRATCH_DB" -rows "$ROWS" -requests "$REQUESTS" -label postgres -figures "$FIGURES"
  "$TMP/loadgen" -pg-admin "$PG_URL" -drop-db "$SCRATCH_DB" && SCRATCH_DB=""
else
  SCRATCH_DB=""
  echo "console: PostgreSQL skipped ($(head -c 200 "$TMP/pg.err"))"
fi
