package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Subscriber states.
const (
	// Pending: subscribed but not yet confirmed by the link in the confirmation email.
	Pending = "pending"
	// Confirmed: receives the newsletter.
	Confirmed = "confirmed"
	// Unsubscribed: receives nothing until they subscribe and confirm again.
	Unsubscribed = "unsubscribed"
)

// Token purposes.
const (
	PurposeConfirm     = "confirm"
	PurposeUnsubscribe = "unsubscribe"
)

// Subscriber is one address that asked for the newsletter.
type Subscriber struct {
	ID     int64
	Email  string // as first typed; found by EmailKey
	Status string // Pending, Confirmed or Unsubscribed
	// Spam is set when the address arrived with the honeypot filled and no real request
	// for it has come since.
	Spam               bool
	CreatedAt          time.Time
	UpdatedAt          time.Time
	ConfirmationSentAt *time.Time
	ConfirmedAt        *time.Time
	UnsubscribedAt     *time.Time
}

const subscriberColumns = `id, email, status, spam, created_at, updated_at, confirmation_sent_at, confirmed_at, unsubscribed_at`

func scanSubscriber(row scanner) (Subscriber, error) {
	var s Subscriber
	var sent, confirmed, unsubscribed sql.NullTime
	err := row.Scan(&s.ID, &s.Email, &s.Status, &s.Spam, &s.CreatedAt, &s.UpdatedAt, &sent, &confirmed, &unsubscribed)
	s.CreatedAt, s.UpdatedAt = s.CreatedAt.UTC(), s.UpdatedAt.UTC()
	s.ConfirmationSentAt, s.ConfirmedAt, s.UnsubscribedAt = nullTime(sent), nullTime(confirmed), nullTime(unsubscribed)
	return s, err
}

// AddSubscriber inserts email as a pending subscriber unless it is already known. It returns
// the subscriber's id and whether it was created. Concurrent calls for one address are safe.
func (tx *Tx) AddSubscriber(ctx context.Context, email string, spam bool, now time.Time) (id int64, created bool, err error) {
	err = tx.queryRow(ctx,
		`INSERT INTO subscribers (email, email_key, status, spam, created_at, updated_at)
		 VALUES ($1, $5, $2, $3, $4, $4)
		 ON CONFLICT (email_key) DO NOTHING
		 RETURNING id`,
		email, Pending, spam, utc(now), EmailKey(email)).Scan(&id)
	if err == nil {
		return id, true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, false, fmt.Errorf("store: add subscriber: %w", err)
	}
	err = tx.queryRow(ctx, `SELECT id FROM subscribers WHERE email_key = $1`, EmailKey(email)).Scan(&id)
	if err != nil {
		return 0, false, notFound(err, "add subscriber")
	}
	return id, false, nil
}

// Subscriber returns the subscriber with the given address (in any spelling: see EmailKey).
func (s *Store) Subscriber(ctx context.Context, email string) (Subscriber, error) {
	sub, err := scanSubscriber(s.db.QueryRowContext(ctx,
		`SELECT `+subscriberColumns+` FROM subscribers WHERE email_key = $1`, EmailKey(email)))
	if err != nil {
		return Subscriber{}, notFound(err, "subscriber")
	}
	return sub, nil
}

// StartConfirmation prepares subscriber id for a new confirmation email, unless one went out
// after notBefore or the address is already confirmed: it records the time, clears the spam
// mark, and moves an unsubscribed address back to pending. It reports whether an email
// should be sent. The check and the update are one statement, so two concurrent requests
// cannot both send.
func (tx *Tx) StartConfirmation(ctx context.Context, id int64, now, notBefore time.Time) (bool, error) {
	res, err := tx.exec(ctx,
		`UPDATE subscribers
		 SET confirmation_sent_at = $2, updated_at = $2, spam = $4, status = $5
		 WHERE id = $1 AND status <> $6
		   AND (confirmation_sent_at IS NULL OR confirmation_sent_at <= $3)`,
		id, utc(now), utc(notBefore), false, Pending, Confirmed)
	if err != nil {
		return false, fmt.Errorf("store: start confirmation: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: start confirmation: %w", err)
	}
	return n == 1, nil
}

// AddSubscriberToken stores the SHA-256 hash of a token sent to subscriber id. A nil
// expiresAt means the token does not expire. A confirmation token replaces the older ones.
func (tx *Tx) AddSubscriberToken(ctx context.Context, hash []byte, id int64, purpose string, now time.Time, expiresAt *time.Time) error {
	var exp sql.NullTime
	if expiresAt != nil {
		exp = sql.NullTime{Time: utc(*expiresAt), Valid: true}
	}
	if purpose == PurposeConfirm { // a newer confirmation supersedes the older ones (tokens.go)
		if err := tx.DropConfirmTokens(ctx, id); err != nil {
			return err
		}
	}
	_, err := tx.exec(ctx,
		`INSERT INTO subscriber_tokens (token_hash, subscriber_id, purpose, created_at, expires_at)
		 VALUES ($1, $2, $3, $4, $5)`,
		hash, id, purpose, utc(now), exp)
	if err != nil {
		return fmt.Errorf("store: add subscriber token: %w", err)
	}
	return nil
}

// SubscriberByToken returns the subscriber a token (by its hash) was issued to for purpose,
// and when the token expires (nil: never). It returns ErrNotFound for an unknown token.
func (tx *Tx) SubscriberByToken(ctx context.Context, hash []byte, purpose string) (Subscriber, *time.Time, error) {
	var exp sql.NullTime
	var sub Subscriber
	var sent, confirmed, unsubscribed sql.NullTime
	err := tx.queryRow(ctx,
		`SELECT s.id, s.email, s.status, s.spam, s.created_at, s.updated_at,
		        s.confirmation_sent_at, s.confirmed_at, s.unsubscribed_at, t.expires_at
		 FROM subscriber_tokens t JOIN subscribers s ON s.id = t.subscriber_id
		 WHERE t.token_hash = $1 AND t.purpose = $2`, hash, purpose).
		Scan(&sub.ID, &sub.Email, &sub.Status, &sub.Spam, &sub.CreatedAt, &sub.UpdatedAt, &sent, &confirmed, &unsubscribed, &exp)
	if err != nil {
		return Subscriber{}, nil, notFound(err, "subscriber by token")
	}
	sub.CreatedAt, sub.UpdatedAt = sub.CreatedAt.UTC(), sub.UpdatedAt.UTC()
	sub.ConfirmationSentAt, sub.ConfirmedAt, sub.UnsubscribedAt = nullTime(sent), nullTime(confirmed), nullTime(unsubscribed)
	return sub, nullTime(exp), nil
}

// Confirm marks subscriber id as confirmed (again, harmlessly, if it already is).
func (tx *Tx) Confirm(ctx context.Context, id int64, now time.Time) error {
	_, err := tx.exec(ctx,
		`UPDATE subscribers
		 SET status = $2, spam = $4, updated_at = $3,
		     confirmed_at = CASE WHEN status = $2 THEN confirmed_at ELSE $3 END
		 WHERE id = $1`,
		id, Confirmed, utc(now), false)
	if err != nil {
		return fmt.Errorf("store: confirm subscriber: %w", err)
	}
	return nil
}

// Unsubscribe marks subscriber id as unsubscribed (again, harmlessly, if it already is).
func (tx *Tx) Unsubscribe(ctx context.Context, id int64, now time.Time) error {
	_, err := tx.exec(ctx,
		`UPDATE subscribers
		 SET status = $2, updated_at = $3,
		     unsubscribed_at = CASE WHEN status = $2 THEN unsubscribed_at ELSE $3 END
		 WHERE id = $1`,
		id, Unsubscribed, utc(now))
	if err != nil {
		return fmt.Errorf("store: unsubscribe: %w", err)
	}
	return tx.DropConfirmTokens(ctx, id) // an old confirmation link must not subscribe again
}

// ConfirmedSubscribers returns the addresses that receive the newsletter, oldest first.
func (s *Store) ConfirmedSubscribers(ctx context.Context) ([]Subscriber, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT `+subscriberColumns+` FROM subscribers WHERE status = $1 ORDER BY id`, Confirmed)
	out, err := collect(rows, err, scanSubscriber)
	if err != nil {
		return nil, fmt.Errorf("store: confirmed subscribers: %w", err)
	}
	return out, nil
}

// CountSubscribers returns how many addresses are stored, in any state.
func (s *Store) CountSubscribers(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM subscribers`).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count subscribers: %w", err)
	}
	return n, nil
}
