package admin

import (
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"image/png"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"github.com/teachpilot/site/internal/store"
)

// TOTP settings: the ones every authenticator app supports (RFC 6238 defaults).
const (
	totpPeriod = 30
	totpSkew   = 1 // steps either side of now, for a phone's clock a little off
)

var totpOpts = totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// Enrolment is what a person needs to add the console to an authenticator app: the secret
// (to type in), the otpauth:// URL, and that URL as a QR code PNG, rendered here rather
// than by a third-party service that would see the secret.
type Enrolment struct {
	Secret string
	URL    string
	QRPNG  []byte
}

// EnrolTOTP makes a new TOTP secret for the account and stores it sealed, not yet in force:
// ConfirmTOTP turns it on once a first code proves the app has it.
func (s *Service) EnrolTOTP(ctx context.Context, a store.Admin) (Enrolment, error) {
	if len(s.cfg.SecretKey) == 0 {
		return Enrolment{}, ErrNoSecretKey
	}
	key, err := totp.Generate(totp.GenerateOpts{
		Issuer: s.cfg.Issuer, AccountName: a.Email, Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1,
	})
	if err != nil {
		return Enrolment{}, err
	}
	img, err := key.Image(256, 256)
	if err != nil {
		return Enrolment{}, err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return Enrolment{}, err
	}
	sealed, err := seal(s.cfg.SecretKey, []byte(key.Secret()))
	if err != nil {
		return Enrolment{}, err
	}
	if err := s.st.SetAdminTOTP(ctx, a.ID, sealed, false, s.cfg.Now()); err != nil {
		return Enrolment{}, err
	}
	return Enrolment{Secret: key.Secret(), URL: key.URL(), QRPNG: buf.Bytes()}, nil
}

// ConfirmTOTP turns the second factor on if code is right for the secret EnrolTOTP made.
func (s *Service) ConfirmTOTP(ctx context.Context, adminID int64, code string) error {
	a, err := s.st.AdminByID(ctx, adminID)
	if err != nil {
		return err
	}
	if a.TOTPSecret == nil {
		return errors.New("admin: no TOTP enrolment to confirm")
	}
	ok, err := s.checkCode(ctx, a, code)
	if err != nil {
		return err
	}
	if !ok {
		return ErrInvalidCode
	}
	return s.st.SetAdminTOTP(ctx, a.ID, a.TOTPSecret, true, s.cfg.Now())
}

// CheckTOTP returns nil if code is the account's current code (and uses it up), else
// ErrInvalidCode: for a change that needs the second factor again, such as turning it off.
func (s *Service) CheckTOTP(ctx context.Context, a store.Admin, code string) error {
	if !a.TOTPEnabled || a.TOTPSecret == nil {
		return ErrInvalidCode
	}
	ok, err := s.checkCode(ctx, a, code)
	if err != nil {
		return err
	}
	if !ok {
		return ErrInvalidCode
	}
	return nil
}

// DisableTOTP turns the second factor off and forgets its secret.
func (s *Service) DisableTOTP(ctx context.Context, adminID int64) error {
	return s.st.SetAdminTOTP(ctx, adminID, nil, false, s.cfg.Now())
}

// checkCode reports whether code is the account's code for now or a step either side, and
// records that step as used, so the same code (or an older one) is refused afterwards.
func (s *Service) checkCode(ctx context.Context, a store.Admin, code string) (bool, error) {
	secret, err := open(s.cfg.SecretKey, a.TOTPSecret)
	if err != nil {
		return false, err
	}
	code = strings.TrimSpace(code)
	now := s.cfg.Now()
	for skew := -totpSkew; skew <= totpSkew; skew++ {
		at := now.Add(time.Duration(skew*totpPeriod) * time.Second)
		want, err := totp.GenerateCodeCustom(string(secret), at, totpOpts)
		if err != nil {
			return false, err
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return s.st.UseTOTPStep(ctx, a.ID, at.Unix()/totpPeriod)
		}
	}
	return false, nil
}
