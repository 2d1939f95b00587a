package store

import (
	"context"
	"fmt"
)

// AddFeedback stores an answer to "was this useful?" about the plan f.Reference inside a
// transaction, so the feedback.given webhook can be queued with it (internal/server's
// emitFeedback). It returns the new row's id and the address of the request the plan
// belongs to (what the webhook is about, for a data request), or ErrNotFound when there
// is no such plan.
func (tx *Tx) AddFeedback(ctx context.Context, f Feedback) (id int64, about string, err error) {
	if err := tx.queryRow(ctx, `SELECT email FROM lesson_plans WHERE reference = $1`, f.Reference).Scan(&about); err != nil {
		return 0, "", fmt.Errorf("store: add feedback: %w", notFound(err, "plan"))
	}
	err = tx.queryRow(ctx,
		`INSERT INTO plan_feedback (reference, useful, comment, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
		f.Reference, f.Useful, f.Comment, utc(f.CreatedAt)).Scan(&id)
	if err != nil {
		return 0, "", fmt.Errorf("store: add feedback: %w", err)
	}
	return id, about, nil
}
