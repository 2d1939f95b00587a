package webhook

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/teachpilot/site/internal/outbox"
	"github.com/teachpilot/site/internal/store"
)

// Queue is the part of the store the worker uses: the outbox's webhook rows, the endpoints
// and the delivery log.
type Queue interface {
	ClaimWebhooks(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]store.Message, error)
	MarkSent(ctx context.Context, id int64, now time.Time) error
	Retry(ctx context.Context, id int64, next time.Time, reason string) error
	MarkFailed(ctx context.Context, id int64, reason string) error
	Release(ctx context.Context, id int64) error
	WebhookEndpoint(ctx context.Context, id int64) (store.WebhookEndpoint, error)
	AddWebhookDelivery(ctx context.Context, d store.WebhookDelivery) error
}

// Worker delivers the outbox's webhook rows, as the mail worker delivers its email: each row
// is claimed by one worker (of any instance) for a lease, tried, and then marked delivered,
// retried later with a growing backoff, or given up on after MaxAttempts. Every attempt of
// one event carries the same webhook-id, so delivery is at least once and receivers drop
// duplicates; every attempt is written to the delivery log the console shows.
type Worker struct {
	Queue  Queue
	Sender *Sender
	Log    *slog.Logger
	// Outcome, when set, is told each attempt's outcome (delivered, failed, refused), for
	// the metrics.
	Outcome func(outcome string)

	// Loop checks the outbox every Poll (default 2s), or soon after Notify, claiming Batch
	// deliveries at once (5); they are tried one after the other, each bounded by the
	// Sender's timeout, so Lease (2 minutes) must cover a batch.
	outbox.Loop
	Lease time.Duration
	// MaxAttempts is how many times an event is tried (15: with Backoff 30s doubling up to
	// MaxBackoff 1h, a receiver may be down for about ten hours and still get every event).
	MaxAttempts         int
	Backoff, MaxBackoff time.Duration
	// Now returns the current time (time.Now).
	Now func() time.Time
}

// NewWorker returns a worker with the defaults described on Worker.
func NewWorker(q Queue, s *Sender, log *slog.Logger) *Worker {
	return &Worker{
		Queue: q, Sender: s, Log: log,
		Loop:  outbox.NewLoop(2*time.Second, 5),
		Lease: 2 * time.Minute, MaxAttempts: 15,
		Backoff: 30 * time.Second, MaxBackoff: time.Hour, Now: time.Now,
	}
}

// Run delivers until ctx is cancelled; the delivery in progress is finished and recorded.
func (w *Worker) Run(ctx context.Context) error {
	return w.Loop.Run(ctx, w.RunOnce, func(err error) { w.Log.Error("webhooks", "err", err) })
}

// RunOnce claims one batch of due deliveries and tries each once. It returns how many it
// claimed.
func (w *Worker) RunOnce(ctx context.Context) (int, error) {
	claimedAt := time.Now()
	claimed, err := w.Queue.ClaimWebhooks(ctx, w.Now(), w.Lease, w.Batch)
	if err != nil || len(claimed) == 0 {
		return 0, err
	}
	// Attempts start only in the first half of the lease (outbox.Round); the rest are given back.
	sendCtx, record, cancel := outbox.Round(ctx, claimedAt, w.Lease)
	defer cancel()
	var errs []error
	for _, m := range claimed {
		if sendCtx.Err() != nil {
			errs = append(errs, w.Queue.Release(record, m.ID))
			continue
		}
		errs = append(errs, w.deliver(sendCtx, record, m))
	}
	return len(claimed), errors.Join(errs...)
}

// deliver makes one attempt for m and records its outcome.
func (w *Worker) deliver(ctx, record context.Context, m store.Message) error {
	endpoint, ev, err := decode(m)
	if err != nil {
		return w.give(record, m, "undecodable", err.Error())
	}
	ep, err := w.Queue.WebhookEndpoint(record, endpoint)
	if errors.Is(err, store.ErrNotFound) {
		// The endpoint was removed: nobody is waiting for the event any more.
		return w.give(record, m, "endpoint removed", "the endpoint was removed")
	}
	if err != nil {
		return errors.Join(err, w.Queue.Release(record, m.ID))
	}
	d, sendErr := w.Sender.deliver(ctx, ep, ev, m.Attempts)
	if sendErr != nil && ctx.Err() != nil && d.StatusCode == 0 {
		// Stopping, or too late in the lease: give the row back without counting the attempt.
		return w.Queue.Release(record, m.ID)
	}
	logErr := w.Queue.AddWebhookDelivery(record, d)
	switch {
	case d.Error == "":
		w.outcome("delivered")
		w.Log.Info("webhook delivered", "id", m.ID, "event", ev.Type, "webhook_id", ev.ID, "endpoint", ep.ID, "attempt", m.Attempts, "status", d.StatusCode)
		return errors.Join(logErr, w.Queue.MarkSent(record, m.ID, w.Now()))
	case errors.Is(sendErr, ErrRefusedTarget):
		w.outcome("refused")
		return errors.Join(logErr, w.give(record, m, "refused", d.Error))
	case m.Attempts >= w.MaxAttempts:
		w.outcome("failed")
		return errors.Join(logErr, w.give(record, m, "failed", d.Error))
	default:
		w.outcome("failed")
		next := w.Now().Add(outbox.Backoff(w.Backoff, w.MaxBackoff, m.Attempts))
		w.Log.Warn("webhook not delivered, will retry", "id", m.ID, "event", ev.Type, "endpoint", ep.ID,
			"attempt", m.Attempts, "status", d.StatusCode, "retry_at", next, "err", d.Error)
		return errors.Join(logErr, w.Queue.Retry(record, m.ID, next, d.Error))
	}
}

func (w *Worker) give(ctx context.Context, m store.Message, why, reason string) error {
	w.Log.Error("webhook given up", "id", m.ID, "why", why, "attempt", m.Attempts, "err", reason)
	return w.Queue.MarkFailed(ctx, m.ID, reason)
}

func (w *Worker) outcome(o string) {
	if w.Outcome != nil {
		w.Outcome(o)
	}
}
