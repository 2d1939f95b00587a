package store

import (
	"context"
	"fmt"
	"time"
)

// Cutoffs are the times before which the retention job deletes each kind of data.
type Cutoffs struct {
	Contacts          time.Time // contact messages received before this
	LessonPlans       time.Time // lesson-plan requests (with their plans and feedback)
	UnconfirmedSignUp time.Time // pending newsletter sign-ups made before this
	SentMail          time.Time // outbox messages sent, or given up on and queued, before this (they hold addresses)
	Tokens            time.Time // subscriber tokens (links) that expired before this
	Now               time.Time // console sessions expired by now
}

// Purged counts what Purge deleted, per kind.
type Purged struct {
	Contacts          int64 `json:"contacts"`
	LessonPlans       int64 `json:"lessonPlans"`
	UnconfirmedSignUp int64 `json:"unconfirmedSignUps"`
	SentMail          int64 `json:"sentMail"`
	FailedMail        int64 `json:"failedMail"`
	ExpiredTokens     int64 `json:"expiredTokens"`
	ExpiredSessions   int64 `json:"expiredSessions"`
}

// Purge deletes, in one transaction, everything older than its cutoff.
func (s *Store) Purge(ctx context.Context, c Cutoffs) (Purged, error) {
	var p Purged
	err := s.InTx(ctx, func(tx *Tx) error {
		for _, step := range []struct {
			n     *int64
			query string
			args  []any
		}{
			{&p.Contacts, `DELETE FROM contacts WHERE created_at < $1`, []any{utc(c.Contacts)}},
			{&p.LessonPlans, `DELETE FROM lesson_plans WHERE created_at < $1`, []any{utc(c.LessonPlans)}},
			{&p.UnconfirmedSignUp, `DELETE FROM subscribers WHERE status = $1 AND created_at < $2`, []any{Pending, utc(c.UnconfirmedSignUp)}},
			{&p.SentMail, `DELETE FROM outbox WHERE status = $1 AND sent_at < $2`, []any{OutboxSent, utc(c.SentMail)}},
			{&p.FailedMail, `DELETE FROM outbox WHERE status = $1 AND created_at < $2`, []any{OutboxFailed, utc(c.SentMail)}},
			{&p.ExpiredTokens, `DELETE FROM subscriber_tokens WHERE expires_at <= $1`, []any{utc(c.Tokens)}},
			{&p.ExpiredSessions, `DELETE FROM admin_sessions WHERE expires_at <= $1`, []any{utc(c.Now)}},
		} {
			res, err := tx.exec(ctx, step.query, step.args...)
			if err != nil {
				return fmt.Errorf("store: purge: %w", err)
			}
			if *step.n, err = res.RowsAffected(); err != nil {
				return fmt.Errorf("store: purge: %w", err)
			}
		}
		return nil
	})
	return p, err
}
