package server

import (
	"fmt"
	"net/http"
	"time"

	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/web"
)

// This file holds the form API's setup and the middleware of every state-changing route.
// The rules are formspec.go's, decoding decode.go's, and each form has its own file.

// Forms is what the form API needs. Without it (WithForms not given) the API answers 503.
type Forms struct {
	// Store keeps the submissions and their outgoing mail.
	Store *store.Store
	// Rules is web/forms.json (web.FormRules()).
	Rules []byte
	// Notify is called after a submission that queued mail was committed, to wake the mail
	// worker (mail.Worker.Notify). May be nil.
	Notify func()
}

// Option configures a Server in New.
type Option func(*Server) error

// WithForms turns the form API on.
func WithForms(f Forms) Option {
	return func(s *Server) error {
		rules, err := parseFormRules(f.Rules, web.Pages())
		if err != nil {
			return err
		}
		s.api.store, s.api.rules, s.api.rulesJSON, s.api.notify = f.Store, rules, f.Rules, f.Notify
		return nil
	}
}

// WithClock makes the server read the time from now (tests).
func WithClock(now func() time.Time) Option {
	return func(s *Server) error {
		s.api.now = now
		return nil
	}
}

// formAPI is the state of the form endpoints, kept apart from the rest of Server.
type formAPI struct {
	store *store.Store
	rules *formRules
	// rulesJSON is forms.json as given, for the built-in planner's options.
	rulesJSON []byte
	notify    func()
	now       func() time.Time
	limiter   *limiter // nil: no rate limit
	// planLimiter limits plan generations per client (planner.go); nil: no limit.
	planLimiter *limiter
	csrf        *http.CrossOriginProtection
}

// initForms prepares the middleware of the form API from the configuration.
func (s *Server) initForms() error {
	if s.api.now == nil {
		s.api.now = time.Now
	}
	if !s.cfg.RateLimit.Off() {
		s.api.limiter = newLimiter(s.cfg.RateLimit.Events, s.cfg.RateLimit.Per, s.cfg.TrustedProxies)
	}
	s.api.csrf = http.NewCrossOriginProtection()
	if s.cfg.BaseURL != nil && s.cfg.BaseURLSet {
		// Behind a proxy that rewrites Host, the public origin is still same-origin. Without
		// BASE_URL, its default (http://localhost:8080) is not trusted: requests to this
		// server's own host pass as same-origin anyway, and a site listening elsewhere must
		// not accept posts from whatever runs on localhost:8080.
		if err := s.api.csrf.AddTrustedOrigin(s.cfg.BaseURL.Scheme + "://" + s.cfg.BaseURL.Host); err != nil {
			return fmt.Errorf("server: trusted origin: %w", err)
		}
	}
	s.api.csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, http.StatusForbidden, "Forms on this site can only be sent from this site.")
	}))
	return nil
}

// post wraps a state-changing form endpoint: cross-origin requests are refused (403), each
// client is rate limited (429), and the API answers 503 when it has no store.
func (s *Server) post(h http.HandlerFunc) http.Handler {
	var next http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.api.store == nil || s.api.rules == nil {
			s.fail(w, r, http.StatusServiceUnavailable, "Forms are not available right now.")
			return
		}
		h(w, r)
	})
	next = s.idempotent(next) // Idempotency-Key (idempotency.go)
	next = s.rateLimit(next)
	return s.api.csrf.Handler(next)
}

// allow answers 405 with an Allow header: the path exists, the method does not.
func allow(methods string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", methods)
		writeJSON(w, http.StatusMethodNotAllowed, apiError{Error: "Method not allowed: use " + methods + "."})
	}
}
