package server

import (
	"encoding/base64"
	"errors"
	"net/http"

	"github.com/teachpilot/site/internal/admin"
	"github.com/teachpilot/site/internal/store"
)

// codeAccepted answers the outcome err of checking a two-step code when it is not nil: 422
// for a wrong code, 500 for anything else. It returns whether the code was accepted.
func (s *Server) codeAccepted(w http.ResponseWriter, r *http.Request, err error) bool {
	switch {
	case errors.Is(err, admin.ErrInvalidCode):
		writeJSON(w, http.StatusUnprocessableEntity, apiError{Error: "That code is not right. Enter the 6-digit code your app shows now."})
		return false
	case err != nil:
		s.adminError(w, r, err)
		return false
	}
	return true
}

// adminEnrolTOTP handles POST /api/admin/account/totp: a new secret for the account's
// authenticator app, with its QR code rendered here. It is not in force until confirmed.
func (s *Server) adminEnrolTOTP(w http.ResponseWriter, r *http.Request, a store.Admin) {
	e, err := s.con.Admin.EnrolTOTP(r.Context(), a)
	if errors.Is(err, admin.ErrNoSecretKey) {
		writeJSON(w, http.StatusBadRequest, apiError{Error: "Two-step sign-in needs ADMIN_SECRET_KEY in the site's configuration. Ask whoever runs the site to set it."})
		return
	}
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Secret string `json:"secret"`
		URL    string `json:"url"`
		QR     string `json:"qr"`
	}{e.Secret, e.URL, "data:image/png;base64," + base64.StdEncoding.EncodeToString(e.QRPNG)})
}

// adminConfirmTOTP handles POST /api/admin/account/totp/confirm: {"code"}.
func (s *Server) adminConfirmTOTP(w http.ResponseWriter, r *http.Request, a store.Admin) {
	var in struct {
		Code string `json:"code"`
	}
	if !readAdminJSON(w, r, &in) {
		return
	}
	if !s.codeAccepted(w, r, s.con.Admin.ConfirmTOTP(r.Context(), a.ID, in.Code)) {
		return
	}
	if s.audited(w, r, a, "account.totp_on", "", nil) {
		w.WriteHeader(http.StatusNoContent)
	}
}

// adminDisableTOTP handles DELETE /api/admin/account/totp: {"code"}, a current code, so a
// session left open cannot remove the second factor.
func (s *Server) adminDisableTOTP(w http.ResponseWriter, r *http.Request, a store.Admin) {
	var in struct {
		Code string `json:"code"`
	}
	if !readAdminJSON(w, r, &in) {
		return
	}
	if a.TOTPEnabled && !s.codeAccepted(w, r, s.con.Admin.CheckTOTP(r.Context(), a, in.Code)) {
		return
	}
	if err := s.con.Admin.DisableTOTP(r.Context(), a.ID); err != nil {
		s.adminError(w, r, err)
		return
	}
	if s.audited(w, r, a, "account.totp_off", "", nil) {
		w.WriteHeader(http.StatusNoContent)
	}
}
