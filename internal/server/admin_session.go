package server

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"

	"github.com/teachpilot/site/internal/admin"
	"github.com/teachpilot/site/internal/store"
)

// The console's sign-in answers. The first is the same for an unknown account and a wrong
// password (admin.Service does the same work for both).
const (
	msgBadCredentials = "That email and password do not match an account."
	msgNeedCode       = "Enter the 6-digit code from your authenticator app."
)

// whoAmI is the body of a signed-in session.
type whoAmI struct {
	Email string `json:"email"`
	TOTP  bool   `json:"totp"`
}

// adminSignIn handles POST /api/admin/session: {"email", "password", "code"?}.
func (s *Server) adminSignIn(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Email    string `json:"email"`
		Password string `json:"password"`
		Code     string `json:"code"`
	}
	if !readAdminJSON(w, r, &in) {
		return
	}
	ctx := r.Context()
	client := clientIP(r, s.cfg.TrustedProxies).String()
	a, err := s.con.Admin.SignIn(ctx, in.Email, in.Password, in.Code, client)
	var locked *admin.LockedError
	switch {
	case errors.As(err, &locked):
		wait := locked.RetryAfter(s.consoleNow())
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
		minutes := int(math.Ceil(wait.Minutes()))
		unit := "minutes"
		if minutes == 1 {
			unit = "minute"
		}
		writeJSON(w, http.StatusTooManyRequests, apiError{Error: fmt.Sprintf("Too many attempts. Try again in %d %s.", minutes, unit)})
		return
	case errors.Is(err, admin.ErrInvalidCredentials):
		writeJSON(w, http.StatusUnauthorized, apiError{Error: msgBadCredentials})
		return
	case errors.Is(err, admin.ErrCodeRequired), errors.Is(err, admin.ErrInvalidCode):
		writeJSON(w, http.StatusUnauthorized, struct {
			Error    string `json:"error"`
			NeedCode bool   `json:"needCode"`
		}{msgNeedCode, true})
		return
	case err != nil:
		s.adminError(w, r, err)
		return
	}
	token, err := s.con.Admin.StartSession(ctx, a.ID)
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	if !s.audited(w, r, a, "session.sign_in", "", nil) {
		return
	}
	http.SetCookie(w, s.con.Admin.SessionCookie(token))
	writeJSON(w, http.StatusOK, whoAmI{Email: a.Email, TOTP: a.TOTPEnabled})
}

// adminWhoAmI handles GET /api/admin/session.
func (s *Server) adminWhoAmI(w http.ResponseWriter, _ *http.Request, a store.Admin) {
	writeJSON(w, http.StatusOK, whoAmI{Email: a.Email, TOTP: a.TOTPEnabled})
}

// adminSignOut handles DELETE /api/admin/session: this session ends.
func (s *Server) adminSignOut(w http.ResponseWriter, r *http.Request, a store.Admin) {
	if err := s.con.Admin.SignOut(r.Context(), s.con.Admin.Token(r)); err != nil {
		s.adminError(w, r, err)
		return
	}
	http.SetCookie(w, s.con.Admin.ClearCookie())
	if s.audited(w, r, a, "session.sign_out", "", nil) {
		w.WriteHeader(http.StatusNoContent)
	}
}

// adminSignOutEverywhere handles POST /api/admin/session/everywhere: every session of the
// account ends, on every device.
func (s *Server) adminSignOutEverywhere(w http.ResponseWriter, r *http.Request, a store.Admin) {
	n, err := s.con.Admin.SignOutEverywhere(r.Context(), a.ID)
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	http.SetCookie(w, s.con.Admin.ClearCookie())
	if s.audited(w, r, a, "session.sign_out_everywhere", "", map[string]int64{"sessions": n}) {
		w.WriteHeader(http.StatusNoContent)
	}
}
