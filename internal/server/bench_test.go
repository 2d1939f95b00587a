package server

import (
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/teachpilot/site/internal/config"
	"github.com/teachpilot/site/web"
)

// BenchmarkSubmissions measures the form API in process, on SQLite, without HTTP.
func BenchmarkSubmissions(b *testing.B) {
	for _, form := range []string{"lesson-plans", "newsletter"} {
		b.Run(form, func(b *testing.B) {
			hs := newHarness(b, nil)
			var n atomic.Int64
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					i := n.Add(1)
					body := fmt.Sprintf(`{"email":"b%d@example.org","subject":"science","grade":"10","topic":"Photosynthesis","duration":50}`, i)
					if form == "newsletter" {
						body = fmt.Sprintf(`{"email":"b%d@example.org"}`, i)
					}
					r := httptest.NewRequest("POST", "/api/"+form, strings.NewReader(body))
					r.Header.Set("Content-Type", "application/json")
					w := httptest.NewRecorder()
					hs.h.ServeHTTP(w, r)
					if w.Code != http.StatusCreated {
						b.Fatalf("status %d: %s", w.Code, w.Body)
					}
				}
			})
		})
	}
}

// discardWriter is a ResponseWriter that keeps nothing, so the handler benchmark measures
// the handler and middleware, not a recorder.
type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *discardWriter) WriteHeader(int)             {}

// BenchmarkSiteHandler measures a page and a hashed asset through the whole handler chain
// (request log at info level as deployed, security headers, mux, site), without the
// network.
func BenchmarkSiteHandler(b *testing.B) {
	if !web.HasSite() {
		b.Skip("no site build embedded (make build; go test -tags site)")
	}
	client := web.Client()
	cfg, err := config.Load("TeachPilot", func(string) string { return "" })
	if err != nil {
		b.Fatal(err)
	}
	s, err := New(cfg, slog.New(slog.NewJSONHandler(io.Discard, nil)), client)
	if err != nil {
		b.Fatal(err)
	}
	h := s.Handler()
	index, err := fs.ReadFile(client, "index.html")
	if err != nil {
		b.Fatal(err)
	}
	asset := stylesheetLinks(index)[0]
	for _, path := range []string{"/", asset} {
		b.Run(path, func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				r := httptest.NewRequest("GET", path, nil)
				r.Header.Set("Accept-Encoding", "gzip")
				w := &discardWriter{h: http.Header{}}
				for pb.Next() {
					clear(w.h)
					h.ServeHTTP(w, r)
				}
			})
		})
	}
}
