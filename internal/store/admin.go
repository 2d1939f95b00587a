package store

import (
	"context"
	"fmt"
)

// Export is everything stored about one email address, for a person who asks to see it.
type Export struct {
	Email       string       `json:"email"`
	Subscribers []Subscriber `json:"subscribers"`
	Contacts    []Contact    `json:"contacts"`
	LessonPlans []LessonPlan `json:"lessonPlans"`
	Messages    []Message    `json:"messages"`
	// MailQuota is how many messages the address was sent per day, for the daily limit.
	MailQuota []MailQuotaDay `json:"mailQuota"`
	// Idempotency lists the API answers kept for a day by Idempotency-Key for requests
	// about the address.
	Idempotency []KeptAnswer `json:"idempotency"`
}

// ExportByEmail returns everything stored about email, in any spelling (see EmailKey).
func (s *Store) ExportByEmail(ctx context.Context, email string) (Export, error) {
	email = EmailKey(email)
	e := Export{Email: email, Subscribers: []Subscriber{}, Contacts: []Contact{}, LessonPlans: []LessonPlan{}, Messages: []Message{}}

	rows, err := s.db.QueryContext(ctx, `SELECT `+subscriberColumns+` FROM subscribers WHERE email_key = $1`, email)
	subs, err := collect(rows, err, scanSubscriber)
	if err != nil {
		return Export{}, fmt.Errorf("store: export subscribers: %w", err)
	}
	rows, err = s.db.QueryContext(ctx, `SELECT `+contactColumns+` FROM contacts WHERE email_key = $1 ORDER BY created_at`, email)
	contacts, err := collect(rows, err, scanContact)
	if err != nil {
		return Export{}, fmt.Errorf("store: export contacts: %w", err)
	}
	rows, err = s.db.QueryContext(ctx, `SELECT `+lessonPlanColumns+` FROM lesson_plans WHERE email_key = $1 ORDER BY created_at`, email)
	plans, err := collect(rows, err, scanLessonPlan)
	if err != nil {
		return Export{}, fmt.Errorf("store: export lesson plans: %w", err)
	}
	rows, err = s.db.QueryContext(ctx, `SELECT `+messageColumns+` FROM outbox WHERE recipient_key = $1 OR about_key = $1 ORDER BY id`, email)
	msgs, err := collect(rows, err, scanMessage)
	if err != nil {
		return Export{}, fmt.Errorf("store: export outbox messages: %w", err)
	}
	// Empty lists, not null, in the JSON a person receives.
	e.Subscribers = append(e.Subscribers, subs...)
	e.Contacts = append(e.Contacts, contacts...)
	e.LessonPlans = append(e.LessonPlans, plans...)
	e.Messages = append(e.Messages, msgs...)
	if e.MailQuota, e.Idempotency, err = s.exportMailAndAnswers(ctx, email); err != nil {
		return Export{}, err
	}
	return e, nil
}

// Deleted counts the rows DeleteByEmail removed, per table.
type Deleted struct {
	Subscribers int64 `json:"subscribers"`
	Contacts    int64 `json:"contacts"`
	LessonPlans int64 `json:"lessonPlans"`
	// Messages counts the outbox rows to or about the address: email, and webhook
	// deliveries announcing its events.
	Messages    int64 `json:"outbox"`
	MailQuota   int64 `json:"mailQuota"`
	Idempotency int64 `json:"idempotency"`
	// SignInThrottle counts failed console sign-ins counted against the address (someone
	// tried it as an account name).
	SignInThrottle int64 `json:"signInThrottle"`
}

// DeleteByEmail removes everything stored about email, in any spelling (see EmailKey), in one
// transaction: subscriptions and their tokens, contact messages, lesson-plan requests,
// outbox messages to or about the address, sent or not (email and webhook deliveries), its
// mail counts, the API answers kept for its requests, and failed console sign-ins counted
// against it. The audit log never holds a visitor's address (the console logs a hash). On SQLite the file is then rewritten (see reclaim), so the deleted
// rows are gone from the file too, not only from the tables.
func (s *Store) DeleteByEmail(ctx context.Context, email string) (Deleted, error) {
	email = EmailKey(email)
	var d Deleted
	err := s.InTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `DELETE FROM sign_in_throttle WHERE key = $1`, "account:"+email)
		if err != nil {
			return fmt.Errorf("store: delete by email: %w", err)
		}
		if d.SignInThrottle, err = res.RowsAffected(); err != nil {
			return fmt.Errorf("store: delete by email: %w", err)
		}
		for _, step := range []struct {
			n     *int64
			query string
		}{
			{&d.Subscribers, `DELETE FROM subscribers WHERE email_key = $1`},
			{&d.Contacts, `DELETE FROM contacts WHERE email_key = $1`},
			{&d.LessonPlans, `DELETE FROM lesson_plans WHERE email_key = $1`},
			{&d.Messages, `DELETE FROM outbox WHERE recipient_key = $1 OR about_key = $1`},
			{&d.MailQuota, `DELETE FROM mail_quota WHERE email_key = $1`},
			{&d.Idempotency, `DELETE FROM idempotency WHERE email_key = $1`},
		} {
			res, err := tx.exec(ctx, step.query, email)
			if err != nil {
				return fmt.Errorf("store: delete by email: %w", err)
			}
			if *step.n, err = res.RowsAffected(); err != nil {
				return fmt.Errorf("store: delete by email: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return d, err
	}
	return d, s.reclaim(ctx)
}
