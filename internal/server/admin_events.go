package server

import (
	"context"
	"time"

	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/webhook"
)

// emit queues the webhook event typ about data for every endpoint that receives it, in tx:
// it is delivered if and only if the transaction that records the event commits (see
// webhook.Enqueue). about is the visitor's address, so a data request finds the payload.
// With no endpoint for typ it costs one small query. The webhook worker is woken once the
// transaction commits, only if a delivery was queued.
func (s *Server) emit(ctx context.Context, tx *store.Tx, typ string, data any, about string, now time.Time) error {
	ev, err := webhook.NewEvent(typ, data, now)
	if err != nil {
		return err
	}
	n, err := webhook.Enqueue(ctx, tx, ev, about, now)
	if n > 0 && s.con != nil && s.con.NotifyWebhooks != nil {
		tx.AfterCommit(s.con.NotifyWebhooks)
	}
	return err
}

// The data of each event: what the team's CRM needs, never a token or a link that acts.

type newsletterConfirmedEvent struct {
	Email       string    `json:"email"`
	ConfirmedAt time.Time `json:"confirmedAt"`
}

type contactReceivedEvent struct {
	ID           string    `json:"id"`
	Name         string    `json:"name"`
	Email        string    `json:"email"`
	Reason       string    `json:"reason"`
	Organisation string    `json:"organisation"`
	Message      string    `json:"message"`
	CreatedAt    time.Time `json:"createdAt"`
}

func newContactEvent(c store.Contact) contactReceivedEvent {
	return contactReceivedEvent{c.ID, c.Name, c.Email, c.Reason, c.Organisation, c.Message, c.CreatedAt}
}

type lessonPlanCreatedEvent struct {
	Reference string    `json:"reference"`
	Email     string    `json:"email"`
	Name      string    `json:"name"`
	School    string    `json:"school"`
	Subject   string    `json:"subject"`
	Grade     string    `json:"grade"`
	Topic     string    `json:"topic"`
	Duration  int       `json:"duration"`
	CreatedAt time.Time `json:"createdAt"`
}

// emitLessonPlan queues lesson_plan.created for p, in the transaction that stores it.
func (s *Server) emitLessonPlan(ctx context.Context, tx *store.Tx, p store.LessonPlan) error {
	return s.emit(ctx, tx, webhook.LessonPlanCreated, lessonPlanCreatedEvent{
		p.Reference, p.Email, p.Name, p.School, p.Subject, p.Grade, p.Topic, p.Duration, p.CreatedAt,
	}, p.Email, p.CreatedAt)
}

type feedbackGivenEvent struct {
	Reference string    `json:"reference"`
	Useful    bool      `json:"useful"`
	Comment   string    `json:"comment"`
	CreatedAt time.Time `json:"createdAt"`
}

// emitFeedback queues feedback.given for f, in the transaction that stores it; about is
// the address of the plan's request.
func (s *Server) emitFeedback(ctx context.Context, tx *store.Tx, f store.Feedback, about string) error {
	return s.emit(ctx, tx, webhook.FeedbackGiven, feedbackGivenEvent{f.Reference, f.Useful, f.Comment, f.CreatedAt}, about, f.CreatedAt)
}
