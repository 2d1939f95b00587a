package store

import (
	"context"
	"fmt"
	"strings"
)

// Export is everything stored about one email address, for a person who asks to see it.
type Export struct {
	Email       string       `json:"email"`
	Subscribers []Subscriber `json:"subscribers"`
	Contacts    []Contact    `json:"contacts"`
	LessonPlans []LessonPlan `json:"lessonPlans"`
	Messages    []Message    `json:"messages"`
}

// ExportByEmail returns everything stored about email (compared case-insensitively).
func (s *Store) ExportByEmail(ctx context.Context, email string) (Export, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	e := Export{Email: email, Subscribers: []Subscriber{}, Contacts: []Contact{}, LessonPlans: []LessonPlan{}, Messages: []Message{}}

	rows, err := s.db.QueryContext(ctx, `SELECT `+subscriberColumns+` FROM subscribers WHERE email = $1`, email)
	subs, err := collect(rows, err, scanSubscriber)
	if err != nil {
		return Export{}, fmt.Errorf("store: export subscribers: %w", err)
	}
	rows, err = s.db.QueryContext(ctx, `SELECT `+contactColumns+` FROM contacts WHERE lower(email) = $1 ORDER BY created_at`, email)
	contacts, err := collect(rows, err, scanContact)
	if err != nil {
		return Export{}, fmt.Errorf("store: export contacts: %w", err)
	}
	rows, err = s.db.QueryContext(ctx, `SELECT `+lessonPlanColumns+` FROM lesson_plans WHERE lower(email) = $1 ORDER BY created_at`, email)
	plans, err := collect(rows, err, scanLessonPlan)
	if err != nil {
		return Export{}, fmt.Errorf("store: export lesson plans: %w", err)
	}
	rows, err = s.db.QueryContext(ctx, `SELECT `+messageColumns+` FROM outbox WHERE lower(recipient) = $1 OR lower(about) = $1 ORDER BY id`, email)
	msgs, err := collect(rows, err, scanMessage)
	if err != nil {
		return Export{}, fmt.Errorf("store: export outbox messages: %w", err)
	}
	// Empty lists, not null, in the JSON a person receives.
	e.Subscribers = append(e.Subscribers, subs...)
	e.Contacts = append(e.Contacts, contacts...)
	e.LessonPlans = append(e.LessonPlans, plans...)
	e.Messages = append(e.Messages, msgs...)
	return e, nil
}

// Deleted counts the rows DeleteByEmail removed, per table.
type Deleted struct {
	Subscribers int64 `json:"subscribers"`
	Contacts    int64 `json:"contacts"`
	LessonPlans int64 `json:"lessonPlans"`
	Messages    int64 `json:"messages"`
}

// DeleteByEmail removes everything stored about email (compared case-insensitively), in one
// transaction: subscriptions and their tokens, contact messages, lesson-plan requests, and
// outbox messages to or about the address, sent or not.
func (s *Store) DeleteByEmail(ctx context.Context, email string) (Deleted, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	var d Deleted
	err := s.InTx(ctx, func(tx *Tx) error {
		for _, step := range []struct {
			n     *int64
			query string
		}{
			{&d.Subscribers, `DELETE FROM subscribers WHERE email = $1`},
			{&d.Contacts, `DELETE FROM contacts WHERE lower(email) = $1`},
			{&d.LessonPlans, `DELETE FROM lesson_plans WHERE lower(email) = $1`},
			{&d.Messages, `DELETE FROM outbox WHERE lower(recipient) = $1 OR lower(about) = $1`},
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
	return d, err
}
