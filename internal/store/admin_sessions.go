package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// AdminSession is a signed-in console session. Only the SHA-256 of its token is stored.
type AdminSession struct {
	TokenHash  []byte
	AdminID    int64
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time // the absolute end, whatever the activity
}

// AddAdminSession stores a new session.
func (s *Store) AddAdminSession(ctx context.Context, ses AdminSession) error {
	_, err := s.wexec(ctx,
		`INSERT INTO admin_sessions (token_hash, admin_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
		ses.TokenHash, ses.AdminID, utc(ses.CreatedAt), utc(ses.LastSeenAt), utc(ses.ExpiresAt))
	if err != nil {
		return fmt.Errorf("store: add admin session: %w", err)
	}
	return nil
}

// AdminSession returns the session whose token hashes to hash, or ErrNotFound.
func (s *Store) AdminSession(ctx context.Context, hash []byte) (AdminSession, error) {
	ses := AdminSession{TokenHash: hash}
	err := s.db.QueryRowContext(ctx,
		`SELECT admin_id, created_at, last_seen_at, expires_at FROM admin_sessions WHERE token_hash = $1`, hash).
		Scan(&ses.AdminID, &ses.CreatedAt, &ses.LastSeenAt, &ses.ExpiresAt)
	if err != nil {
		return AdminSession{}, notFound(err, "admin session")
	}
	ses.CreatedAt, ses.LastSeenAt, ses.ExpiresAt = ses.CreatedAt.UTC(), ses.LastSeenAt.UTC(), ses.ExpiresAt.UTC()
	return ses, nil
}

// TouchAdminSession records activity on a session (for its idle expiry).
func (s *Store) TouchAdminSession(ctx context.Context, hash []byte, now time.Time) error {
	res, err := s.wexec(ctx, `UPDATE admin_sessions SET last_seen_at = $2 WHERE token_hash = $1`, hash, utc(now))
	return oneRow(res, err, "touch admin session")
}

// DeleteAdminSession ends one session. Ending a session that is gone is not an error.
func (s *Store) DeleteAdminSession(ctx context.Context, hash []byte) error {
	if _, err := s.wexec(ctx, `DELETE FROM admin_sessions WHERE token_hash = $1`, hash); err != nil {
		return fmt.Errorf("store: delete admin session: %w", err)
	}
	return nil
}

// DeleteAdminSessions ends every session of an account and reports how many there were.
func (s *Store) DeleteAdminSessions(ctx context.Context, adminID int64) (int64, error) {
	res, err := s.wexec(ctx, `DELETE FROM admin_sessions WHERE admin_id = $1`, adminID)
	if err != nil {
		return 0, fmt.Errorf("store: delete admin sessions: %w", err)
	}
	return res.RowsAffected()
}

// Throttle is the failed sign-ins counted for one key.
type Throttle struct {
	Failures    int
	WindowStart time.Time
	LockedUntil *time.Time
}

// SignInThrottle returns the failures counted for key; a key with none gives a zero Throttle.
func (s *Store) SignInThrottle(ctx context.Context, key string) (Throttle, error) {
	var th Throttle
	var locked sql.NullTime
	err := s.db.QueryRowContext(ctx,
		`SELECT failures, window_start, locked_until FROM sign_in_throttle WHERE key = $1`, key).
		Scan(&th.Failures, &th.WindowStart, &locked)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Throttle{}, nil
		}
		return Throttle{}, fmt.Errorf("store: sign-in throttle: %w", err)
	}
	th.WindowStart = th.WindowStart.UTC()
	th.LockedUntil = nullTime(locked)
	return th, nil
}

// RecordSignInFailure counts one failed sign-in for key at now, in a transaction so that
// concurrent failures on several instances are all counted. The window restarts when the
// previous one is older than window; once limit failures fall in one window, the key is
// locked until now+lockout. It returns the key's state after the failure.
func (s *Store) RecordSignInFailure(ctx context.Context, key string, now time.Time, window time.Duration, limit int, lockout time.Duration) (Throttle, error) {
	now = utc(now)
	var th Throttle
	err := s.InTx(ctx, func(tx *Tx) error {
		// The upsert takes the row lock first, so the read below sees every committed failure.
		_, err := tx.exec(ctx,
			`INSERT INTO sign_in_throttle (key, failures, window_start) VALUES ($1, 0, $2) ON CONFLICT (key) DO NOTHING`, key, now)
		if err != nil {
			return err
		}
		_, err = tx.exec(ctx,
			`UPDATE sign_in_throttle SET failures = CASE WHEN window_start < $2 THEN 1 ELSE failures + 1 END,
			 window_start = CASE WHEN window_start < $2 THEN $3 ELSE window_start END WHERE key = $1`,
			key, now.Add(-window), now)
		if err != nil {
			return err
		}
		_, err = tx.exec(ctx,
			`UPDATE sign_in_throttle SET locked_until = $3 WHERE key = $1 AND failures >= $2`, key, limit, now.Add(lockout))
		if err != nil {
			return err
		}
		var locked sql.NullTime
		if err := tx.queryRow(ctx, `SELECT failures, window_start, locked_until FROM sign_in_throttle WHERE key = $1`, key).
			Scan(&th.Failures, &th.WindowStart, &locked); err != nil {
			return err
		}
		th.WindowStart, th.LockedUntil = th.WindowStart.UTC(), nullTime(locked)
		return nil
	})
	if err != nil {
		return Throttle{}, fmt.Errorf("store: record sign-in failure: %w", err)
	}
	return th, nil
}

// ClearSignInFailures forgets the failures of key (after a successful sign-in).
func (s *Store) ClearSignInFailures(ctx context.Context, key string) error {
	if _, err := s.wexec(ctx, `DELETE FROM sign_in_throttle WHERE key = $1`, key); err != nil {
		return fmt.Errorf("store: clear sign-in failures: %w", err)
	}
	return nil
}
