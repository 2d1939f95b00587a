package mail

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/teachpilot/site/internal/outbox"
	"github.com/teachpilot/site/internal/store"
)

// Queue is the part of the store the worker uses.
type Queue interface {
	Claim(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]store.Message, error)
	MarkSent(ctx context.Context, id int64, now time.Time) error
	Retry(ctx context.Context, id int64, next time.Time, reason string) error
	MarkFailed(ctx context.Context, id int64, reason string) error
	Release(ctx context.Context, id int64) error
}

// Worker delivers the outbox. Several workers, in one process or many, can share an outbox:
// each message is claimed by one of them for a lease.
//
// Delivery is at least once, and in practice once: a message is marked sent right after the
// SMTP server accepted it (the end of DATA), and never sent again after that; a failed
// update is tried again while the lease lasts (record.go). If the process
// dies between the server's acceptance and that update, the message is sent again when its
// lease runs out; it keeps its Message-ID, so receivers can recognise the duplicate.
type Worker struct {
	Queue    Queue
	Sender   Sender
	Renderer Renderer
	Log      *slog.Logger

	// Loop checks the outbox every Poll (default 2s), or soon after Notify, claiming Batch
	// messages at once (20), sent over one connection.
	outbox.Loop
	// Lease is how long a claimed message is reserved for this worker (30s). Sending a batch
	// starts messages only during the first half of the lease, so that one SMTP exchange
	// (timeout 10s) ends before another worker may take the message; the rest are released.
	Lease time.Duration
	// MaxAttempts is how many times delivery is tried before the message is marked failed (10).
	MaxAttempts int
	// Backoff is the wait after the first failed attempt; it doubles with each one (30s),
	// up to MaxBackoff (1h).
	Backoff    time.Duration
	MaxBackoff time.Duration
	// Now returns the current time (time.Now).
	Now func() time.Time
}

// NewWorker returns a worker with the defaults described on Worker.
func NewWorker(q Queue, s Sender, r Renderer, log *slog.Logger) *Worker {
	return &Worker{
		Queue: q, Sender: s, Renderer: r, Log: log,
		Loop:  outbox.NewLoop(2*time.Second, 20),
		Lease: 30 * time.Second, MaxAttempts: 10,
		Backoff: 30 * time.Second, MaxBackoff: time.Hour, Now: time.Now,
	}
}

// Run delivers messages until ctx is cancelled, then returns nil once the message being
// sent, if any, is finished and recorded.
func (w *Worker) Run(ctx context.Context) error {
	return w.Loop.Run(ctx, w.RunOnce, func(err error) { w.Log.Error("outbox", "err", err) })
}

// RunOnce claims one batch of due messages and tries to deliver them. It returns how many
// it claimed.
func (w *Worker) RunOnce(ctx context.Context) (int, error) {
	claimedAt := time.Now()
	claimed, err := w.Queue.Claim(ctx, w.Now(), w.Lease, w.Batch)
	if err != nil || len(claimed) == 0 {
		return 0, err
	}
	// What happens after the server's answer is recorded even if ctx is cancelled meanwhile:
	// a delivered message must be marked sent.
	sendCtx, record, cancel := outbox.Round(ctx, claimedAt, w.Lease)
	defer cancel()

	msgs := make([]Message, 0, len(claimed))
	rows := make([]store.Message, 0, len(claimed))
	var errs []error
	for _, m := range claimed {
		rendered, err := w.Renderer.Render(m)
		if err != nil {
			errs = append(errs, w.fail(record, m, err))
			continue
		}
		msgs = append(msgs, rendered)
		rows = append(rows, m)
	}
	handled := make([]bool, len(msgs))
	w.Sender.Send(sendCtx, msgs, func(i int, sendErr error) {
		handled[i] = true
		m := rows[i]
		if sendErr == nil {
			if err := w.markSent(record, m.ID, claimedAt.Add(w.Lease*9/10)); err != nil {
				errs = append(errs, err)
			}
			w.Log.Info("mail sent", "id", m.ID, "kind", m.Kind, "attempt", m.Attempts)
			return
		}
		if sendCtx.Err() != nil {
			// Shutting down, or too late in the lease to start: give the message back
			// untouched, for the next round or the next start.
			errs = append(errs, w.Queue.Release(record, m.ID))
			return
		}
		var perm *PermanentError
		if errors.As(sendErr, &perm) || m.Attempts >= w.MaxAttempts {
			errs = append(errs, w.fail(record, m, sendErr))
			return
		}
		next := w.Now().Add(outbox.Backoff(w.Backoff, w.MaxBackoff, m.Attempts))
		w.Log.Warn("mail not sent, will retry", "id", m.ID, "kind", m.Kind, "attempt", m.Attempts, "retry_at", next, "err", sendErr)
		errs = append(errs, w.Queue.Retry(record, m.ID, next, sendErr.Error()))
	})
	for i, done := range handled {
		if !done { // a Sender must call done for every message; be safe if one does not
			errs = append(errs, w.Queue.Release(record, rows[i].ID))
		}
	}
	return len(claimed), errors.Join(errs...)
}

func (w *Worker) fail(ctx context.Context, m store.Message, err error) error {
	w.Log.Error("mail failed, giving up", "id", m.ID, "kind", m.Kind, "attempt", m.Attempts, "err", err)
	return w.Queue.MarkFailed(ctx, m.ID, err.Error())
}
