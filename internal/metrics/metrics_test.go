package metrics_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/metrics"
	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/store/storetest"
)

func TestHandlerNeedsTheBearerToken(t *testing.T) {
	s := storetest.SQLite(t)
	ctx := t.Context()
	queued := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	if err := s.InTx(ctx, func(tx *store.Tx) error {
		err := tx.Enqueue(ctx, store.NewMessage{Kind: "k", Recipient: "a@example.org", Payload: []byte("{}")}, queued)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	m := metrics.New(s, func() time.Time { return queued.Add(90 * time.Second) })
	m.Submissions.WithLabelValues("contact", "accepted").Inc()
	m.RequestDuration.WithLabelValues("api").Observe(0.012)
	m.WebhookDeliveries.WithLabelValues("delivered").Inc()
	m.Plans.WithLabelValues("built-in").Inc()
	srv := httptest.NewServer(m.Handler("s3cret-token"))
	defer srv.Close()

	for _, tc := range []struct {
		name, auth string
		want       int
	}{
		{"no token", "", 401},
		{"a wrong token", "Bearer wrong", 401},
		{"the token without the Bearer scheme", "s3cret-token", 401},
		{"a prefix of the token", "Bearer s3cret", 401},
		{"the token", "Bearer s3cret-token", 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL, nil)
			if tc.auth != "" {
				req.Header.Set("Authorization", tc.auth)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tc.want {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.want)
			}
			if tc.want != 200 {
				if strings.Contains(string(body), "teachpilot_") {
					t.Error("metrics leaked without the token")
				}
				return
			}
			for _, want := range []string{
				`teachpilot_submissions_total{kind="contact",outcome="accepted"} 1`,
				`teachpilot_request_duration_seconds_count{route_class="api"} 1`,
				`teachpilot_webhook_deliveries_total{outcome="delivered"} 1`,
				`teachpilot_lesson_plans_total{generator="built-in"} 1`,
				`teachpilot_mail_messages{status="pending"} 1`,
				`teachpilot_mail_messages{status="sent"} 0`,
				`teachpilot_mail_oldest_pending_age_seconds 90`,
				`teachpilot_mail_stats_up 1`,
				`go_goroutines`,
			} {
				if !strings.Contains(string(body), want) {
					t.Errorf("no %q in the metrics", want)
				}
			}
		})
	}
}

func TestEmptyTokenRefusesEverything(t *testing.T) {
	m := metrics.New(storetest.SQLite(t), nil)
	w := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "/metrics", nil)
	r.Header.Set("Authorization", "Bearer ")
	m.Handler("").ServeHTTP(w, r)
	if w.Code != 401 {
		t.Errorf("status %d with no token configured", w.Code)
	}
}

func TestMailStatsDownIsReported(t *testing.T) {
	s := storetest.SQLite(t)
	_ = s.Close() // the database is gone
	m := metrics.New(s, nil)
	w := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "/metrics", nil)
	r.Header.Set("Authorization", "Bearer t")
	m.Handler("t").ServeHTTP(w, r)
	if w.Code != 200 || !strings.Contains(w.Body.String(), "teachpilot_mail_stats_up 0") {
		t.Errorf("status %d, body without mail_stats_up 0", w.Code)
	}
}
