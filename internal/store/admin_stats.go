package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// MailStats is the state of the outbox, for metrics and the dashboard.
type MailStats struct {
	Pending, Sent, Failed int64
	// OldestPending is when the oldest message still waiting was queued; nil when none waits.
	OldestPending *time.Time
}

// MailStats counts the outbox's email by status (webhook deliveries are not mail).
func (s *Store) MailStats(ctx context.Context) (MailStats, error) {
	var m MailStats
	rows, err := s.db.QueryContext(ctx, `SELECT status, count(*) FROM outbox WHERE kind <> $1 GROUP BY status`, OutboxWebhook)
	if err != nil {
		return MailStats{}, fmt.Errorf("store: mail stats: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var status string
		var n int64
		if err := rows.Scan(&status, &n); err != nil {
			return MailStats{}, fmt.Errorf("store: mail stats: %w", err)
		}
		switch status {
		case OutboxPending:
			m.Pending = n
		case OutboxSent:
			m.Sent = n
		case OutboxFailed:
			m.Failed = n
		}
	}
	if err := rows.Err(); err != nil {
		return MailStats{}, fmt.Errorf("store: mail stats: %w", err)
	}
	// The pending index is ordered by id, and ids grow with time: the first is the oldest.
	var oldest sql.NullTime
	err = s.db.QueryRowContext(ctx, `SELECT created_at FROM outbox WHERE status = $1 AND kind <> $2 ORDER BY id LIMIT 1`, OutboxPending, OutboxWebhook).Scan(&oldest)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return MailStats{}, fmt.Errorf("store: mail stats: %w", err)
	}
	m.OldestPending = nullTime(oldest)
	return m, nil
}
