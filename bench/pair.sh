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
for label in A B; do
  grep "^{\"label\":\"$label\"" "$RUNS" | awk -v l="$label" '
    function field(name,   m) { match($0, "\"" name "\":[0-9.]+"); return substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 3) + 0 }
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      return a[int((n + 1) / 2)]
    }
    { n++; rate[n] = field("perSecond"); p99[n] = field("p99ms"); lost += field("lost") }
    END { printf "%s: median of %d runs %d plans/s, p99 %.1f ms; %d lost\n", l, n, median(rate, n), median(p99, n), lost }'
done
