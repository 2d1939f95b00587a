package store

import (
	"context"
	"fmt"
)

// Exports stream a whole list as filtered (ListQuery without its cursor and limit), in the
// list's order, calling fn for each row as it is read: memory stays flat however many rows
// there are. fn's error stops the walk and is returned as is.

// EachSubscriber calls fn for every subscriber q selects.
func (s *Store) EachSubscriber(ctx context.Context, q ListQuery, fn func(Subscriber) error) error {
	w, err := subscribersWhere(q, false)
	if err != nil {
		return err
	}
	return eachRow(ctx, s, `SELECT `+subscriberColumns+` FROM subscribers`+w.sql()+` ORDER BY created_at DESC, id DESC`, w.args, scanSubscriber, fn)
}

// EachContact calls fn for every contact message q selects.
func (s *Store) EachContact(ctx context.Context, q ListQuery, fn func(ContactRow) error) error {
	w, err := contactsWhere(q, false)
	if err != nil {
		return err
	}
	return eachRow(ctx, s, `SELECT `+contactRowColumns+` FROM contacts`+w.sql()+` ORDER BY created_at DESC, id DESC`, w.args, scanContactRow, fn)
}

// EachLessonPlan calls fn for every lesson-plan request q selects.
func (s *Store) EachLessonPlan(ctx context.Context, q ListQuery, fn func(LessonPlan) error) error {
	w, err := listWhere(q, "reference", false, []string{"email", "name", "topic"}, false)
	if err != nil {
		return err
	}
	return eachRow(ctx, s, `SELECT `+lessonPlanColumns+` FROM lesson_plans`+w.sql()+` ORDER BY created_at DESC, reference DESC`, w.args, scanLessonPlan, fn)
}

func eachRow[T any](ctx context.Context, s *Store, query string, args []any,
	scan func(scanner) (T, error), fn func(T) error) error {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("store: export: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		x, err := scan(rows)
		if err != nil {
			return fmt.Errorf("store: export: %w", err)
		}
		if err := fn(x); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: export: %w", err)
	}
	return nil
}
