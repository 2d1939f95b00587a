// Command console measures the team's console on a big list (make bench, bench/console.sh):
// it seeds ROWS newsletter subscribers into a database (SQLite file or PostgreSQL scratch
// database), then, through the site's own HTTP handler with a signed-in session, times the
// subscribers list's first page (p50/p99 over N requests) and streams the CSV export
// (rows/s, and the heap and RSS sampled while it runs, against before: flat memory means
// they do not grow with the rows).
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/teachpilot/site/internal/admin"
	"github.com/teachpilot/site/internal/config"
	"github.com/teachpilot/site/internal/server"
	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/web"
)

func main() {
	dbURL := flag.String("db", "", "sqlite:<file> or postgres://… (a scratch database: it is filled)")
	rows := flag.Int("rows", 1_000_000, "subscribers to seed")
	requests := flag.Int("requests", 200, "first-page requests to time")
	label := flag.String("label", "sqlite", "label of the figures")
	figures := flag.String("figures", "", "append figure lines (label<TAB>value<TAB>budget) to this file")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *dbURL, *rows, *requests, *label, *figures); err != nil {
		fmt.Fprintln(os.Stderr, "console bench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, dbURL string, rows, requests int, label, figuresPath string) error {
	st, err := store.Open(ctx, dbURL) // creates the schema
	if err != nil {
		return err
	}
	start := time.Now()
	if st.Dialect() == store.Postgres {
		err = seedPostgres(ctx, dbURL, rows)
	} else {
		err = seedSQLite(ctx, dbURL, rows)
	}
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	fmt.Printf("  %s: seeded %d subscribers in %.1f s\n", label, rows, time.Since(start).Seconds())

	h, cookie, token, err := handler(ctx, st)
	if err != nil {
		return err
	}
	get := func(path string, w http.ResponseWriter) {
		r := httptest.NewRequestWithContext(ctx, http.MethodGet, "http://bench.test"+path, nil)
		r.Header.Set("Sec-Fetch-Site", "same-origin")
		r.AddCookie(&http.Cookie{Name: cookie, Value: token})
		h.ServeHTTP(w, r)
	}

	var lines []string
	for _, list := range []struct{ name, path string }{
		{"subscribers first page", "/api/admin/subscribers"},
		{"subscribers first page, status=confirmed", "/api/admin/subscribers?status=confirmed"},
	} {
		for range 5 { // warm the caches
			get(list.path, &sink{})
		}
		ds := make([]time.Duration, requests)
		for i := range ds {
			w := &sink{}
			t := time.Now()
			get(list.path, w)
			ds[i] = time.Since(t)
			if w.status != http.StatusOK || w.n < 1000 {
				return fmt.Errorf("%s: status %d, %d bytes", list.path, w.status, w.n)
			}
		}
		slices.Sort(ds)
		p50, p99 := ds[len(ds)/2], ds[len(ds)*99/100]
		fmt.Printf("  %s: %s p50 %.2f ms, p99 %.2f ms (%d requests)\n", label, list.name, ms(p50), ms(p99), requests)
		lines = append(lines, fmt.Sprintf("console %s: %s p99 (%d rows, %d requests)\t%.2f ms (p50 %.2f)\t<= 50 ms",
			label, list.name, rows, requests, ms(p99), ms(p50)))
	}

	// The export, with memory sampled while it streams.
	runtime.GC()
	heap0, rss0 := heapInUse(), rss()
	var peakHeap, peakRSS uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(25 * time.Millisecond)
		defer t.Stop()
		for {
			peakHeap, peakRSS = max(peakHeap, heapInUse()), max(peakRSS, rss())
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	})
	w := &sink{}
	t := time.Now()
	get("/api/admin/subscribers.csv", w)
	elapsed := time.Since(t)
	close(done)
	wg.Wait()
	if w.status != http.StatusOK {
		return fmt.Errorf("export: status %d", w.status)
	}
	exported := w.lines - 1 // the header
	perSec := float64(exported) / elapsed.Seconds()
	mb := func(b uint64) float64 { return float64(b) / (1 << 20) }
	fmt.Printf("  %s: CSV export %d rows (%.0f MB) in %.2f s: %.0f rows/s; heap %.1f → peak %.1f MB, RSS %.1f → peak %.1f MB\n",
		label, exported, mb(uint64(w.n)), elapsed.Seconds(), perSec, mb(heap0), mb(peakHeap), mb(rss0), mb(peakRSS))
	lines = append(lines,
		fmt.Sprintf("console %s: subscribers CSV export (%d rows, %.1f s)\t%.0f rows/s\t>= 50,000 rows/s", label, exported, elapsed.Seconds(), perSec),
		fmt.Sprintf("console %s: memory: before the export → highest while it streams\theap %.1f → %.1f MB, RSS %.1f → %.1f MB\tflat", label, mb(heap0), mb(peakHeap), mb(rss0), mb(peakRSS)))
	if figuresPath != "" {
		f, err := os.OpenFile(figuresPath, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		for _, l := range lines {
			if _, err := fmt.Fprintln(f, l); err != nil {
				return err
			}
		}
	}
	return st.Close()
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// handler is the site's handler with the console on st, and a signed-in session: its
// cookie's name and token.
func handler(ctx context.Context, st *store.Store) (_ http.Handler, cookie, token string, _ error) {
	cfg, err := config.Load(web.ProductName(), func(k string) string {
		return map[string]string{"BASE_URL": "http://bench.test", "RATE_LIMIT": "off"}[k]
	})
	if err != nil {
		return nil, "", "", err
	}
	svc, err := admin.New(st, admin.Config{})
	if err != nil {
		return nil, "", "", err
	}
	hash, err := admin.HashPassword(admin.GeneratePassword(), admin.DefaultParams)
	if err != nil {
		return nil, "", "", err
	}
	a, err := st.AddAdmin(ctx, "bench@teachpilot.test", hash, time.Now())
	if err != nil {
		return nil, "", "", err
	}
	token, err = svc.StartSession(ctx, a.ID)
	if err != nil {
		return nil, "", "", err
	}
	srv, err := server.New(cfg, slog.New(slog.DiscardHandler), web.Client(), server.WithConsole(server.Console{Admin: svc, Store: st}))
	if err != nil {
		return nil, "", "", err
	}
	return srv.Handler(), svc.CookieName(), token, nil
}

// subscriber returns the i-th seeded subscriber: one a minute going back from now, most
// confirmed, some pending or unsubscribed, one in a hundred marked spam.
func subscriber(i int, now time.Time) (email, status string, spam bool, created time.Time, confirmed *time.Time) {
	email = "reader" + strconv.Itoa(i) + "@example.org"
	created = now.Add(-time.Duration(i) * time.Minute)
	switch i % 10 {
	case 7, 8:
		status = store.Pending
	case 9:
		status = store.Unsubscribed
	default:
		status = store.Confirmed
		c := created.Add(time.Hour)
		confirmed = &c
	}
	return email, status, i%100 == 0, created, confirmed
}

// seedSQLite inserts the rows in large transactions of multi-row inserts, over a
// connection of its own.
func seedSQLite(ctx context.Context, dbURL string, rows int) error {
	path := strings.TrimPrefix(strings.TrimPrefix(dbURL, "sqlite:"), "//")
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(5000)&_pragma=synchronous(OFF)")
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	now := time.Now().UTC()
	const batch, perTx = 500, 50_000
	values := strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?),", batch), ",")
	for i := 0; i < rows; {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		for end := min(i+perTx, rows); i < end; {
			n := min(batch, end-i)
			args := make([]any, 0, 7*n)
			for j := range n {
				email, status, spam, created, confirmed := subscriber(i+j, now)
				args = append(args, email, email, status, spam, created, created, confirmed)
			}
			q := `INSERT INTO subscribers (email, email_key, status, spam, created_at, updated_at, confirmed_at) VALUES `
			if n == batch {
				q += values
			} else {
				q += strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?),", n), ",")
			}
			if _, err := tx.ExecContext(ctx, q, args...); err != nil {
				_ = tx.Rollback()
				return err
			}
			i += n
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	_, err = db.ExecContext(ctx, `ANALYZE`)
	return err
}

// seedPostgres copies the rows in with COPY.
func seedPostgres(ctx context.Context, dbURL string, rows int) error {
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	now := time.Now().UTC()
	i := 0
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"subscribers"},
		[]string{"email", "email_key", "status", "spam", "created_at", "updated_at", "confirmed_at"},
		pgx.CopyFromFunc(func() ([]any, error) {
			if i >= rows {
				return nil, nil
			}
			email, status, spam, created, confirmed := subscriber(i, now)
			i++
			return []any{email, email, status, spam, created, created, confirmed}, nil
		}))
	if err != nil {
		return err
	}
	_, err = conn.Exec(ctx, `ANALYZE subscribers`)
	return err
}

// sink is a ResponseWriter that keeps nothing: it counts bytes and lines.
type sink struct {
	h      http.Header
	status int
	n      int
	lines  int
}

func (s *sink) Header() http.Header {
	if s.h == nil {
		s.h = http.Header{}
	}
	return s.h
}

func (s *sink) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
}

func (s *sink) Write(p []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	s.n += len(p)
	s.lines += strings.Count(string(p), "\n")
	return len(p), nil
}

var _ io.Writer = (*sink)(nil)

func heapInUse() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// rss is the process's resident set size, from /proc (0 elsewhere).
func rss() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}
