package server

import (
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"github.com/teachpilot/site/internal/config"
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

// realBuild returns the site build (web/build/client, from make build) as an in-memory
// file system, so load benchmarks measure the work and not the disk; with siblings false
// the pre-compressed ".br" and ".gz" copies are left out, as in a build without
// web/scripts/precompress.ts.
func realBuild(b *testing.B, siblings bool) fstest.MapFS {
	b.Helper()
	dir := filepath.Join("..", "..", "web", "build", "client")
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		b.Skipf("no site build (make build): %v", err)
	}
	disk := os.DirFS(dir)
	out := fstest.MapFS{}
	err := fs.WalkDir(disk, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(disk, name)
		out[name] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	if !siblings {
		for name := range out {
			if siblingOf(name, func(n string) bool { return out[n] != nil }) {
				delete(out, name)
			}
		}
	}
	return out
}

// BenchmarkLoadSite measures start-up's share of the site: with the build's siblings
// (checked by decoding each once) and without them (compressed at the fallback levels).
func BenchmarkLoadSite(b *testing.B) {
	for _, tc := range []struct {
		name     string
		siblings bool
	}{{"pre-compressed", true}, {"compressed-at-load", false}} {
		b.Run(tc.name, func(b *testing.B) {
			client := realBuild(b, tc.siblings)
			for b.Loop() {
				if _, err := loadSite(client); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkVerifySiblings measures the check of every pre-compressed sibling of the build
// alone, on one CPU: what verifying at load costs.
func BenchmarkVerifySiblings(b *testing.B) {
	client := realBuild(b, true)
	type pair struct {
		enc        encoding
		body, want []byte
	}
	var pairs []pair
	var n int64
	for name, f := range client {
		for enc, suffix := range siblingSuffixes {
			if sib := client[name+suffix]; suffix != "" && sib != nil {
				pairs = append(pairs, pair{encoding(enc), sib.Data, f.Data})
				n += int64(len(f.Data))
			}
		}
	}
	if len(pairs) == 0 {
		b.Skip("the build has no pre-compressed siblings")
	}
	b.SetBytes(n)
	for b.Loop() {
		for _, p := range pairs {
			if !decodesTo(p.enc, p.body, p.want) {
				b.Fatal("a sibling does not decode to its file")
			}
		}
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
	client := realBuild(b, true)
	cfg, err := config.Load("TeachPilot", func(string) string { return "" })
	if err != nil {
		b.Fatal(err)
	}
	s, err := New(cfg, slog.New(slog.NewJSONHandler(io.Discard, nil)), client)
	if err != nil {
		b.Fatal(err)
	}
	h := s.Handler()
	var asset string
	for name := range client {
		if strings.HasPrefix(name, "assets/") && strings.HasSuffix(name, ".css") && !siblingOf(name, func(n string) bool { return client[n] != nil }) {
			asset = "/" + name
			break
		}
	}
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
