package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// MailQuotaDay is how many messages one address was sent on one day (UTC).
type MailQuotaDay struct {
	Day  string `json:"day"` // 2006-01-02
	Sent int    `json:"sent"`
}

// KeptAnswer is an API answer kept by Idempotency-Key (see Tx.ReserveIdempotency).
type KeptAnswer struct {
	Route     string    `json:"route"`
	Status    int       `json:"status"`
	Body      string    `json:"body"`
	CreatedAt time.Time `json:"createdAt"`
}

func dayNumber(t time.Time) int64 { return t.UTC().Unix() / 86400 }

// CountMail counts one more message to the address whose key is key on now's day (UTC) and
// reports whether that is within limit messages a day. Over the limit, the count does not
// grow. The count lives in the database, so the limit holds across instances and restarts.
// The first count of a day also deletes the counts of earlier days.
func (tx *Tx) CountMail(ctx context.Context, key string, now time.Time, limit int) (bool, error) {
	day := dayNumber(now)
	var sent int
	err := tx.queryRow(ctx,
		`INSERT INTO mail_quota (day, email_key, sent) VALUES ($1, $2, 1)
		 ON CONFLICT (day, email_key) DO UPDATE SET sent = mail_quota.sent + 1
		 WHERE mail_quota.sent < $3
		 RETURNING sent`, day, key, limit).Scan(&sent)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return false, nil // the WHERE refused the update: over the limit
		}
		return false, fmt.Errorf("store: count mail: %w", err)
	}
	// The first count of a day in this process (not of each address: a statement more for
	// nearly every submission) deletes the counts of earlier days. Should this transaction
	// roll back, they go with the next day's.
	if prev := tx.s.quotaDay.Load(); prev < day && tx.s.quotaDay.CompareAndSwap(prev, day) {
		if _, err := tx.exec(ctx, `DELETE FROM mail_quota WHERE day < $1`, day); err != nil {
			return false, fmt.Errorf("store: count mail: %w", err)
		}
	}
	return true, nil
}

func (s *Store) exportMailAndAnswers(ctx context.Context, key string) ([]MailQuotaDay, []KeptAnswer, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT day, sent FROM mail_quota WHERE email_key = $1 ORDER BY day`, key)
	quota, err := collect(rows, err, func(row scanner) (MailQuotaDay, error) {
		var day int64
		var q MailQuotaDay
		err := row.Scan(&day, &q.Sent)
		q.Day = time.Unix(day*86400, 0).UTC().Format(time.DateOnly)
		return q, err
	})
	if err != nil {
		return nil, nil, fmt.Errorf("store: export mail quota: %w", err)
	}
	quota = append([]MailQuotaDay{}, quota...) // a list, not null, in the JSON
	answers := []KeptAnswer{}
	rows, err = s.db.QueryContext(ctx, `SELECT route, status, body, created_at FROM idempotency WHERE email_key = $1 ORDER BY created_at`, key)
	if err != nil {
		return nil, nil, fmt.Errorf("store: export kept answers: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var a KeptAnswer
		if err := rows.Scan(&a.Route, &a.Status, &a.Body, &a.CreatedAt); err != nil {
			return nil, nil, fmt.Errorf("store: export kept answers: %w", err)
		}
		a.CreatedAt = a.CreatedAt.UTC()
		answers = append(answers, a)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("store: export kept answers: %w", err)
	}
	return quota, answers, nil
}
