#!/usr/bin/env bash
# Lesson plans (called by bench/run.sh as its "plans" part, or run alone after make build),
# from a Go load generator (bench/loadgen) on loopback, against bin/site with the rate limit
# off:
#  1. Built-in plans per second and p50/p99 end to end: POST /api/lesson-plans until the plan
#     is stored (the 201 comes after the transaction that stores the request and its plan),
#     requests of every model, length (15-180 min) and subject, on SQLite and on PostgreSQL,
#     as fast as the server answers and paced at 1,000 plans/s (p99 at the budget's rate).
#     Afterwards every 2xx answer's reference is looked up in the database: its plan must be
#     there, whole (none lost). Budget: >= 1,000 plans/s and p99 <= 50 ms.
#  2. With an AI provider (loadgen -fake-ai: an OpenAI-compatible fake on loopback whose first
#     token comes after PLANS_FIRST_TOKEN), the time from submit to the first section on
#     screen: from the start of the POST to the first data-section bytes of the streamed plan
#     page, for PLANS_FIRST_N plans one after another. Budget: the first-token delay + 150 ms.
#
# Ports 18252-18254. PostgreSQL: a scratch database is created on PLANS_PG_URL's server and
# dropped afterwards; without a reachable server that part is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BIN=${BIN:-$ROOT/bin/site}
OUT=${BENCH_OUT:-$ROOT/bench/out}
FIGURES=${BENCH_FIGURES:-$OUT/plans-figures.tsv}
PG_URL=${PLANS_PG_URL:-${FORMS_PG_URL:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable}}
CONNS=${PLANS_CONNS:-32}
DURATION=${PLANS_DURATION:-8s}
FIRST_TOKEN=${PLANS_FIRST_TOKEN:-300ms}
FIRST_N=${PLANS_FIRST_N:-20}
ADDR=127.0.0.1:18252
AI_ADDR=127.0.0.1:18253
BUDGET=">= 1000/s, p99 <= 50 ms"
mkdir -p "$OUT"
[[ -x $BIN ]] || { echo "plans: $BIN missing; run make build" >&2; exit 1; }

TMP=$(mktemp -d)
LOADGEN=$TMP/loadgen
LOGS=$OUT
RUNS=$OUT/plans-runs.jsonl
# shellcheck source=bench/plans-lib.sh
source "$ROOT/bench/plans-lib.sh"
FAKE=""
SCRATCH_DB=""
cleanup() {
  [[ -n $SERVER ]] && kill "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null || true
  [[ -n $FAKE ]] && kill "$FAKE" 2>/dev/null && wait "$FAKE" 2>/dev/null || true
  [[ -n $SCRATCH_DB ]] && "$LOADGEN" -pg-admin "$PG_URL" -drop-db "$SCRATCH_DB" >/dev/null 2>&1 || true
  rm -rf "$TMP"
}
trap cleanup EXIT

go build -o "$LOADGEN" ./bench/loadgen

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
bench_builtin "$BIN" sqlite "sqlite:$TMP/plans.db" 0 -figures "$FIGURES" -budget "$BUDGET"
# The same budget asked another way: p99 while the site makes 1,000 plans/s.
bench_builtin "$BIN" sqlite-paced-1000 "sqlite:$TMP/plans-paced.db" 1000 -figures "$FIGURES" -budget "$BUDGET"

# Each PostgreSQL run has a scratch database of its own; the first one made says whether the
# server is there at all.
if SCRATCH_DB=$("$LOADGEN" -pg-admin "$PG_URL" -create-db bench_plans 2>"$TMP/pg.err"); then
  for run in "postgres 0" "postgres-paced-1000 1000"; do
    [[ -n $SCRATCH_DB ]] || SCRATCH_DB=$("$LOADGEN" -pg-admin "$PG_URL" -create-db bench_plans)
    bench_builtin "$BIN" "${run% *}" "$SCRATCH_DB" "${run#* }" -figures "$FIGURES" -budget "$BUDGET"
    "$LOADGEN" -pg-admin "$PG_URL" -drop-db "$SCRATCH_DB" && SCRATCH_DB=""
  done
else
  SCRATCH_DB=""
  echo "plans: PostgreSQL skipped ($(head -c 200 "$TMP/pg.err"))"
fi

"$LOADGEN" -fake-ai "$AI_ADDR" -first-token "$FIRST_TOKEN" >"$OUT/plans-fake-ai.log" 2>&1 &
FAKE=$!
start_site "$BIN" sqlite-ai "sqlite:$TMP/plans-ai.db" AI_BASE_URL="http://$AI_ADDR/v1" AI_API_KEY=bench-key \
  AI_MODEL=bench-model AI_DAILY_LIMIT=100000
"$LOADGEN" -url "http://$ADDR" -first-section "$FIRST_N" -first-token "$FIRST_TOKEN" -label sqlite \
  -figures "$FIGURES"
stop_site
