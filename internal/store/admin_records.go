package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// The console deletes one record at a time with these (a data request deletes by address:
// DeleteByEmail). Each answers ErrNotFound when there was no such record. Outbox messages
// about the record's address are left alone: the address may have other records, and a
// data request removes them.

// DeleteSubscriber deletes the subscriber with id, and its tokens.
func (s *Store) DeleteSubscriber(ctx context.Context, id int64) error {
	res, err := s.wexec(ctx, `DELETE FROM subscribers WHERE id = $1`, id)
	return oneRow(res, err, "delete subscriber")
}

// DeleteContact deletes the contact message with id.
func (s *Store) DeleteContact(ctx context.Context, id string) error {
	res, err := s.wexec(ctx, `DELETE FROM contacts WHERE id = $1`, id)
	return oneRow(res, err, "delete contact")
}

// DeleteLessonPlan deletes the lesson-plan request with reference, its plan and feedback.
func (s *Store) DeleteLessonPlan(ctx context.Context, reference string) error {
	res, err := s.wexec(ctx, `DELETE FROM lesson_plans WHERE reference = $1`, reference)
	return oneRow(res, err, "delete lesson plan")
}

// PlanSummary is what a console list shows of a request's plan: who made it and what the
// teacher said of it.
type PlanSummary struct {
	Generator         string // "built-in", an AI model's name, or "" while none is stored
	Useful, NotUseful int
}

// PlanSummaries returns the summaries of the given requests' plans, by reference: one
// query for a whole page of a list.
func (s *Store) PlanSummaries(ctx context.Context, refs []string) (map[string]PlanSummary, error) {
	out := make(map[string]PlanSummary, len(refs))
	if len(refs) == 0 {
		return out, nil
	}
	marks := make([]string, len(refs))
	args := make([]any, len(refs))
	for i, r := range refs {
		marks[i], args[i] = "$"+strconv.Itoa(i+1), r
	}
	in := strings.Join(marks, ", ")
	rows, err := s.db.QueryContext(ctx,
		`SELECT p.reference, p.generator,
		        (SELECT count(*) FROM plan_feedback f WHERE f.reference = p.reference AND f.useful = `+s.boolLit(true)+`),
		        (SELECT count(*) FROM plan_feedback f WHERE f.reference = p.reference AND f.useful = `+s.boolLit(false)+`)
		 FROM lesson_plans p WHERE p.reference IN (`+in+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: plan summaries: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var ref string
		var p PlanSummary
		if err := rows.Scan(&ref, &p.Generator, &p.Useful, &p.NotUseful); err != nil {
			return nil, fmt.Errorf("store: plan summaries: %w", err)
		}
		out[ref] = p
	}
	return out, rows.Err()
}

// boolLit is a boolean literal in the dialect (SQLite stores booleans as 0 and 1).
func (s *Store) boolLit(b bool) string {
	switch {
	case s.dialect == Postgres && b:
		return "TRUE"
	case s.dialect == Postgres:
		return "FALSE"
	case b:
		return "1"
	}
	return "0"
}
