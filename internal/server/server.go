// Package server is the HTTP side of the site: the embedded pages, the form API, health.
package server

import (
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/teachpilot/site/internal/config"
)

// Server holds what the handlers need. It is built once by New.
type Server struct {
	cfg  config.Config
	log  *slog.Logger
	site *site
	// headers are the security headers of every response, built once.
	headers []header
	// api is the state of the form API (forms.go).
	api formAPI
}

// New prepares the server: it loads the embedded site (pages, assets) into memory. The
// form API needs WithForms; without it, it answers 503.
func New(cfg config.Config, log *slog.Logger, client fs.FS, opts ...Option) (*Server, error) {
	st, err := loadSite(client)
	if err != nil {
		return nil, err
	}
	s := &Server{
		cfg:     cfg,
		log:     log,
		site:    st,
		headers: securityHeaderList(),
	}
	for _, opt := range opts {
		if err := opt(s); err != nil {
			return nil, err
		}
	}
	if err := s.initForms(); err != nil {
		return nil, err
	}
	return s, nil
}

// HTTPServer returns an *http.Server for cfg.Addr with timeouts set, so a slow or idle
// client cannot hold a connection forever.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Addr:              s.cfg.Addr,
		Handler:           s.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		// net/http's own complaints (TLS handshakes, bad requests) go to the structured log.
		ErrorLog: slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
}
