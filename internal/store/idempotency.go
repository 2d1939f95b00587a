package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// KeepAnswersFor is how long an answer is kept by its Idempotency-Key.
const KeepAnswersFor = 24 * time.Hour

// Kept is what is stored under an Idempotency-Key: the hash of the request that used it
// first and, once that request is answered, its answer. Status 0 means it is still running.
type Kept struct {
	RequestHash []byte
	Status      int
	ContentType string
	Body        []byte
}

// ReserveIdempotency claims key on route for the request whose hash is hash, about the
// address whose key is emailKey (so a data request deletes it). It reports true if the key
// was free (the caller runs the request, then calls KeepAnswer or DropIdempotency), or false
// and what is kept under the key. Keys older than KeepAnswersFor are forgotten first.
func (s *Store) ReserveIdempotency(ctx context.Context, route, key string, hash []byte, emailKey string, now time.Time) (bool, Kept, error) {
	var reserved bool
	var kept Kept
	err := s.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `DELETE FROM idempotency WHERE created_at < $1`, utc(now.Add(-KeepAnswersFor))); err != nil {
			return err
		}
		var one int
		err := tx.queryRow(ctx,
			`INSERT INTO idempotency (route, key, request_hash, email_key, status, created_at)
			 VALUES ($1, $2, $3, $4, 0, $5)
			 ON CONFLICT (route, key) DO NOTHING RETURNING 1`,
			route, key, hash, emailKey, utc(now)).Scan(&one)
		if err == nil {
			reserved = true
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		var body string
		err = tx.queryRow(ctx,
			`SELECT request_hash, status, content_type, body FROM idempotency WHERE route = $1 AND key = $2`,
			route, key).Scan(&kept.RequestHash, &kept.Status, &kept.ContentType, &body)
		kept.Body = []byte(body)
		return err
	})
	if err != nil {
		return false, Kept{}, fmt.Errorf("store: reserve idempotency key: %w", err)
	}
	return reserved, kept, nil
}

// KeepAnswer stores the answer to the request that reserved key on route.
func (s *Store) KeepAnswer(ctx context.Context, route, key string, status int, contentType string, body []byte) error {
	_, err := s.wexec(ctx,
		`UPDATE idempotency SET status = $3, content_type = $4, body = $5 WHERE route = $1 AND key = $2`,
		route, key, status, contentType, string(body))
	if err != nil {
		return fmt.Errorf("store: keep answer: %w", err)
	}
	return nil
}

// DropIdempotency frees key on route, after a request that stored nothing (refused or
// failed), so that the client may send it again.
func (s *Store) DropIdempotency(ctx context.Context, route, key string) error {
	if _, err := s.wexec(ctx, `DELETE FROM idempotency WHERE route = $1 AND key = $2`, route, key); err != nil {
		return fmt.Errorf("store: drop idempotency key: %w", err)
	}
	return nil
}
