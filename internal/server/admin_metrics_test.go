package server

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/teachpilot/site/internal/config"
	"github.com/teachpilot/site/internal/metrics"
	"github.com/teachpilot/site/internal/store/storetest"
)

// TestMetricsOnlyWithTheToken: /metrics is served on the site's address only with
// METRICS_TOKEN and only to requests bearing it; without a token it does not exist (404).
// Submissions are counted by kind and outcome, requests by route class.
func TestMetricsOnlyWithTheToken(t *testing.T) {
	st := storetest.SQLite(t)
	cfg, err := config.Load("TeachPilot", func(k string) string {
		return map[string]string{"BASE_URL": siteOrigin, "RATE_LIMIT": "off"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	site := fstest.MapFS{
		"index.html":        {Data: []byte(`<!doctype html><title>Home</title>`)},
		"404/index.html":    {Data: []byte(`<!doctype html><title>Not found</title>`)},
		"_shell/index.html": {Data: []byte(shellHTML)},
	}
	const token = "0123456789abcdef-metrics"
	build := func(tok string) http.Handler {
		m := metrics.New(st, nil)
		srv, err := New(cfg, slog.New(slog.DiscardHandler), site, WithForms(Forms{Store: st, Rules: formsJSON}), WithMetrics(m, tok))
		if err != nil {
			t.Fatal(err)
		}
		return srv.Handler()
	}
	req := func(h http.Handler, method, path, body, auth string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, siteOrigin+path, strings.NewReader(body))
		if body != "" {
			r.Header.Set("Content-Type", "application/json")
		}
		if auth != "" {
			r.Header.Set("Authorization", "Bearer "+auth)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	if w := req(build(""), "GET", "/metrics", "", token); w.Code != http.StatusNotFound {
		t.Errorf("no token configured: %d, want 404", w.Code)
	}
	h := build(token)
	req(h, "POST", "/api/contact", `{"name":"Ada","email":"ada@example.org","reason":"general","message":"Hello there, a question."}`, "")
	req(h, "POST", "/api/contact", `{"name":"Bot","email":"bot@example.org","reason":"general","message":"Hello there, buy now.","website":"x"}`, "")
	req(h, "POST", "/api/newsletter", `{"email":"not an address"}`, "")
	req(h, "GET", "/", "", "")
	for _, auth := range []string{"", "wrong-token-of-some-length"} {
		if w := req(h, "GET", "/metrics", "", auth); w.Code != http.StatusUnauthorized {
			t.Errorf("bearer %q: %d", auth, w.Code)
		}
	}
	w := req(h, "GET", "/metrics", "", token)
	body := w.Body.String()
	for _, want := range []string{
		`teachpilot_submissions_total{kind="contact",outcome="accepted"} 1`,
		`teachpilot_submissions_total{kind="contact",outcome="spam"} 1`,
		`teachpilot_submissions_total{kind="newsletter",outcome="invalid"} 1`,
		`teachpilot_request_duration_seconds_count{route_class="forms_api"} 3`,
		`teachpilot_request_duration_seconds_count{route_class="page"} 1`,
		`teachpilot_mail_messages{status="pending"} 2`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("no %s in:\n%s", want, body)
		}
	}
}

func TestRouteClass(t *testing.T) {
	for p, want := range map[string]string{
		"/": "page", "/blog/first-post": "page", "/assets/app-1.js": "asset", "/favicon.svg": "asset", "/rss.xml": "asset",
		"/api/contact": "forms_api", "/api/admin/session": "admin_api", "/admin": "admin_page", "/admin/contacts": "admin_page", "/metrics": "metrics",
	} {
		if got := routeClass(p); got != want {
			t.Errorf("routeClass(%q) = %q, want %q", p, got, want)
		}
	}
}
