package metrics_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/teachpilot/site/internal/metrics"
	"github.com/teachpilot/site/internal/store/storetest"
)

func TestInstrumentObservesByRouteClass(t *testing.T) {
	m := metrics.New(storetest.SQLite(t), nil)
	h := m.Instrument("page", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) }))
	for range 3 {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/any/path", nil))
	}
	w := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "/metrics", nil)
	r.Header.Set("Authorization", "Bearer t")
	m.Handler("t").ServeHTTP(w, r)
	if !strings.Contains(w.Body.String(), `teachpilot_request_duration_seconds_count{route_class="page"} 3`) {
		t.Errorf("no count of 3 page requests in:\n%s", w.Body)
	}
}
