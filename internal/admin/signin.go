package admin

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// Sign-in errors. ErrInvalidCredentials is the one answer for an unknown address and a
// wrong password alike, so the console does not tell which addresses have accounts.
var (
	ErrInvalidCredentials = errors.New("wrong email address or password")
	ErrCodeRequired       = errors.New("enter the code from your authenticator app")
	ErrInvalidCode        = errors.New("wrong or already used code")
	ErrLocked             = errors.New("too many failed sign-ins; try again later")
)

// LockedError says until when sign-in is refused; errors.Is(err, ErrLocked) holds.
type LockedError struct{ Until time.Time }

func (e *LockedError) Error() string        { return ErrLocked.Error() }
func (e *LockedError) Is(target error) bool { return target == ErrLocked }

// RetryAfter is how long the caller should wait, for a Retry-After header.
func (e *LockedError) RetryAfter(now time.Time) time.Duration {
	return max(e.Until.Sub(now), time.Second)
}

func accountKey(email string) string { return "account:" + strings.ToLower(strings.TrimSpace(email)) }
func clientKey(client string) string { return "client:" + client }

// Authenticate checks email and password for a sign-in from client (its address), without
// the second factor (see SignIn). An unknown address and a wrong password give the same
// error after the same work: the password is checked against a dummy hash when there is
// no account, and the failure is counted for the address and the client either way.
// While the address or the client is locked it returns a *LockedError without checking.
func (s *Service) Authenticate(ctx context.Context, email, password, client string) (store.Admin, error) {
	a, err := s.authenticate(ctx, email, password, client)
	if err != nil {
		return store.Admin{}, err
	}
	return a, s.st.ClearSignInFailures(ctx, accountKey(email))
}

// SignIn is Authenticate followed by the TOTP code when the account has a second factor:
// ErrCodeRequired when code is empty, ErrInvalidCode (counted as a failure) when it is
// wrong or was used before. Failures are cleared only once both factors passed, so a
// known password does not allow guessing codes without limit.
func (s *Service) SignIn(ctx context.Context, email, password, code, client string) (store.Admin, error) {
	a, err := s.authenticate(ctx, email, password, client)
	if err != nil {
		return store.Admin{}, err
	}
	if a.TOTPEnabled {
		if strings.TrimSpace(code) == "" {
			return store.Admin{}, ErrCodeRequired
		}
		ok, err := s.checkCode(ctx, a, code)
		if err != nil {
			return store.Admin{}, err
		}
		if !ok {
			if err := s.fail(ctx, email, client); err != nil {
				return store.Admin{}, err
			}
			return store.Admin{}, ErrInvalidCode
		}
	}
	return a, s.st.ClearSignInFailures(ctx, accountKey(email))
}

func (s *Service) authenticate(ctx context.Context, email, password, client string) (store.Admin, error) {
	now := s.cfg.Now()
	for _, key := range []string{accountKey(email), clientKey(client)} {
		th, err := s.st.SignInThrottle(ctx, key)
		if err != nil {
			return store.Admin{}, err
		}
		if th.LockedUntil != nil && th.LockedUntil.After(now) {
			return store.Admin{}, &LockedError{Until: *th.LockedUntil}
		}
	}
	a, err := s.st.AdminByEmail(ctx, email)
	hash := a.PasswordHash
	switch {
	case errors.Is(err, store.ErrNotFound):
		hash = s.dummyHash
	case err != nil:
		return store.Admin{}, err
	}
	ok, err := VerifyPassword(password, hash)
	if err != nil {
		return store.Admin{}, fmt.Errorf("admin: account %d: %w", a.ID, err)
	}
	if !ok || a.ID == 0 {
		if err := s.fail(ctx, email, client); err != nil {
			return store.Admin{}, err
		}
		return store.Admin{}, ErrInvalidCredentials
	}
	return a, nil
}

// fail counts a failed sign-in against the address and the client.
func (s *Service) fail(ctx context.Context, email, client string) error {
	now := s.cfg.Now()
	if _, err := s.st.RecordSignInFailure(ctx, accountKey(email), now, s.cfg.Window, s.cfg.AccountLimit, s.cfg.Lockout); err != nil {
		return err
	}
	_, err := s.st.RecordSignInFailure(ctx, clientKey(client), now, s.cfg.Window, s.cfg.ClientLimit, s.cfg.Lockout)
	return err
}
