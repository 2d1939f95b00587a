package admin

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"

	"github.com/teachpilot/site/internal/store"
)

// ErrNoSession is the one error for a token that is malformed, unknown, expired or signed
// out: the caller answers 401 whichever it was.
var ErrNoSession = errors.New("admin: no valid session")

// touchEvery is how stale a session's last activity may be before a request records it
// again: recording every request would be a database write per click.
const touchEvery = 60 // seconds

// StartSession opens a session for the account and returns its token, for the cookie: 256
// random bits, of which only the SHA-256 is stored.
func (s *Service) StartSession(ctx context.Context, adminID int64) (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	now := s.cfg.Now()
	err := s.st.AddAdminSession(ctx, store.AdminSession{
		TokenHash: tokenHash(raw), AdminID: adminID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(s.cfg.AbsoluteTimeout),
	})
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(raw), nil
}

func tokenHash(raw []byte) []byte { h := sha256.Sum256(raw); return h[:] }

func decodeToken(token string) ([]byte, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(token)
	return raw, err == nil && len(raw) == 32
}

// Resolve returns the account signed in with token, recording the activity. A session
// past its idle or absolute expiry is deleted and gives ErrNoSession.
func (s *Service) Resolve(ctx context.Context, token string) (store.Admin, error) {
	raw, ok := decodeToken(token)
	if !ok {
		return store.Admin{}, ErrNoSession
	}
	hash := tokenHash(raw)
	ses, err := s.st.AdminSession(ctx, hash)
	if errors.Is(err, store.ErrNotFound) {
		return store.Admin{}, ErrNoSession
	}
	if err != nil {
		return store.Admin{}, err
	}
	now := s.cfg.Now()
	if !now.Before(ses.ExpiresAt) || !now.Before(ses.LastSeenAt.Add(s.cfg.IdleTimeout)) {
		if err := s.st.DeleteAdminSession(ctx, hash); err != nil {
			return store.Admin{}, err
		}
		return store.Admin{}, ErrNoSession
	}
	a, err := s.st.AdminByID(ctx, ses.AdminID)
	if errors.Is(err, store.ErrNotFound) {
		return store.Admin{}, ErrNoSession
	}
	if err != nil {
		return store.Admin{}, err
	}
	if now.Sub(ses.LastSeenAt).Seconds() >= touchEvery {
		if err := s.st.TouchAdminSession(ctx, hash, now); err != nil && !errors.Is(err, store.ErrNotFound) {
			return store.Admin{}, err
		}
	}
	return a, nil
}

// SignOut ends the session of token. An unknown or malformed token is already signed out.
func (s *Service) SignOut(ctx context.Context, token string) error {
	raw, ok := decodeToken(token)
	if !ok {
		return nil
	}
	return s.st.DeleteAdminSession(ctx, tokenHash(raw))
}

// SignOutEverywhere ends every session of the account and reports how many there were.
func (s *Service) SignOutEverywhere(ctx context.Context, adminID int64) (int64, error) {
	return s.st.DeleteAdminSessions(ctx, adminID)
}
