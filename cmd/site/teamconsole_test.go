package main

import (
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/teachpilot/site/internal/config"
	"github.com/teachpilot/site/internal/store/storetest"
)

// TestMetricsListenerOfItsOwn: with METRICS_ADDR, /metrics is served on that address (with
// METRICS_TOKEN too, only to requests bearing it); the console's workers start and stop.
func TestMetricsListenerOfItsOwn(t *testing.T) {
	for _, token := range []string{"", "a-metrics-token-of-some-length"} {
		t.Run("token="+token, func(t *testing.T) {
			cfg, err := config.Load("TeachPilot", func(k string) string {
				return map[string]string{"METRICS_ADDR": "127.0.0.1:0", "METRICS_TOKEN": token}[k]
			})
			if err != nil {
				t.Fatal(err)
			}
			c, err := newConsole(cfg, slog.New(slog.DiscardHandler), storetest.SQLite(t))
			if err != nil {
				t.Fatal(err)
			}
			stop, err := c.start(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			defer stop()
			get := func(auth string) (int, string) {
				req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, "http://"+c.metricsAddr+"/metrics", nil)
				if auth != "" {
					req.Header.Set("Authorization", "Bearer "+auth)
				}
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				return resp.StatusCode, string(b)
			}
			code, body := get(token)
			if code != http.StatusOK || !strings.Contains(body, "teachpilot_mail_stats_up 1") {
				t.Errorf("/metrics: %d %.200s", code, body)
			}
			if token != "" {
				if code, _ := get(""); code != http.StatusUnauthorized {
					t.Errorf("without the bearer token: %d", code)
				}
			}
		})
	}
}
