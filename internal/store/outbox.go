package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Outbox message states.
const (
	OutboxPending = "pending"
	OutboxSent    = "sent"
	OutboxFailed  = "failed"
)

// Message is an email waiting in (or done with) the outbox. Kind names the template that
// renders it and Payload is that template's data as JSON.
type Message struct {
	ID        int64
	Kind      string
	Recipient string
	// About is the address of the person the message concerns (the recipient, or for a team
	// notification the visitor), so their data can be found and deleted on request.
	About         string
	Payload       []byte
	Status        string
	Attempts      int
	NextAttemptAt time.Time
	LastError     string
	CreatedAt     time.Time
	SentAt        *time.Time
}

// NewMessage is what Enqueue needs to know about a message.
type NewMessage struct {
	Kind      string
	Recipient string
	About     string
	Payload   []byte
}

// Enqueue adds a message to the outbox, due now. It is sent only if the transaction commits.
// The insert may go with the transaction's next statement (execLater), so its error may be
// returned by that statement or by the commit.
func (tx *Tx) Enqueue(ctx context.Context, m NewMessage, now time.Time) error {
	err := tx.execLater(ctx,
		`INSERT INTO outbox (kind, recipient, about, payload, status, next_attempt_at, created_at, recipient_key, about_key)
		 VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8)`,
		m.Kind, m.Recipient, m.About, string(m.Payload), OutboxPending, utc(now), EmailKey(m.Recipient), EmailKey(m.About))
	if err != nil {
		return fmt.Errorf("store: enqueue %s: %w", m.Kind, err)
	}
	return nil
}

// Claim takes up to limit due messages for sending and locks them for lease, so another
// worker (in this process or another instance) does not take them meanwhile; a message whose
// lease runs out, because its worker died, is due again. Each claim counts as an attempt.
//
// The conditions are repeated outside the subquery so that on PostgreSQL, where two claims
// can pick the same ids, the second re-checks the row after the first commits and skips it.
func (s *Store) Claim(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Message, error) {
	// Webhook deliveries share the outbox but are not mail: the webhook worker claims them
	// (ClaimWebhooks).
	return s.claim(ctx, now, lease, limit, `kind <> '`+OutboxWebhook+`'`)
}

// claim is Claim for the messages that also meet kindCond (a condition on kind).
//
// On SQLite it first looks on a read connection whether anything is due: a worker is woken
// after every submission, most rounds find nothing for it, and a claim that finds nothing
// would still wait its turn for the one write connection, delaying the submissions queued
// there. On PostgreSQL, with many writers, the look would only be one more round trip.
func (s *Store) claim(ctx context.Context, now time.Time, lease time.Duration, limit int, kindCond string) ([]Message, error) {
	now = utc(now)
	// due is the condition on a due row, given the placeholders of now and of the status.
	due := func(now, status string) string {
		return `status = ` + status + ` AND next_attempt_at <= ` + now + ` AND (locked_until IS NULL OR locked_until <= ` + now + `) AND ` + kindCond
	}
	if s.dialect == SQLite {
		look, err := s.rprepared(ctx, `SELECT id FROM outbox WHERE `+due("$1", "$2")+` ORDER BY id LIMIT 1`) //nolint:sqlclosecheck // cached; ended by Store.Close
		if err != nil {
			return nil, fmt.Errorf("store: claim outbox: %w", err)
		}
		var id int64
		err = look.QueryRowContext(ctx, now, OutboxPending).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("store: claim outbox: %w", err)
		}
	}
	out, err := wcollect(ctx, s, scanMessage,
		`UPDATE outbox SET locked_until = $2, attempts = attempts + 1
		 WHERE id IN (SELECT id FROM outbox WHERE `+due("$1", "$3")+` ORDER BY id LIMIT $4)
		   AND status = $3 AND (locked_until IS NULL OR locked_until <= $1)
		 RETURNING `+messageColumns,
		now, now.Add(lease), OutboxPending, limit)
	if err != nil {
		return nil, fmt.Errorf("store: claim outbox: %w", err)
	}
	slices.SortFunc(out, func(a, b Message) int { return int(a.ID - b.ID) })
	return out, nil
}

// MarkSent records that message id was accepted by the mail server. Its payload, which may
// hold a token, is cleared: it is not needed any more.
func (s *Store) MarkSent(ctx context.Context, id int64, now time.Time) error {
	_, err := s.wexec(ctx,
		`UPDATE outbox SET status = $2, sent_at = $3, locked_until = NULL, last_error = '', payload = '{}'
		 WHERE id = $1`, id, OutboxSent, utc(now))
	if err != nil {
		return fmt.Errorf("store: mark message %d sent: %w", id, err)
	}
	return nil
}

// Retry releases message id after a failed attempt, to be tried again at next.
func (s *Store) Retry(ctx context.Context, id int64, next time.Time, reason string) error {
	_, err := s.wexec(ctx,
		`UPDATE outbox SET locked_until = NULL, next_attempt_at = $2, last_error = $3
		 WHERE id = $1 AND status = $4`, id, utc(next), reason, OutboxPending)
	if err != nil {
		return fmt.Errorf("store: retry message %d: %w", id, err)
	}
	return nil
}

// MarkFailed gives up on message id. Its payload is cleared as for a sent one: a failed
// message is never rendered again, and its links must not outlive it in the database.
func (s *Store) MarkFailed(ctx context.Context, id int64, reason string) error {
	_, err := s.wexec(ctx,
		`UPDATE outbox SET status = $2, locked_until = NULL, last_error = $3, payload = '{}' WHERE id = $1`,
		id, OutboxFailed, reason)
	if err != nil {
		return fmt.Errorf("store: mark message %d failed: %w", id, err)
	}
	return nil
}

// Messages returns every outbox message, oldest first (for tests and administration).
func (s *Store) Messages(ctx context.Context) ([]Message, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+messageColumns+` FROM outbox ORDER BY id`)
	msgs, err := collect(rows, err, scanMessage)
	if err != nil {
		return nil, fmt.Errorf("store: outbox messages: %w", err)
	}
	return msgs, nil
}

const messageColumns = `id, kind, recipient, about, payload, status, attempts, next_attempt_at, last_error, created_at, sent_at`

// scanMessage reads a row of messageColumns.
func scanMessage(row scanner) (Message, error) {
	var m Message
	var payload string
	var sent sql.NullTime
	if err := row.Scan(&m.ID, &m.Kind, &m.Recipient, &m.About, &payload, &m.Status, &m.Attempts,
		&m.NextAttemptAt, &m.LastError, &m.CreatedAt, &sent); err != nil {
		return Message{}, err
	}
	m.Payload = []byte(payload)
	m.NextAttemptAt, m.CreatedAt, m.SentAt = m.NextAttemptAt.UTC(), m.CreatedAt.UTC(), nullTime(sent)
	return m, nil
}

// Release gives a claimed message back without counting the attempt, for a worker that is
// stopping before it tried to send it.
func (s *Store) Release(ctx context.Context, id int64) error {
	_, err := s.wexec(ctx,
		`UPDATE outbox SET locked_until = NULL, attempts = attempts - 1
		 WHERE id = $1 AND status = $2 AND locked_until IS NOT NULL`, id, OutboxPending)
	if err != nil {
		return fmt.Errorf("store: release message %d: %w", id, err)
	}
	return nil
}
