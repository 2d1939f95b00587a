package server

import (
	"context"
	"net/http"
	"strings"

	"github.com/teachpilot/site/internal/metrics"
)

// observer is what the server reports to the metrics (WithMetrics); nil reports nothing.
type observer struct {
	m *metrics.Metrics
	// token is METRICS_TOKEN: /metrics is served on the site's own address to requests
	// bearing it. Empty: /metrics is not served here (METRICS_ADDR may serve it).
	token string
}

// WithMetrics makes the server report to m: request latency by route class, form
// submissions by kind and outcome, plans by generator. With token set, it also serves
// /metrics to requests with "Authorization: Bearer <token>".
func WithMetrics(m *metrics.Metrics, token string) Option {
	return func(s *Server) error {
		s.obs = &observer{m: m, token: token}
		return nil
	}
}

// metricsRoute registers /metrics when a token is configured.
func (s *Server) metricsRoute(mux *http.ServeMux) {
	if s.obs != nil && s.obs.token != "" {
		mux.Handle("GET /metrics", s.obs.m.Handler(s.obs.token))
	}
}

// routeClass names the class of a request's route for the latency histogram: few values,
// whatever the paths.
func routeClass(p string) string {
	switch {
	case p == "/metrics":
		return "metrics"
	case strings.HasPrefix(p, "/api/admin/"):
		return "admin_api"
	case strings.HasPrefix(p, "/api/"):
		return "forms_api"
	case consolePath(p):
		return "admin_page"
	case strings.HasPrefix(p, "/assets/"), strings.Contains(p[strings.LastIndex(p, "/")+1:], ".") && !strings.HasSuffix(p, ".html"):
		return "asset"
	}
	return "page"
}

// submissionKind is the kind of form a request posts, or "".
func submissionKind(r *http.Request) string {
	if r.Method != http.MethodPost {
		return ""
	}
	switch p := r.URL.Path; {
	case p == "/api/newsletter":
		return "newsletter"
	case p == "/api/contact":
		return "contact"
	case p == "/api/lesson-plans":
		return "lesson_plan"
	case strings.HasPrefix(p, "/api/") && strings.HasSuffix(p, "/feedback"):
		return "feedback"
	}
	return ""
}

// spamMark is set by decodeForm when a submission had the honeypot filled: its answer is
// the usual one, so only this tells the metrics.
type spamMark struct{ spam bool }

type spamKey struct{}

// markSpam records that r's submission is spam, for the metrics.
func markSpam(r *http.Request) {
	if m, ok := r.Context().Value(spamKey{}).(*spamMark); ok {
		m.spam = true
	}
}

// instrument wraps the site's routes with the metrics: latency by route class for every
// request, and the outcome of each form submission.
func (s *Server) instrument(next http.Handler) http.Handler {
	if s.obs == nil {
		return next
	}
	byClass := map[string]http.Handler{}
	for _, c := range []string{"page", "asset", "forms_api", "admin_api", "admin_page", "metrics"} {
		byClass[c] = s.obs.m.Instrument(c, next)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := byClass[routeClass(r.URL.Path)]
		kind := submissionKind(r)
		if kind == "" {
			h.ServeHTTP(w, r)
			return
		}
		mark := &spamMark{}
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), spamKey{}, mark)))
		s.obs.m.Submissions.WithLabelValues(kind, outcome(rec.status, mark.spam)).Inc()
	})
}

// outcome names a submission's result from its status (and the spam mark).
func outcome(status int, spam bool) string {
	switch {
	case spam:
		return "spam"
	case status < 400:
		return "accepted"
	case status == http.StatusTooManyRequests:
		return "rate_limited"
	case status == http.StatusForbidden:
		return "refused"
	case status >= 500:
		return "error"
	}
	return "invalid"
}

// CountPlan counts a lesson plan made by generator (plan.Provenance's), for the metrics.
// The lesson-plan code calls it once a plan is stored.
func (s *Server) CountPlan(generator string) {
	if s.obs != nil {
		s.obs.m.Plans.WithLabelValues(generatorClass(generator)).Inc()
	}
}
