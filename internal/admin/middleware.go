package admin

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/teachpilot/site/internal/store"
)

// CookieName is the session cookie's name. Behind HTTPS it has the __Host- prefix, which
// makes browsers accept it only Secure, for Path=/ and without a Domain, so a sibling
// subdomain cannot set or shadow it; browsers refuse that prefix without Secure, so over
// plain HTTP (local development) the cookie goes without it.
func (s *Service) CookieName() string {
	if s.cfg.Secure {
		return "__Host-tp_admin"
	}
	return "tp_admin"
}

// SessionCookie is the cookie that carries token: HttpOnly (no script reads it),
// SameSite=Strict (no other site's page sends it), Secure behind HTTPS, and kept by the
// browser no longer than the session's absolute expiry.
func (s *Service) SessionCookie(token string) *http.Cookie {
	return &http.Cookie{
		Name: s.CookieName(), Value: token, Path: "/", MaxAge: int(s.cfg.AbsoluteTimeout.Seconds()),
		HttpOnly: true, Secure: s.cfg.Secure, SameSite: http.SameSiteStrictMode,
	}
}

// ClearCookie is the cookie that makes the browser forget the session (for sign-out).
func (s *Service) ClearCookie() *http.Cookie {
	c := s.SessionCookie("")
	c.MaxAge = -1
	return c
}

// Token returns the session token r carries, or "".
func (s *Service) Token(r *http.Request) string {
	c, err := r.Cookie(s.CookieName())
	if err != nil {
		return ""
	}
	return c.Value
}

type adminKey struct{}

// AdminFrom returns the account RequireSession put in the request's context.
func AdminFrom(ctx context.Context) (store.Admin, bool) {
	a, ok := ctx.Value(adminKey{}).(store.Admin)
	return a, ok
}

// RequireSession passes to next only requests signed in to the console, with the account
// in the context (AdminFrom). Every response is marked no-store and noindex. A
// state-changing request from another origin is refused with 403 (http.CrossOriginProtection,
// checked first: it needs no database); a missing, forged, expired or signed-out session
// gets 401. Both answer JSON {"error": "…"}.
func (s *Service) RequireSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Robots-Tag", "noindex")
		if err := s.cop.Check(r); err != nil {
			writeError(w, http.StatusForbidden, "cross-origin request refused")
			return
		}
		a, err := s.Resolve(r.Context(), s.Token(r))
		if errors.Is(err, ErrNoSession) {
			writeError(w, http.StatusUnauthorized, "sign in to continue")
			return
		}
		if err != nil {
			s.cfg.Log.ErrorContext(r.Context(), "admin: resolve session", "err", err)
			writeError(w, http.StatusInternalServerError, "something went wrong")
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), adminKey{}, a)))
	})
}

func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": msg})
}
