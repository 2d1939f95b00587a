#!/usr/bin/env bash
# make bench: figures, never pass/fail. Run after `make build` (make bench does it first).
#  1. Landing-page weight: HTML, CSS, first-load JS, images, fonts — raw, gzip, as sent.
#  2. Lighthouse 12, mobile preset, median of 3 runs, for every path in LIGHTHOUSE_PATHS, each
#     beside its no-JS twin (bench/twin.mjs: the same page with every script and module preload
#     removed), with the LCP ratio.
#  3. wrk, same load, against the Go binary and against nginx serving the same files and
#     headers: requests/s, p50/p99 latency and server CPU per request for / and one hashed
#     asset, median of WRK_ROUNDS alternating rounds, and the Go/nginx ratio.
#  4. Hooks: bench/forms.sh (form submissions per second), if present.
#  5. bench/plans.sh: built-in lesson plans per second and p50/p99 from submit to stored plan
#     (SQLite and PostgreSQL, none lost), and with a fake AI provider the time from submit to
#     the first section on screen.
#  6. The console on 1,000,000 subscribers (bench/console.sh): list first page p99, CSV export
#     rows/s and memory, on SQLite and PostgreSQL.
# BENCH_ONLY="lighthouse" (any of: weight lighthouse wrk forms plans console) runs only those
# parts.
# Everything runs on loopback, ports 18180–18199. Details go to bench/out/.
# Needs: bin/site and web/build/client (make build), bench/nginx.conf, Debian's chromium,
# wrk and nginx-light (installed here if missing), Lighthouse (bench/package.json).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/bench/out
BIN=${BIN:-$ROOT/bin/site}
CLIENT=${CLIENT:-$ROOT/web/build/client}

# Lighthouse URL list: every kind of public page. The longest post (the heaviest article page:
# tables, a table of contents) and the largest tag page are picked from the build; the 404
# page is what an unknown path gets (status 404).
largest() { (cd "$CLIENT" && ls -S "$@" | head -n1 | sed 's|/index.html$||; s|^|/|'); }
LONGEST_POST=$(cd "$CLIENT" && largest $(ls -d blog/*/index.html | grep -vE '^blog/(tag|page)/'))
TAG_PAGE=$(cd "$CLIENT" && largest blog/tag/*/index.html)
LIGHTHOUSE_PATHS=(/ /blog "$LONGEST_POST" "$TAG_PAGE" /lesson-plan /contact /privacy /submission-success
  /no-such-page)
LIGHTHOUSE_RUNS=${LIGHTHOUSE_RUNS:-3}

# One wrk load for both servers: 2 threads, 64 connections, 5 s, gzip accepted (Debian's
# nginx has no brotli module, so both send the same gzip bytes). WRK_ROUNDS rounds, the
# servers' order alternating, and the median of each figure: on a shared machine a single
# run measures the neighbours as much as the server.
WRK_ARGS=(-t2 -c64 -d5s --latency -H "Accept-Encoding: gzip")
WRK_WARMUP=(-t2 -c64 -d1s -H "Accept-Encoding: gzip")
WRK_ROUNDS=${WRK_ROUNDS:-3}

rm -rf "$OUT" && mkdir -p "$OUT"
FIGURES=$OUT/figures.tsv
printf 'figure\tvalue\tbudget\n' >"$FIGURES"
export BENCH_FIGURES=$FIGURES BENCH_OUT=$OUT
BENCH_ONLY=${BENCH_ONLY:-weight lighthouse wrk forms plans console}
part() { [[ " $BENCH_ONLY " == *" $1 "* ]]; }

[[ -x $BIN ]] || { echo "bench: $BIN missing; run make build" >&2; exit 1; }
[[ -f $CLIENT/index.html ]] || { echo "bench: $CLIENT missing; run make build" >&2; exit 1; }

need_apt=()
command -v wrk >/dev/null || need_apt+=(wrk)
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || need_apt+=(nginx-light)
if ((${#need_apt[@]})); then
  echo "== installing ${need_apt[*]} (Debian)"
  sudo=""; [[ $(id -u) -eq 0 ]] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
[[ -x /usr/bin/chromium ]] || bash scripts/install-chromium.sh
if [[ ! -d bench/node_modules/lighthouse ]]; then
  echo "== installing Lighthouse (bench/package.json)"
  (cd bench && npm ci --no-audit --no-fund --loglevel=error)
fi

free_port() {
  local p
  for p in $(seq "$1" 18199); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  echo "bench: no free port from $1" >&2; return 1
}
wait_http() {
  for _ in $(seq 100); do curl -fsS -o /dev/null "$1" 2>/dev/null && return 0; sleep 0.1; done
  echo "bench: $1 did not answer" >&2; return 1
}

TMP=$(mktemp -d /tmp/teachpilot-bench.XXXXXX)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  if [[ -n ${NGINX_STARTED:-} ]]; then "$NGINX" -p "$NGP" -c "$NGP/nginx.conf" -s stop 2>/dev/null || true; fi
  wait 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT

# The Go binary as deployed (default log level: it logs requests as nginx writes its
# buffered access log), serving everything from memory.
GO_PORT=$(free_port 18180)
ADDR=127.0.0.1:$GO_PORT BASE_URL=http://127.0.0.1:$GO_PORT DATABASE_URL=sqlite:$TMP/bench.db \
  RATE_LIMIT=off "$BIN" 2>"$OUT/site.log" &
PIDS+=($!)
GO=http://127.0.0.1:$GO_PORT
wait_http "$GO/healthz"

if part weight; then
  echo "== 1. Landing page weight ($GO/)"
  node bench/weight.mjs "$GO/" | tee "$OUT/weight.txt"
fi

if part lighthouse; then
  # A real plan page (/submission-success/TP-…, rendered by the server) joins the list.
  PLAN_PAGE=$(curl -fsS -H 'Content-Type: application/json' -H 'Accept: application/json' \
    -d '{"email":"lighthouse@example.org","subject":"science","grade":"10","topic":"Photosynthesis and cellular respiration","duration":50,"instructionalModel":"5e","differentiation":["english-learners"]}' \
    "$GO/api/lesson-plans" | sed -n 's/.*"planUrl": *"\(\/[^"]*\)".*/\1/p' || true)
  [[ -n $PLAN_PAGE ]] && LIGHTHOUSE_PATHS+=("$PLAN_PAGE")
  echo
  echo "== 2. Lighthouse 12, mobile preset, median of $LIGHTHOUSE_RUNS, page and no-JS twin (${LIGHTHOUSE_PATHS[*]})"
  # Both columns go through bench/twin.mjs (one process, two ports), so both pay the same
  # loopback hop and get the Go binary's own headers and bytes; only the twin's HTML differs.
  REAL_PORT=$(free_port $((GO_PORT + 1)))
  TWIN_PORT=$(free_port $((REAL_PORT + 1)))
  node bench/twin.mjs "$GO" "$REAL_PORT" "$TWIN_PORT" >"$OUT/twin.log" 2>&1 &
  PIDS+=($!)
  wait_http "http://127.0.0.1:$REAL_PORT/healthz"
  wait_http "http://127.0.0.1:$TWIN_PORT/healthz"
  for p in "${LIGHTHOUSE_PATHS[@]}"; do # the twin keeps each page once compressed
    for enc in br gzip; do curl -sS -o /dev/null -H "Accept-Encoding: $enc" "http://127.0.0.1:$TWIN_PORT$p"; done
  done
  urls=(); for p in "${LIGHTHOUSE_PATHS[@]}"; do urls+=("http://127.0.0.1:$REAL_PORT$p"); done
  CHROME_PATH=/usr/bin/chromium LIGHTHOUSE_RUNS=$LIGHTHOUSE_RUNS LIGHTHOUSE_TWIN=http://127.0.0.1:$TWIN_PORT \
    node bench/lighthouse.mjs "${urls[@]}" | tee "$OUT/lighthouse.txt"
fi

if part wrk; then
echo
echo "== 3. Throughput: Go binary vs nginx, same files, same load (wrk ${WRK_ARGS[*]})"
# nginx with bench/nginx.conf: a prefix directory holding the build as ./client, logs/ and
# tmp/. The build already has a .gz (and .br) beside every compressible file that shrinks
# (web/scripts/precompress.ts): nginx's gzip_static sends the very bytes the Go binary
# embeds and sends. Only its listen port is changed here.
[[ -f bench/nginx.conf ]] || { echo "bench: bench/nginx.conf missing" >&2; exit 1; }
[[ -f $CLIENT/index.html.gz ]] || { echo "bench: $CLIENT has no pre-compressed files; run make build" >&2; exit 1; }
NGP=$TMP/nginx
mkdir -p "$NGP/logs" "$NGP/tmp"
cp -r "$CLIENT" "$NGP/client"
# Each page's CSP exactly as the Go binary sends it, keyed by the file nginx serves
# ("/blog/index.html" for /blog), so both send the same headers (nginx.conf: map $csp).
(cd "$CLIENT" && find . -name index.html | sort) | while read -r f; do
  f=${f#.}; page=${f%/index.html}
  csp=$(curl -sS -o /dev/null -D - "$GO${page:-/}" | tr -d '\r' | sed -n 's/^content-security-policy: //Ip')
  printf '"%s" "%s";\n' "$f" "$csp"
  # try_files finds the landing page as "//index.html".
  if [[ $f == /index.html ]]; then printf '"//index.html" "%s";\n' "$csp"; fi
done >"$NGP/csp-pages.map"
chmod -R a+rX "$TMP"
NGINX_PORT=$(free_port $((GO_PORT + 1)))
sed -E "s/listen 127\.0\.0\.1:[0-9]+/listen 127.0.0.1:$NGINX_PORT/" bench/nginx.conf >"$NGP/nginx.conf"
"$NGINX" -p "$NGP" -c "$NGP/nginx.conf" 2>"$OUT/nginx.log" # daemonises (daemon on), pid in $NGP
NGINX_STARTED=1
NG=http://127.0.0.1:$NGINX_PORT
wait_http "$NG/"

# One hashed asset: the landing page's stylesheet.
ASSET=$(curl -fsS "$GO/" | grep -oE '/assets/[^"]+\.css' | head -n1)
[[ -n $ASSET ]] || ASSET=$(curl -fsS "$GO/" | grep -oE '/assets/[^"]+\.js' | head -n1)

# to_ms turns wrk's "1.23ms" / "850.00us" / "1.02s" into milliseconds.
to_ms() { awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000; printf "%.2f", n }'; }
# shellcheck source=bench/median.sh
source "$ROOT/bench/median.sh"
# cpu_ticks: the CPU time (user + system, clock ticks) the given processes have used.
cpu_ticks() { local t=0 p; for p in "$@"; do t=$((t + $(awk '{ print $14 + $15 }' "/proc/$p/stat"))); done; echo "$t"; }
TICK=$(getconf CLK_TCK)
GO_PID=${PIDS[0]}
NGINX_PIDS=($(pgrep -P "$(cat "$NGP/nginx.pid")")) # the workers
declare -A URL=([Go]=$GO [nginx]=$NG) RPS P50 P99 CPU
for path in / "$ASSET"; do
  for name in Go nginx; do
    # Same bytes both ways? (a sanity line, not a test)
    size=$(curl -fsS -H 'Accept-Encoding: gzip' -o /dev/null -w '%{size_download} %{http_code}' "${URL[$name]}$path")
    echo "  $name $path: $size (bytes, status)"
    wrk "${WRK_WARMUP[@]}" "${URL[$name]}$path" >/dev/null
  done
done
for round in $(seq "$WRK_ROUNDS"); do
  order=(Go nginx); ((round % 2)) || order=(nginx Go)
  for path in / "$ASSET"; do
    for name in "${order[@]}"; do
      pids=("$GO_PID"); [[ $name == nginx ]] && pids=("${NGINX_PIDS[@]}")
      log=$OUT/wrk-$round-$name-$(echo "$path" | tr '/.' '__').txt
      c0=$(cpu_ticks "${pids[@]}")
      wrk "${WRK_ARGS[@]}" "${URL[$name]}$path" >"$log"
      c1=$(cpu_ticks "${pids[@]}")
      rps=$(awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$log")
      reqs=$(awk '/ requests in / { print $1 }' "$log")
      cpu=$(awk -v t=$((c1 - c0)) -v n="$reqs" -v hz="$TICK" 'BEGIN { printf "%.1f", (n > 0 ? t / hz * 1e6 / n : 0) }')
      p50=$(to_ms "$(awk '$1 == "50%" { print $2 }' "$log")")
      p99=$(to_ms "$(awk '$1 == "99%" { print $2 }' "$log")")
      RPS[$name$path]+="$rps "; P50[$name$path]+="$p50 "; P99[$name$path]+="$p99 "; CPU[$name$path]+="$cpu "
      errs=$(grep -E 'Non-2xx|Socket errors' "$log" | tr -s ' ' | tr '\n' ' ' || true)
      printf '  round %s  %-6s %-36s %8s req/s  p50 %7s ms  p99 %7s ms  server CPU %6s us/request %s\n' \
        "$round" "$name" "$path" "$rps" "$p50" "$p99" "$cpu" "$errs"
    done
  done
done
for path in / "$ASSET"; do
  g=$(median "${RPS[Go$path]}"); n=$(median "${RPS[nginx$path]}")
  ratio=$(awk -v g="$g" -v n="$n" 'BEGIN { printf "%.2f", (n > 0 ? g / n : 0) }')
  printf 'wrk %s: Go / nginx requests/s (median of %s)\t%s / %s = %sx\t>= 0.8x\n' "$path" "$WRK_ROUNDS" "$g" "$n" "$ratio" >>"$FIGURES"
  printf 'wrk %s: p50 latency Go / nginx\t%s / %s ms\t\n' "$path" "$(median "${P50[Go$path]}")" "$(median "${P50[nginx$path]}")" >>"$FIGURES"
  printf 'wrk %s: p99 latency Go / nginx\t%s / %s ms\t\n' "$path" "$(median "${P99[Go$path]}")" "$(median "${P99[nginx$path]}")" >>"$FIGURES"
  printf 'wrk %s: server CPU per request Go / nginx\t%s / %s us\t\n' "$path" "$(median "${CPU[Go$path]}")" "$(median "${CPU[nginx$path]}")" >>"$FIGURES"
done

fi

# ---------------------------------------------------------------------------------------
# HOOK (forms engineer): form submissions per second. If bench/forms.sh exists it runs here
# against the same Go binary (RATE_LIMIT=off) with these variables:
#   BENCH_BASE_URL  the Go server's origin       BENCH_OUT      bench/out/ for details
#   BENCH_FIGURES   append "label<TAB>value<TAB>budget" lines for the final table
# It prints its own details; it must stay bounded (a few seconds of load) and on loopback.
if part forms && [[ -f bench/forms.sh ]]; then
  echo
  echo "== 4. Forms (bench/forms.sh)"
  BENCH_BASE_URL=$GO bash bench/forms.sh | tee "$OUT/forms.txt"
fi
if part plans; then
  echo
  echo "== 5. Lesson plans (bench/plans.sh)"
  bash bench/plans.sh | tee "$OUT/plans.txt"
fi
# ---------------------------------------------------------------------------------------

if part console; then
  echo
  echo "== 6. Console: 1,000,000 subscribers (bench/console.sh)"
  bash bench/console.sh | tee "$OUT/console.txt"
fi

echo
echo "== Figures ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores; details in bench/out/)"
column -t -s $'\t' "$FIGURES"
