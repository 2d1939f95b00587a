package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// AIState says where a lesson plan's AI draft stands. The built-in plan is stored with the
// request, so there is always a plan to show; an AI draft, when one is configured, replaces
// it once it has been made and validated.
type AIState string

// The states of a plan's AI draft.
const (
	AINone    AIState = "none"    // no AI provider was configured for this request
	AIPending AIState = "pending" // an AI draft is still to be made
	AIRunning AIState = "running" // one instance has claimed the draft and is making it
	AIDone    AIState = "done"    // the stored plan is the AI's, validated
	AIFailed  AIState = "failed"  // the AI draft failed; the built-in plan stays
)

// StoredPlan is the plan made for a lesson-plan request: JSON of internal/plan's Plan
// (the store does not look inside it), who made it, and where its AI draft stands.
type StoredPlan struct {
	Reference string
	JSON      []byte
	Generator string
	AIState   AIState
	UpdatedAt time.Time
}

// SetPlan stores the plan made for request p.Reference, replacing any plan it had.
func (tx *Tx) SetPlan(ctx context.Context, p StoredPlan) error {
	res, err := tx.exec(ctx,
		`UPDATE lesson_plans SET plan = $2, generator = $3, ai_state = $4, plan_updated_at = $5
		 WHERE reference = $1`, p.Reference, string(p.JSON), p.Generator, string(p.AIState), utc(p.UpdatedAt))
	return oneRow(res, err, "set plan")
}

// Plan returns the plan stored for the lesson-plan request with the given reference, or
// ErrNotFound when there is no such request or no plan has been stored for it yet.
func (s *Store) Plan(ctx context.Context, reference string) (StoredPlan, error) {
	p := StoredPlan{Reference: reference}
	var js, state string
	var updated sql.NullTime
	err := s.db.QueryRowContext(ctx,
		`SELECT plan, generator, ai_state, plan_updated_at FROM lesson_plans WHERE reference = $1`,
		reference).Scan(&js, &p.Generator, &state, &updated)
	if err != nil {
		return StoredPlan{}, notFound(err, "plan")
	}
	if js == "" {
		return StoredPlan{}, fmt.Errorf("store: plan %s: %w", reference, ErrNotFound)
	}
	p.JSON, p.AIState = []byte(js), AIState(state)
	if updated.Valid {
		p.UpdatedAt = updated.Time.UTC()
	}
	return p, nil
}

// ClaimAIDraft marks the AI draft of reference as being made, if it was pending or its
// previous claim is older than stale (an instance that died while making it). It reports
// whether this caller won the claim, so one draft is made however many instances or page
// views ask at once.
func (s *Store) ClaimAIDraft(ctx context.Context, reference string, now time.Time, stale time.Duration) (bool, error) {
	res, err := s.wexec(ctx,
		`UPDATE lesson_plans SET ai_state = $2, plan_updated_at = $3
		 WHERE reference = $1 AND (ai_state = $4 OR (ai_state = $2 AND plan_updated_at < $5))`,
		reference, string(AIRunning), utc(now), string(AIPending), utc(now.Add(-stale)))
	if err != nil {
		return false, fmt.Errorf("store: claim AI draft %s: %w", reference, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: claim AI draft %s: %w", reference, err)
	}
	return n == 1, nil
}

// FinishAIDraft records the outcome of a draft claimed with ClaimAIDraft: p.AIState AIDone
// with the AI's validated plan, or AIFailed with the built-in plan relabelled to say why the
// AI draft is not shown. It returns ErrNotFound if the claim was lost meanwhile.
func (s *Store) FinishAIDraft(ctx context.Context, p StoredPlan) error {
	res, err := s.wexec(ctx,
		`UPDATE lesson_plans SET plan = $2, generator = $3, ai_state = $4, plan_updated_at = $5
		 WHERE reference = $1 AND ai_state = $6`,
		p.Reference, string(p.JSON), p.Generator, string(p.AIState), utc(p.UpdatedAt), string(AIRunning))
	return oneRow(res, err, "finish AI draft")
}

// Feedback is a teacher's answer to "was this plan useful?".
type Feedback struct {
	ID        int64
	Reference string
	Useful    bool
	Comment   string
	CreatedAt time.Time
}

// AddFeedback stores an answer to "was this useful?" about the plan f.Reference, or returns
// ErrNotFound when there is no such plan.
func (s *Store) AddFeedback(ctx context.Context, f Feedback) (int64, error) {
	var id int64
	err := s.InTx(ctx, func(tx *Tx) (err error) {
		id, _, err = tx.AddFeedback(ctx, f)
		return err
	})
	return id, err
}

// FeedbackFor returns the answers given about the plan reference, oldest first.
func (s *Store) FeedbackFor(ctx context.Context, reference string) ([]Feedback, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT id, reference, useful, comment, created_at FROM plan_feedback WHERE reference = $1 ORDER BY id`, reference)
	if err != nil {
		return nil, fmt.Errorf("store: feedback for %s: %w", reference, err)
	}
	defer rows.Close()
	var out []Feedback
	for rows.Next() {
		var f Feedback
		if err := rows.Scan(&f.ID, &f.Reference, &f.Useful, &f.Comment, &f.CreatedAt); err != nil {
			return nil, fmt.Errorf("store: feedback for %s: %w", reference, err)
		}
		f.CreatedAt = f.CreatedAt.UTC()
		out = append(out, f)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: feedback for %s: %w", reference, err)
	}
	return out, nil
}

// oneRow turns the result of an UPDATE meant to touch exactly one row into an error:
// ErrNotFound when it touched none.
func oneRow(res sql.Result, err error, what string) error {
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if n == 0 {
		return fmt.Errorf("store: %s: %w", what, ErrNotFound)
	}
	return nil
}
