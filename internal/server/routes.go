package server

import "net/http"

// Handler returns every route of the site, in one place, wrapped in the middleware that
// applies to all of them.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()

	mux.HandleFunc("GET /healthz", s.healthz)

	// The form API (forms.go, one file per form). Posts pass the cross-origin check (403)
	// and the per-client rate limit (429) first; other methods get 405.
	mux.Handle("POST /api/newsletter", s.post(s.subscribe))
	mux.Handle("POST /api/newsletter/confirm", s.post(s.confirmSubscription))
	mux.Handle("POST /api/newsletter/unsubscribe", s.postUnsubscribe(s.unsubscribe)) // oneclick.go
	mux.Handle("POST /api/contact", s.post(s.createContact))
	mux.Handle("POST /api/lesson-plans", s.post(s.createLessonPlan))
	mux.HandleFunc("GET /api/lesson-plans/{reference}", s.lessonPlan)
	for _, path := range []string{"/api/newsletter", "/api/newsletter/confirm", "/api/newsletter/unsubscribe", "/api/contact", "/api/lesson-plans"} {
		mux.HandleFunc(path, allow("POST"))
	}
	mux.HandleFunc("/api/lesson-plans/{reference}", allow("GET, HEAD"))

	// A lesson plan's confirmation, rendered here (a plain form post lands on it; the email
	// links to it); /submission-success itself is the pre-rendered React page.
	mux.HandleFunc("GET /submission-success/{reference}", s.lessonPlanPage)

	// Unknown API paths get JSON, never the HTML 404 page.
	mux.HandleFunc("/api/", s.apiNotFound)

	// Everything else is the pre-rendered site: pages, assets, 404. (Not "GET /": that
	// would conflict with "/api/"; the site answers 405 to other methods itself.)
	mux.Handle("/", s.site)

	return s.logRequests(s.securityHeaders(mux))
}
