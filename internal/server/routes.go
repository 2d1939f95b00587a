package server

import "net/http"

// Handler returns every route of the site, in one place, wrapped in the middleware that
// applies to all of them.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()

	mux.HandleFunc("GET /healthz", s.healthz)

	// Unknown API paths get JSON, never the HTML 404 page.
	mux.HandleFunc("/api/", s.apiNotFound)

	// Everything else is the pre-rendered site: pages, assets, 404. (Not "GET /": that
	// would conflict with "/api/"; the site answers 405 to other methods itself.)
	mux.Handle("/", s.site)

	return s.logRequests(s.securityHeaders(mux))
}
