# Sourced by bench/plans.sh and bench/pair.sh: a build of the site started on a database, and
# built-in lesson plans measured against it with bench/loadgen. The caller sets ADDR (where
# the site listens), LOADGEN (a built bench/loadgen), LOGS (a directory for the site's log),
# RUNS (a file that collects loadgen's JSON lines), CONNS and DURATION, and stops SERVER
# when it exits.
SERVER=""

# start_site starts the binary $1, labelled $2, on the database $3, with any further
# VAR=value settings, and waits until it answers.
start_site() {
  local bin=$1 label=$2 db=$3
  shift 3
  env ADDR=$ADDR BASE_URL=http://$ADDR DATABASE_URL="$db" RATE_LIMIT=off LOG_LEVEL=warn "$@" \
    "$bin" >"$LOGS/plans-$label-server.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 300); do curl -fsS -o /dev/null "http://$ADDR/healthz" 2>/dev/null && return 0; sleep 0.1; done
  echo "plans: the site ($label) did not start; see $LOGS/plans-$label-server.log" >&2
  return 1
}
stop_site() { kill -TERM "$SERVER"; wait "$SERVER" || true; SERVER=""; }

# bench_builtin measures the built-in plans of the binary $1, labelled $2, on the database
# $3: as fast as the site answers, or paced at $4 plans/s (latency then counted from when
# each request was due). Further arguments go to loadgen. Every 2xx is checked for its
# stored plan; the run's line is printed and its JSON added to RUNS.
bench_builtin() {
  local bin=$1 label=$2 db=$3 rate=$4
  shift 4
  start_site "$bin" "$label" "$db"
  "$LOADGEN" -url "http://$ADDR" -form plans -c "$CONNS" -rate "$rate" -d "$DURATION" -db "$db" \
    -label "$label" "$@" | tee -a "$RUNS" | grep -v '^{'
  stop_site
}
