package server

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
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
