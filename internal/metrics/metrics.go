// Package metrics exposes the site's figures in the Prometheus text format, with the
// official Go client: form submissions, request latency, mail, webhooks and lesson plans.
// The handler answers only a request with the bearer token from configuration.
package metrics

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/teachpilot/site/internal/store"
)

// Metrics holds the collectors the rest of the site updates.
type Metrics struct {
	Registry *prometheus.Registry
	// Submissions counts form submissions by kind (newsletter, contact, lesson_plan,
	// feedback) and outcome (accepted, invalid, spam, rate_limited, error).
	Submissions *prometheus.CounterVec
	// RequestDuration observes request latency by route class (page, asset, api, admin).
	RequestDuration *prometheus.HistogramVec
	// WebhookDeliveries counts delivery attempts by outcome (delivered, failed, refused).
	WebhookDeliveries *prometheus.CounterVec
	// Plans counts lesson plans made, by generator (built-in, or the AI model's name).
	Plans *prometheus.CounterVec
}

// MailSource is what the mail collector reads on every scrape (the store).
type MailSource interface {
	MailStats(ctx context.Context) (store.MailStats, error)
}

// New registers the site's collectors, and Go's and the process's, on a registry of its
// own. The outbox gauges are read from mail at scrape time, so they are right whichever
// instance queued or sent the messages.
func New(mail MailSource, now func() time.Time) *Metrics {
	if now == nil {
		now = time.Now
	}
	m := &Metrics{
		Registry: prometheus.NewRegistry(),
		Submissions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "teachpilot_submissions_total", Help: "Form submissions by kind and outcome.",
		}, []string{"kind", "outcome"}),
		RequestDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "teachpilot_request_duration_seconds", Help: "Request latency by route class.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route_class"}),
		WebhookDeliveries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "teachpilot_webhook_deliveries_total", Help: "Webhook delivery attempts by outcome.",
		}, []string{"outcome"}),
		Plans: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "teachpilot_lesson_plans_total", Help: "Lesson plans made, by generator.",
		}, []string{"generator"}),
	}
	m.Registry.MustRegister(m.Submissions, m.RequestDuration, m.WebhookDeliveries, m.Plans,
		&mailCollector{src: mail, now: now},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

var (
	mailMessages = prometheus.NewDesc("teachpilot_mail_messages", "Messages in the outbox by status (pending = queued).", []string{"status"}, nil)
	mailOldest   = prometheus.NewDesc("teachpilot_mail_oldest_pending_age_seconds", "Age of the oldest message waiting to be sent (0 when none waits).", nil, nil)
	mailUp       = prometheus.NewDesc("teachpilot_mail_stats_up", "1 if the outbox could be read at this scrape.", nil, nil)
)

// mailCollector reads the outbox on each scrape.
type mailCollector struct {
	src MailSource
	now func() time.Time
}

func (c *mailCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- mailMessages
	ch <- mailOldest
	ch <- mailUp
}

func (c *mailCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	st, err := c.src.MailStats(ctx)
	if err != nil {
		ch <- prometheus.MustNewConstMetric(mailUp, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(mailUp, prometheus.GaugeValue, 1)
	for status, n := range map[string]int64{"pending": st.Pending, "sent": st.Sent, "failed": st.Failed} {
		ch <- prometheus.MustNewConstMetric(mailMessages, prometheus.GaugeValue, float64(n), status)
	}
	age := 0.0
	if st.OldestPending != nil {
		age = max(c.now().Sub(*st.OldestPending).Seconds(), 0)
	}
	ch <- prometheus.MustNewConstMetric(mailOldest, prometheus.GaugeValue, age)
}

// Handler serves the registry's metrics to requests bearing token ("Authorization: Bearer
// <token>"), compared in constant time; anything else gets 401. An empty token refuses
// every request: metrics are never public by mistake.
func (m *Metrics) Handler(token string) http.Handler {
	want := sha256.Sum256([]byte(token))
	inner := promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		// Hashing both sides first makes the comparison's time independent of the lengths.
		g := sha256.Sum256([]byte(got))
		if !ok || token == "" || subtle.ConstantTimeCompare(g[:], want[:]) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		inner.ServeHTTP(w, r)
	})
}

// Open serves the metrics to any request, for a listen address of their own
// (METRICS_ADDR) that only the monitoring network reaches.
func (m *Metrics) Open() http.Handler {
	inner := promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		inner.ServeHTTP(w, r)
	})
}
