package store

import (
	"context"
	"fmt"
)

// AddFeedback is Store.AddFeedback inside a transaction, so the feedback.given webhook can
// be queued with it (internal/server's emitFeedback): it returns the new row's id, or
// ErrNotFound when there is no such plan.
func (tx *Tx) AddFeedback(ctx context.Context, f Feedback) (int64, error) {
	var exists int
	if err := tx.queryRow(ctx, `SELECT 1 FROM lesson_plans WHERE reference = $1`, f.Reference).Scan(&exists); err != nil {
		return 0, fmt.Errorf("store: add feedback: %w", notFound(err, "plan"))
	}
	var id int64
	err := tx.queryRow(ctx,
		`INSERT INTO plan_feedback (reference, useful, comment, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
		f.Reference, f.Useful, f.Comment, utc(f.CreatedAt)).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("store: add feedback: %w", err)
	}
	return id, nil
}
