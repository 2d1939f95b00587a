package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// LessonPlan is a request for a lesson plan. Optional fields are empty when not given.
type LessonPlan struct {
	// Reference is the unguessable reference shown to the teacher (e.g. TP-XXXX-XXXX-XXXX).
	Reference          string
	Email              string
	Subject            string
	Grade              string
	Topic              string
	Duration           int // minutes
	Name               string
	School             string
	Objectives         string
	Standards          string
	InstructionalModel string
	Differentiation    []string
	Notes              string
	Spam               bool // the honeypot field was filled
	CreatedAt          time.Time
}

const lessonPlanColumns = `reference, email, subject, grade, topic, duration, name, school, objectives,
	standards, instructional_model, differentiation, notes, spam, created_at`

func scanLessonPlan(row scanner) (LessonPlan, error) {
	var p LessonPlan
	var diff string
	err := row.Scan(&p.Reference, &p.Email, &p.Subject, &p.Grade, &p.Topic, &p.Duration, &p.Name, &p.School,
		&p.Objectives, &p.Standards, &p.InstructionalModel, &diff, &p.Notes, &p.Spam, &p.CreatedAt)
	if err != nil {
		return LessonPlan{}, err
	}
	p.CreatedAt = p.CreatedAt.UTC()
	if err := json.Unmarshal([]byte(diff), &p.Differentiation); err != nil {
		return LessonPlan{}, fmt.Errorf("differentiation column: %w", err)
	}
	return p, nil
}

// AddLessonPlan stores a lesson-plan request. p.Reference must be set and unique.
func (tx *Tx) AddLessonPlan(ctx context.Context, p LessonPlan) error {
	return tx.AddLessonPlanWithPlan(ctx, p, StoredPlan{AIState: AINone})
}

// AddLessonPlanWithPlan stores a lesson-plan request with its plan in the one row: one
// write, where storing the request and then setting its plan (SetPlan) writes the row, plan
// and all, twice. An empty plan.JSON stores the request without a plan; plan.Reference is
// ignored.
func (tx *Tx) AddLessonPlanWithPlan(ctx context.Context, p LessonPlan, plan StoredPlan) error {
	diff := p.Differentiation
	if diff == nil {
		diff = []string{}
	}
	diffJSON, err := json.Marshal(diff)
	if err != nil {
		return fmt.Errorf("store: add lesson plan: %w", err)
	}
	var updated *time.Time
	if len(plan.JSON) > 0 {
		t := utc(plan.UpdatedAt)
		updated = &t
	}
	err = tx.execLater(ctx,
		`INSERT INTO lesson_plans (`+lessonPlanColumns+`, email_key, plan, generator, ai_state, plan_updated_at)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
		p.Reference, p.Email, p.Subject, p.Grade, p.Topic, p.Duration, p.Name, p.School, p.Objectives,
		p.Standards, p.InstructionalModel, string(diffJSON), p.Notes, p.Spam, utc(p.CreatedAt), EmailKey(p.Email),
		string(plan.JSON), plan.Generator, string(plan.AIState), updated)
	if err != nil {
		return fmt.Errorf("store: add lesson plan: %w", err)
	}
	return nil
}

// LessonPlan returns the lesson-plan request with the given reference.
func (s *Store) LessonPlan(ctx context.Context, reference string) (LessonPlan, error) {
	p, err := scanLessonPlan(s.db.QueryRowContext(ctx,
		`SELECT `+lessonPlanColumns+` FROM lesson_plans WHERE reference = $1`, reference))
	if err != nil {
		return LessonPlan{}, notFound(err, "lesson plan")
	}
	return p, nil
}

// CountLessonPlans returns how many lesson-plan requests are stored.
func (s *Store) CountLessonPlans(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM lesson_plans`).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count lesson plans: %w", err)
	}
	return n, nil
}
