package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/teachpilot/site/internal/admin"
	"github.com/teachpilot/site/internal/metrics"
	"github.com/teachpilot/site/internal/store"
)

// This file wires the team's console API (/api/admin/…, described in the console's API
// contract): the option that turns it on, its routes, and the checks every endpoint passes
// first. The endpoints live in admin_session.go, admin_lists.go, admin_data.go,
// admin_webhooks.go and admin_account.go; the /admin pages' headers in admin_pages.go.

// Console is what the console API needs. Without it (WithConsole not given) /api/admin/
// answers 503.
type Console struct {
	// Admin signs people in and keeps their sessions.
	Admin *admin.Service
	// Store holds everything the console shows.
	Store *store.Store
	// AllowPrivateWebhooks lets endpoints be added on loopback and private addresses
	// (WEBHOOK_ALLOW_PRIVATE).
	AllowPrivateWebhooks bool
	// NotifyWebhooks wakes the webhook worker after a delivery was queued (may be nil).
	NotifyWebhooks func()
	// Metrics, when set, counts submissions and plans (may be nil).
	Metrics *metrics.Metrics
}

// WithConsole turns the console API on.
func WithConsole(c Console) Option {
	return func(s *Server) error {
		if c.Admin == nil || c.Store == nil {
			return errors.New("server: the console needs its admin service and store")
		}
		s.con = &c
		return nil
	}
}

// The console's answers that every endpoint may give.
const (
	msgSignIn      = "Please sign in."
	msgCrossOrigin = "The console only accepts requests from its own pages. Open the console from this site and try again."
	msgBadJSON     = "The request could not be read: send a JSON body."
)

// adminKey is the context key of the signed-in account.
type adminKey struct{}

// adminHandler is an endpoint that runs for a signed-in account.
type adminHandler func(w http.ResponseWriter, r *http.Request, a store.Admin)

// adminRoutes registers every console endpoint on mux.
func (s *Server) adminRoutes(mux *http.ServeMux) {
	if s.con == nil {
		mux.HandleFunc("/api/admin/", func(w http.ResponseWriter, r *http.Request) {
			consoleHeaders(w)
			writeJSON(w, http.StatusServiceUnavailable, apiError{Error: "The console is not available on this site."})
		})
		return
	}
	open := func(h http.HandlerFunc) http.Handler { return s.consoleAPI(s.sameOriginOnly(h)) }
	signed := func(h adminHandler) http.Handler { return s.consoleAPI(s.sameOriginOnly(s.signedIn(h))) }

	mux.Handle("POST /api/admin/session", open(s.adminSignIn))
	mux.Handle("GET /api/admin/session", signed(s.adminWhoAmI))
	mux.Handle("DELETE /api/admin/session", signed(s.adminSignOut))
	mux.Handle("POST /api/admin/session/everywhere", signed(s.adminSignOutEverywhere))

	mux.Handle("GET /api/admin/dashboard", signed(s.adminDashboard))

	mux.Handle("GET /api/admin/lesson-plans", signed(s.adminLessonPlans))
	mux.Handle("GET /api/admin/lesson-plans.csv", signed(s.adminLessonPlansCSV))
	mux.Handle("GET /api/admin/lesson-plans/{reference}", signed(s.adminLessonPlan))
	mux.Handle("DELETE /api/admin/lesson-plans/{reference}", signed(s.adminDeleteLessonPlan))
	mux.Handle("GET /api/admin/contacts", signed(s.adminContacts))
	mux.Handle("GET /api/admin/contacts.csv", signed(s.adminContactsCSV))
	mux.Handle("POST /api/admin/contacts/{id}/handled", signed(s.adminContactHandled))
	mux.Handle("DELETE /api/admin/contacts/{id}", signed(s.adminDeleteContact))
	mux.Handle("GET /api/admin/subscribers", signed(s.adminSubscribers))
	mux.Handle("GET /api/admin/subscribers.csv", signed(s.adminSubscribersCSV))
	mux.Handle("DELETE /api/admin/subscribers/{id}", signed(s.adminDeleteSubscriber))

	mux.Handle("POST /api/admin/data-request", signed(s.adminDataRequest))
	mux.Handle("POST /api/admin/data-request/export", signed(s.adminDataRequestExport))
	mux.Handle("POST /api/admin/data-request/delete", signed(s.adminDataRequestDelete))

	mux.Handle("GET /api/admin/audit", signed(s.adminAudit))

	mux.Handle("GET /api/admin/webhooks", signed(s.adminWebhooks))
	mux.Handle("POST /api/admin/webhooks", signed(s.adminAddWebhook))
	mux.Handle("DELETE /api/admin/webhooks/{id}", signed(s.adminRemoveWebhook))
	mux.Handle("POST /api/admin/webhooks/{id}/test", signed(s.adminTestWebhook))
	mux.Handle("GET /api/admin/webhooks/{id}/deliveries", signed(s.adminWebhookDeliveries))

	mux.Handle("POST /api/admin/account/totp", signed(s.adminEnrolTOTP))
	mux.Handle("POST /api/admin/account/totp/confirm", signed(s.adminConfirmTOTP))
	mux.Handle("DELETE /api/admin/account/totp", signed(s.adminDisableTOTP))

	// Any other path or method under /api/admin/ passes the same checks, then 404: the
	// console's paths are told to nobody who is not signed in.
	mux.Handle("/api/admin/", signed(func(w http.ResponseWriter, _ *http.Request, _ store.Admin) {
		writeJSON(w, http.StatusNotFound, apiError{Error: "There is no such console endpoint."})
	}))
}

// consoleHeaders marks a console response as never to be stored or indexed.
func consoleHeaders(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Robots-Tag", "noindex")
}

// consoleAPI sets the headers of every console answer.
func (s *Server) consoleAPI(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		consoleHeaders(w)
		next.ServeHTTP(w, r)
	})
}

// sameOriginOnly refuses, with 403, a request another site's page made: Sec-Fetch-Site
// present and not same-origin, or an Origin that is neither BASE_URL's nor the request's own
// host. It applies to every method, reads included: the console's answers are personal
// data. It needs no database, so it runs before the session is looked up.
func (s *Server) sameOriginOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.sameOrigin(r) {
			writeJSON(w, http.StatusForbidden, apiError{Error: msgCrossOrigin})
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Server) sameOrigin(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" {
		return false
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true // not sent by a browser for this request; Sec-Fetch-Site said the rest
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false // "null" and garbage
	}
	if s.cfg.BaseURL != nil && s.cfg.BaseURLSet && strings.EqualFold(origin, s.cfg.BaseURL.Scheme+"://"+s.cfg.BaseURL.Host) {
		return true
	}
	return strings.EqualFold(u.Host, r.Host)
}

// signedIn runs h for a request carrying a live session; anything else (no cookie, a
// forged, expired or signed-out token) gets 401.
func (s *Server) signedIn(h adminHandler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a, err := s.con.Admin.Resolve(r.Context(), s.con.Admin.Token(r))
		if errors.Is(err, admin.ErrNoSession) {
			writeJSON(w, http.StatusUnauthorized, apiError{Error: msgSignIn})
			return
		}
		if err != nil {
			s.adminError(w, r, err)
			return
		}
		h(w, r.WithContext(context.WithValue(r.Context(), adminKey{}, a)), a)
	})
}

// now is the console's clock (admin.Config.Now, which tests control).
func (s *Server) consoleNow() time.Time { return s.con.Admin.Config().Now().UTC() }

// adminError logs err and answers 500.
func (s *Server) adminError(w http.ResponseWriter, r *http.Request, err error) {
	s.log.LogAttrs(r.Context(), slog.LevelError, "console API",
		slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.Any("err", err))
	writeJSON(w, http.StatusInternalServerError, apiError{Error: "Something went wrong on our side. Please try again in a minute."})
}

// maxAdminBody bounds a console request's JSON body.
const maxAdminBody = 16 << 10

// readAdminJSON decodes r's JSON body into v, or answers 400 and returns false.
func readAdminJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxAdminBody))
	if err := dec.Decode(v); err != nil && !errors.Is(err, io.EOF) {
		writeJSON(w, http.StatusBadRequest, apiError{Error: msgBadJSON})
		return false
	}
	return true
}

// audited writes the audit entry for what a just did, or answers 500 and returns false.
func (s *Server) audited(w http.ResponseWriter, r *http.Request, a store.Admin, action, subject string, details any) bool {
	if err := s.audit(r.Context(), a.Email, action, subject, details); err != nil {
		s.adminError(w, r, err)
		return false
	}
	return true
}

// audit writes an entry to the audit log by account a. A visitor's address is never
// written there (see subjectEmail).
func (s *Server) audit(ctx context.Context, actor, action, subject string, details any) error {
	var raw json.RawMessage
	if details != nil {
		b, err := json.Marshal(details)
		if err != nil {
			return err
		}
		raw = b
	}
	_, err := s.con.Store.AddAudit(ctx, store.AuditEntry{At: s.consoleNow(), Actor: actor, Action: action, Subject: subject, Details: raw})
	return err
}

// subjectEmail is how the audit log names a visitor's address: a short hash of its key,
// the same for every spelling, so an entry can be matched to a request that gives the
// address again, while the log itself holds no address that a deletion would have to find.
func subjectEmail(email string) string {
	sum := sha256.Sum256([]byte(store.EmailKey(email)))
	return "email sha256:" + hex.EncodeToString(sum[:8])
}
