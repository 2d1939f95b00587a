#!/usr/bin/env bash
# Two builds of the site compared on lesson plans, in one run: bench/pair.sh A B [rounds]
# (binaries built with `make build`, e.g. one from `git stash`), the runs alternating A, B,
# A, B, … so that the machine's drift (large on a shared VM) falls on both alike. Each run is
# bench/loadgen's plans (32 connections, PAIR_DURATION, every 2xx checked for its stored
# plan) on a database of its own: a scratch PostgreSQL database on PAIR_PG_URL's server, or
# with PAIR_DB=sqlite a new SQLite file. PAIR_RATE paces the submissions (0: as fast as
# answered). Prints every run, then each build's median plans/s and p99.
#
#   bench/pair.sh /tmp/site-before bin/site 3
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -ge 2 ]] || { echo "usage: bench/pair.sh A B [rounds]" >&2; exit 2; }
A=$(realpath "$1")
B=$(realpath "$2")
ROUNDS=${3:-3}
KIND=${PAIR_DB:-postgres}
RATE=${PAIR_RATE:-0}
DURATION=${PAIR_DURATION:-8s}
PG_URL=${PAIR_PG_URL:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable}
ADDR=127.0.0.1:18255

TMP=$(mktemp -d)
LOADGEN=$TMP/loadgen
LOGS=$TMP
RUNS=$TMP/runs.jsonl
CONNS=32
# shellcheck source=bench/plans-lib.sh
source bench/plans-lib.sh
DB=""
cleanup() {
  [[ -n $SERVER ]] && kill "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null || true
  [[ $DB == postgres* ]] && "$LOADGEN" -pg-admin "$PG_URL" -drop-db "$DB" >/dev/null 2>&1 || true
  rm -rf "$TMP"
}
trap cleanup EXIT
go build -o "$LOADGEN" ./bench/loadgen

# run measures the binary $2, labelled $1, on a database of its own.
run() {
  local label=$1 bin=$2
  if [[ $KIND == sqlite ]]; then
    DB="sqlite:$TMP/$label-$RANDOM.db"
  else
    DB=$("$LOADGEN" -pg-admin "$PG_URL" -create-db bench_pair)
  fi
  bench_builtin "$bin" "$label" "$DB" "$RATE"
  if [[ $KIND != sqlite ]]; then "$LOADGEN" -pg-admin "$PG_URL" -drop-db "$DB" >/dev/null; fi
  DB=""
}

echo "A = $A"
echo "B = $B"
echo "$KIND, paced at $RATE/s (0: as fast as answered), $DURATION a run, $ROUNDS rounds; load average $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$ROUNDS"); do
  run A "$A"
  run B "$B"
done
# Each build's medians, from loadgen's JSON lines.
# shellcheck source=bench/median.sh
source bench/median.sh
# values prints field $2 of build $1's runs, one a line.
values() { grep "^{\"label\":\"$1\"" "$RUNS" | grep -o "\"$2\":[0-9.]*" | cut -d: -f2; }
for label in A B; do
  printf '%s: median of %d runs %.0f plans/s, p99 %.1f ms; %d lost\n' "$label" "$(values "$label" perSecond | wc -l)" \
    "$(median "$(values "$label" perSecond)")" "$(median "$(values "$label" p99ms)")" \
    "$(values "$label" lost | awk '{ s += $1 } END { print s + 0 }')"
done
