package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrExists is returned when a row that must be unique is already there.
var ErrExists = errors.New("store: already exists")

// Admin is an account of the team's console.
type Admin struct {
	ID           int64
	Email        string // lower-cased
	PasswordHash string // argon2id PHC string (internal/admin)
	// TOTPSecret is the sealed TOTP secret, nil until enrolment starts; TOTPEnabled is set
	// once a first code has been verified. TOTPLastStep is the last time step accepted.
	TOTPSecret   []byte
	TOTPEnabled  bool
	TOTPLastStep int64
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

const adminColumns = `id, email, password_hash, totp_secret, totp_enabled, totp_last_step, created_at, updated_at`

func scanAdmin(row scanner) (Admin, error) {
	var a Admin
	err := row.Scan(&a.ID, &a.Email, &a.PasswordHash, &a.TOTPSecret, &a.TOTPEnabled, &a.TOTPLastStep, &a.CreatedAt, &a.UpdatedAt)
	a.CreatedAt, a.UpdatedAt = a.CreatedAt.UTC(), a.UpdatedAt.UTC()
	return a, err
}

// AddAdmin creates an account, or returns ErrExists when the address has one.
func (s *Store) AddAdmin(ctx context.Context, email, passwordHash string, now time.Time) (Admin, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	res, err := s.wexec(ctx,
		`INSERT INTO admins (email, password_hash, created_at, updated_at) VALUES ($1, $2, $3, $3)
		 ON CONFLICT (email) DO NOTHING`, email, passwordHash, utc(now))
	if err != nil {
		return Admin{}, fmt.Errorf("store: add admin: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return Admin{}, fmt.Errorf("store: add admin %s: %w", email, ErrExists)
	}
	return s.AdminByEmail(ctx, email)
}

// AdminByEmail returns the account of email (compared case-insensitively) or ErrNotFound.
func (s *Store) AdminByEmail(ctx context.Context, email string) (Admin, error) {
	a, err := scanAdmin(s.db.QueryRowContext(ctx, `SELECT `+adminColumns+` FROM admins WHERE email = $1`,
		strings.ToLower(strings.TrimSpace(email))))
	if err != nil {
		return Admin{}, notFound(err, "admin")
	}
	return a, nil
}

// AdminByID returns the account with the given id or ErrNotFound.
func (s *Store) AdminByID(ctx context.Context, id int64) (Admin, error) {
	a, err := scanAdmin(s.db.QueryRowContext(ctx, `SELECT `+adminColumns+` FROM admins WHERE id = $1`, id))
	if err != nil {
		return Admin{}, notFound(err, "admin")
	}
	return a, nil
}

// Admins lists every account, by address.
func (s *Store) Admins(ctx context.Context) ([]Admin, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+adminColumns+` FROM admins ORDER BY email`)
	if err != nil {
		return nil, fmt.Errorf("store: admins: %w", err)
	}
	defer rows.Close()
	var out []Admin
	for rows.Next() {
		a, err := scanAdmin(rows)
		if err != nil {
			return nil, fmt.Errorf("store: admins: %w", err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// RemoveAdmin deletes the account of email and, with it, its sessions.
func (s *Store) RemoveAdmin(ctx context.Context, email string) error {
	res, err := s.wexec(ctx, `DELETE FROM admins WHERE email = $1`, strings.ToLower(strings.TrimSpace(email)))
	return oneRow(res, err, "remove admin "+email)
}

// ResetAdmin gives the account of email a new password, turns its second factor off and
// ends all its sessions: a reset is for someone who lost access, maybe with their phone.
func (s *Store) ResetAdmin(ctx context.Context, email, passwordHash string, now time.Time) error {
	email = strings.ToLower(strings.TrimSpace(email))
	return s.InTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx,
			`UPDATE admins SET password_hash = $2, totp_secret = NULL, totp_enabled = $3, totp_last_step = 0,
			 updated_at = $4 WHERE email = $1`, email, passwordHash, false, utc(now))
		if err := oneRow(res, err, "reset admin "+email); err != nil {
			return err
		}
		_, err = tx.exec(ctx, `DELETE FROM admin_sessions WHERE admin_id = (SELECT id FROM admins WHERE email = $1)`, email)
		if err != nil {
			return fmt.Errorf("store: reset admin %s: %w", email, err)
		}
		return nil
	})
}

// SetAdminTOTP stores a sealed TOTP secret for the account and whether it is in force.
// A nil secret turns the second factor off.
func (s *Store) SetAdminTOTP(ctx context.Context, id int64, sealed []byte, enabled bool, now time.Time) error {
	res, err := s.wexec(ctx,
		`UPDATE admins SET totp_secret = $2, totp_enabled = $3, updated_at = $4 WHERE id = $1`,
		id, sealed, enabled, utc(now))
	return oneRow(res, err, "set admin totp")
}

// UseTOTPStep records that the code of time step was accepted for the account, and reports
// false when that step (or a later one) had already been used: a code is good only once.
func (s *Store) UseTOTPStep(ctx context.Context, id, step int64) (bool, error) {
	res, err := s.wexec(ctx, `UPDATE admins SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2`, id, step)
	if err != nil {
		return false, fmt.Errorf("store: use totp step: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: use totp step: %w", err)
	}
	return n == 1, nil
}
