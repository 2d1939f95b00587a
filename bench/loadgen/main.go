// Command loadgen measures form submissions: it posts unique, valid submissions to one form
// endpoint from many connections for a while, then prints submissions per second, latency
// percentiles, and (with -db) checks that the database gained one row per 2xx answer. With
// -form plans it posts lesson-plan requests of every model, length and subject and checks
// that each 2xx answer's reference has its plan stored (plans.go). It also plays the AI
// provider for the plan bench (-fake-ai, fakeai.go) and measures the time from a submission
// to the first section of its plan on screen (-first-section, plans.go).
//
//	loadgen -url http://127.0.0.1:18250 -form lesson-plans -c 32 -d 10s -db sqlite:/tmp/x.db
//	loadgen -url http://127.0.0.1:18250 -form plans -c 32 -d 10s -db sqlite:/tmp/x.db
//	loadgen -fake-ai 127.0.0.1:18252 -first-token 300ms
//	loadgen -url http://127.0.0.1:18250 -first-section 40 -first-token 300ms
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/teachpilot/site/internal/store"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:18250", "the site's origin")
	form := flag.String("form", "lesson-plans", "lesson-plans, plans (lesson-plan requests, each checked for its stored plan) or newsletter")
	conns := flag.Int("c", 32, "concurrent connections")
	rate := flag.Float64("rate", 0, "submissions per second to send, spread over the connections (0: as fast as answers come back)")
	dur := flag.Duration("d", 10*time.Second, "how long to send")
	warmup := flag.Duration("warmup", 2*time.Second, "load before measuring (not counted)")
	dbURL := flag.String("db", "", "DATABASE_URL of the server, to count rows against 2xx answers")
	label := flag.String("label", "", "name of the run in the output")
	figures := flag.String("figures", "", "append the figures to this file (label<TAB>value<TAB>budget lines)")
	budget := flag.String("budget", "", "the budget to print beside the figures")
	pgAdmin := flag.String("pg-admin", "", "PostgreSQL URL for -create-db and -drop-db")
	createDB := flag.String("create-db", "", "create a scratch database named after this prefix on -pg-admin's server, print its URL, and exit")
	dropDB := flag.String("drop-db", "", "drop the scratch database of this URL (made by -create-db) and exit")
	fakeAI := flag.String("fake-ai", "", "serve a fake OpenAI-compatible provider on this address until stopped")
	firstToken := flag.Duration("first-token", 300*time.Millisecond, "the fake provider's delay before its first token (and the budget's base for -first-section)")
	firstSection := flag.Int("first-section", 0, "submit this many lesson plans one after another and measure, for each, the time to the first section of its streamed plan page")
	flag.Parse()
	switch {
	case *fakeAI != "":
		if err := serveFakeAI(*fakeAI, *firstToken); err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(1)
		}
		return
	case *firstSection > 0:
		if err := measureFirstSection(*base, *firstSection, *firstToken, *label, *figures); err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(1)
		}
		return
	}
	if *createDB != "" || *dropDB != "" {
		if err := scratch(*pgAdmin, *createDB, *dropDB); err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*base, *form, *conns, *rate, *dur, *warmup, *dbURL, *label, *figures, *budget); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

// Result is one measured run, printed as one JSON line.
type Result struct {
	Label       string  `json:"label"`
	Form        string  `json:"form"`
	Conns       int     `json:"conns"`
	Rate        float64 `json:"rate,omitempty"`
	Seconds     float64 `json:"seconds"`
	Requests    int64   `json:"requests"`
	OK          int64   `json:"ok2xx"`
	Failed      int64   `json:"failed"`
	PerSecond   float64 `json:"perSecond"`
	P50ms       float64 `json:"p50ms"`
	P90ms       float64 `json:"p90ms"`
	P99ms       float64 `json:"p99ms"`
	MaxMs       float64 `json:"maxMs"`
	RowsAdded   int     `json:"rowsAdded"`
	RowsChecked bool    `json:"rowsChecked"`
	Lost        int64   `json:"lost"`
}

var runID = time.Now().UnixNano()

func body(form string, worker, i int) (string, string) {
	email := fmt.Sprintf("load-%d-%d-%d@example.org", runID, worker, i)
	switch form {
	case "newsletter":
		return "/api/newsletter", fmt.Sprintf(`{"email":%q,"website":""}`, email)
	case "plans":
		return "/api/lesson-plans", planBody(email, i)
	}
	return "/api/lesson-plans", fmt.Sprintf(`{"email":%q,"subject":"science","grade":"10","topic":"Photosynthesis and cellular respiration","duration":50,"name":"Load Test","objectives":"Explain how plants turn light into chemical energy.","differentiation":["english-learners"],"website":""}`, email)
}

func count(ctx context.Context, st *store.Store, form string) (int, error) {
	switch form {
	case "newsletter":
		return st.CountSubscribers(ctx)
	case "plans":
		return 0, nil // checked by reference instead (storedPlans)
	}
	return st.CountLessonPlans(ctx)
}

func run(base, form string, conns int, rate float64, dur, warmup time.Duration, dbURL, label, figures, budget string) error {
	ctx := context.Background()
	var st *store.Store
	before := 0
	if dbURL != "" {
		var err error
		if st, err = store.Open(ctx, dbURL); err != nil {
			return err
		}
		defer st.Close()
	}
	client := &http.Client{
		Timeout:   10 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns},
	}
	var seq atomic.Int64
	var refMu sync.Mutex
	var refs []string // with -form plans: the references of the measured 2xx answers
	load := func(d time.Duration, record bool) (lat []time.Duration, reqs, ok, failed int64) {
		deadline := time.Now().Add(d)
		var mu sync.Mutex
		var wg sync.WaitGroup
		for w := range conns {
			wg.Go(func() {
				var mine []time.Duration
				var r, k, f int64
				// With a rate, each connection sends on a fixed schedule and a latency is
				// counted from the time a request was due, not sent, so a slow answer that
				// delays the next request is not hidden (no coordinated omission).
				var interval time.Duration
				next := time.Now()
				if rate > 0 {
					interval = time.Duration(float64(conns) / rate * float64(time.Second))
					next = next.Add(interval * time.Duration(w) / time.Duration(conns))
				}
				for time.Now().Before(deadline) {
					path, b := body(form, w, int(seq.Add(1)))
					start := time.Now()
					if rate > 0 {
						time.Sleep(time.Until(next))
						start, next = next, next.Add(interval)
					}
					resp, err := client.Post(base+path, "application/json", strings.NewReader(b))
					var answer []byte
					if err == nil {
						answer, _ = io.ReadAll(resp.Body)
						resp.Body.Close()
					}
					el := time.Since(start)
					r++
					if err == nil && resp.StatusCode/100 == 2 {
						k++
						if form == "plans" && record {
							refMu.Lock()
							refs = append(refs, referenceIn(answer))
							refMu.Unlock()
						}
					} else {
						f++
					}
					if record {
						mine = append(mine, el)
					}
				}
				mu.Lock()
				lat = append(lat, mine...)
				reqs, ok, failed = reqs+r, ok+k, failed+f
				mu.Unlock()
			})
		}
		wg.Wait()
		return lat, reqs, ok, failed
	}

	load(warmup, false)
	if st != nil {
		var err error
		if before, err = count(ctx, st, form); err != nil {
			return err
		}
	}
	start := time.Now()
	lat, reqs, ok, failed := load(dur, true)
	secs := time.Since(start).Seconds()
	slices.Sort(lat)
	pct := func(p float64) float64 {
		if len(lat) == 0 {
			return 0
		}
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	res := Result{
		Label: label, Form: form, Conns: conns, Rate: rate, Seconds: secs, Requests: reqs, OK: ok, Failed: failed,
		PerSecond: float64(ok) / secs, P50ms: pct(0.50), P90ms: pct(0.90), P99ms: pct(0.99), MaxMs: pct(1),
	}
	switch {
	case st != nil && form == "plans":
		stored, err := storedPlans(ctx, st, refs)
		if err != nil {
			return err
		}
		res.RowsAdded, res.RowsChecked = stored, true
		res.Lost = ok - int64(stored)
	case st != nil:
		after, err := count(ctx, st, form)
		if err != nil {
			return err
		}
		res.RowsAdded, res.RowsChecked = after-before, true
		res.Lost = ok - int64(res.RowsAdded)
	}
	if err := json.NewEncoder(os.Stdout).Encode(res); err != nil {
		return err
	}
	pace := "as fast as answered"
	if rate > 0 {
		pace = fmt.Sprintf("paced at %.0f/s", rate)
	}
	what, rows := "submissions", "rows added"
	if form == "plans" {
		what, rows = "plans", "plans stored"
	}
	fmt.Printf("%s POST %s, %d connections %s, %.0f s: %.0f %s/s, p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms; %d 2xx, %d failed",
		label, path(form), conns, pace, secs, res.PerSecond, what, res.P50ms, res.P90ms, res.P99ms, res.MaxMs, ok, failed)
	if res.RowsChecked {
		fmt.Printf("; %s %d (lost %d)", rows, res.RowsAdded, res.Lost)
	}
	fmt.Println()
	if figures == "" {
		return nil
	}
	f, err := os.OpenFile(figures, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	if form == "plans" {
		fmt.Fprintf(f, "plans %s built-in, POST %s to stored plan: plans/s, p50 / p99\t%.0f/s, %.1f / %.1f ms\t%s\n", label, path(form), res.PerSecond, res.P50ms, res.P99ms, budget)
		fmt.Fprintf(f, "plans %s built-in: plans stored / 2xx answers\t%d / %d (%d lost)\t0 lost\n", label, res.RowsAdded, ok, res.Lost)
		return f.Close()
	}
	fmt.Fprintf(f, "forms %s POST %s: submissions/s, p50 / p99\t%.0f/s, %.1f / %.1f ms\t%s\n", label, path(form), res.PerSecond, res.P50ms, res.P99ms, budget)
	if res.RowsChecked {
		fmt.Fprintf(f, "forms %s POST %s: rows stored / 2xx answers\t%d / %d (%d lost)\t0 lost\n", label, path(form), res.RowsAdded, ok, res.Lost)
	}
	return f.Close()
}

// scratch creates or drops a throw-away PostgreSQL database, so runs never touch real data.
func scratch(admin, prefix, drop string) error {
	db, err := sql.Open("pgx", admin)
	if err != nil {
		return err
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if drop != "" {
		u, err := url.Parse(drop)
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(u.Path, "/")
		if !strings.HasPrefix(name, "bench_") {
			return fmt.Errorf("refusing to drop %q: not a scratch database", name)
		}
		_, err = db.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		return err
	}
	name := fmt.Sprintf("%s_%d", prefix, time.Now().UnixNano())
	if !strings.HasPrefix(name, "bench_") || strings.ContainsFunc(name, func(r rune) bool {
		return (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '_'
	}) {
		return fmt.Errorf("scratch database name %q: want bench_ and [a-z0-9_]", name)
	}
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		return err
	}
	u, err := url.Parse(admin)
	if err != nil {
		return err
	}
	u.Path = "/" + name
	fmt.Println(u.String())
	return nil
}

func path(form string) string {
	p, _ := body(form, 0, 0)
	return p
}
