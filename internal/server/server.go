// Package server is the HTTP side of the site: the routes, the form API, the pages it fills
// into the pre-rendered shell, health. Static files are package static's.
package server

import (
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/teachpilot/site/internal/config"
	"github.com/teachpilot/site/internal/plan"
	"github.com/teachpilot/site/internal/static"
	"github.com/teachpilot/site/web"
)

// Server holds what the handlers need. It is built once by New.
type Server struct {
	cfg  config.Config
	log  *slog.Logger
	site *static.Site
	// shell is the pre-rendered page the server fills with its own pages (pages.go).
	shell *static.Shell
	// paths are the pages the server links or redirects to, from web/pages.json.
	paths sitePaths
	// api is the state of the form API (forms.go).
	api formAPI
	// con is the team's console (admin_routes.go); nil when it is off.
	con *Console
	// obs reports to the metrics (admin_metrics.go); nil when they are off.
	obs *observer
	// plans makes the lesson plans (planner.go).
	plans *plan.Fallback
	// drafts are the AI drafts being made (planstream.go).
	drafts sync.WaitGroup
}

// sitePaths are the paths of the pages the server links or redirects to, looked up by page
// id in web/pages.json once, so Go never spells a path of its own.
type sitePaths struct {
	home, blog, lessonPlan, submissionSuccess     string
	newsletterConfirm, newsletterConfirmed        string
	newsletterUnsubscribe, newsletterUnsubscribed string
	// shellScript is the one script of the pages the server fills (the plan page).
	shellScript string
}

func lookUpPaths(t *web.PageTable) (sitePaths, error) {
	p := sitePaths{shellScript: t.Shell.Script}
	var err error
	for _, l := range []struct {
		id  string
		dst *string
	}{
		{"home", &p.home}, {"blog", &p.blog}, {"lessonPlan", &p.lessonPlan}, {"submissionSuccess", &p.submissionSuccess},
		{"newsletterConfirm", &p.newsletterConfirm}, {"newsletterConfirmed", &p.newsletterConfirmed},
		{"newsletterUnsubscribe", &p.newsletterUnsubscribe}, {"newsletterUnsubscribed", &p.newsletterUnsubscribed},
	} {
		if *l.dst, err = t.Path(l.id); err != nil {
			return p, fmt.Errorf("server: %w", err)
		}
	}
	return p, nil
}

// New prepares the server: it loads the embedded site (pages, assets) into memory with
// web/pages.json's placeholder origin replaced by BASE_URL. The form API needs WithForms;
// without it, it answers 503.
func New(cfg config.Config, log *slog.Logger, client fs.FS, opts ...Option) (*Server, error) {
	pages := web.Pages()
	notFound, err := pages.Path("notFound")
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	opt := static.Options{Origin: pages.Origin, Hidden: []string{pages.ShellPath()}, NotFound: notFound}
	if cfg.BaseURL != nil {
		opt.BaseURL = cfg.BaseURL.String()
	}
	st, err := static.Load(client, opt)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, log: log, site: st}
	if s.paths, err = lookUpPaths(pages); err != nil {
		return nil, err
	}
	if s.shell, err = loadShell(st, pages); err != nil {
		return nil, err
	}
	for _, opt := range opts {
		if err := opt(s); err != nil {
			return nil, err
		}
	}
	if err := s.initForms(); err != nil {
		return nil, err
	}
	if err := s.initPlanner(s.api.rulesJSON); err != nil {
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
