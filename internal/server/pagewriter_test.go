package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestRenderedPagesAreGzippedForClientsThatTakeIt(t *testing.T) {
	hs := newHarness(t, nil)
	ref := hs.postPlan(validLessonPlan)
	path := "/submission-success/" + ref
	plain := hs.do(request{method: "GET", path: path})
	if plain.Code != http.StatusOK || plain.Header().Get("Content-Encoding") != "" || !strings.Contains(plain.Body.String(), `data-section="phases"`) {
		t.Fatalf("without Accept-Encoding: status %d, Content-Encoding %q", plain.Code, plain.Header().Get("Content-Encoding"))
	}
	tests := []struct {
		name, accept string
		gzipped      bool
	}{
		{"gzip", "gzip", true},
		{"a browser's list", "gzip, deflate, br, zstd", true},
		{"anything", "*", true},
		{"gzip refused", "gzip;q=0, br", false},
		{"brotli alone", "br", false},
		{"a broken q-value", "gzip;q=high", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := hs.do(request{method: "GET", path: path, header: map[string]string{"Accept-Encoding": tt.accept}})
			if w.Code != http.StatusOK || !strings.Contains(w.Header().Get("Vary"), "Accept-Encoding") {
				t.Fatalf("status %d, Vary %q", w.Code, w.Header().Get("Vary"))
			}
			body := w.Body.Bytes()
			if got := w.Header().Get("Content-Encoding") == "gzip"; got != tt.gzipped {
				t.Fatalf("Content-Encoding %q, want gzip: %v", w.Header().Get("Content-Encoding"), tt.gzipped)
			}
			if tt.gzipped {
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				if body, err = io.ReadAll(zr); err != nil {
					t.Fatal(err)
				}
				if len(w.Body.Bytes())*2 > len(body) {
					t.Errorf("%d bytes gzipped from %d: not compressed", w.Body.Len(), len(body))
				}
			}
			if !bytes.Equal(body, plain.Body.Bytes()) {
				t.Error("the page differs from the one sent as is")
			}
		})
	}
	// A page answering a plain form post, and a HEAD request, which has no body to compress.
	w := hs.do(request{path: "/api/lesson-plans", contentType: "application/x-www-form-urlencoded", body: "email=not-an-address",
		header: map[string]string{"Accept-Encoding": "gzip", "Accept": "text/html"}})
	if w.Header().Get("Content-Encoding") != "gzip" || w.Code != http.StatusUnprocessableEntity {
		t.Errorf("the form's answer: status %d, Content-Encoding %q", w.Code, w.Header().Get("Content-Encoding"))
	}
	head := hs.do(request{method: "HEAD", path: path, header: map[string]string{"Accept-Encoding": "gzip"}})
	if head.Code != http.StatusOK || head.Header().Get("Content-Encoding") != "" || head.Body.Len() != 0 {
		t.Errorf("HEAD: status %d, Content-Encoding %q, %d bytes", head.Code, head.Header().Get("Content-Encoding"), head.Body.Len())
	}
}
