package server

import (
	"net/http"

	"github.com/teachpilot/site/internal/static"
)

// Handler returns every route of the site, in one place, wrapped in the middleware that
// applies to all of them.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()

	mux.HandleFunc("GET /healthz", s.healthz)

	// The form API (one file per form). Posts pass the cross-origin check (403) and the
	// per-client rate limit (429) first; other methods on the same paths get 405. The
	// one-click unsubscribe has a bucket of its own (oneclick.go).
	for path, h := range map[string]http.Handler{
		"/api/newsletter":             s.post(s.subscribe),
		"/api/newsletter/confirm":     s.post(s.confirmSubscription),
		"/api/newsletter/unsubscribe": s.postUnsubscribe(s.unsubscribe),
		"/api/contact":                s.post(s.createContact),
		"/api/lesson-plans":           s.post(s.createLessonPlan),
	} {
		mux.Handle("POST "+path, h)
		mux.HandleFunc(path, allow("POST"))
	}
	mux.HandleFunc("GET /api/lesson-plans/{reference}", s.lessonPlan)
	mux.HandleFunc("/api/lesson-plans/{reference}", allow("GET, HEAD"))

	// A lesson plan's confirmation, filled into the shell here (a plain form post lands on
	// it; the email links to it); the success page itself is the pre-rendered React page.
	mux.HandleFunc("GET "+s.paths.submissionSuccess+"/{reference}", s.lessonPlanPage)

	// The team's console API: /api/admin/… (admin_routes.go).
	s.adminRoutes(mux)
	s.metricsRoute(mux) // /metrics with METRICS_TOKEN only (admin_metrics.go)

	// Unknown API paths get JSON, never the HTML 404 page.
	mux.HandleFunc("/api/", s.apiNotFound)

	// Everything else is the pre-rendered site: pages, assets, 404. (Not "GET /": that
	// would conflict with "/api/"; the site answers 405 to other methods itself.)
	mux.Handle("/", consolePages(s.site)) // /admin pages: no-store, noindex (admin_pages.go)

	return s.logRequests(static.SecurityHeaders(s.cfg.HSTS, s.instrument(mux)))
}
