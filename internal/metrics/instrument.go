package metrics

import (
	"net/http"
	"time"
)

// Instrument observes how long next takes to answer each request, under route class class
// (page, asset, api, admin: few values, so the series stay few whatever the paths).
func (m *Metrics) Instrument(class string, next http.Handler) http.Handler {
	obs := m.RequestDuration.WithLabelValues(class)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		next.ServeHTTP(w, r)
		obs.Observe(time.Since(start).Seconds())
	})
}
