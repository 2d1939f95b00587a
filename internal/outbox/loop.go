// Package outbox holds what the outbox's workers (mail, webhooks) share: the loop that claims
// batches of due rows, polling and waking early when told, and the retry backoff.
package outbox

import (
	"context"
	"time"
)

// Loop runs a worker's rounds: one at start, one every Poll, and one soon after each Notify.
// A round that claimed a full Batch is followed at once by another, until the outbox is
// drained. Make one with NewLoop.
type Loop struct {
	// Poll is how often the outbox is checked when nothing calls Notify.
	Poll time.Duration
	// Batch is how many rows a round claims at most.
	Batch int

	wake chan struct{}
}

// NewLoop returns a loop that polls every poll and claims batch rows a round.
func NewLoop(poll time.Duration, batch int) Loop {
	return Loop{Poll: poll, Batch: batch, wake: make(chan struct{}, 1)}
}

// Notify tells the loop rows are waiting, so it need not wait for the next poll. It never
// blocks: notices that arrive during a round make one more round.
func (l *Loop) Notify() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// Run calls runOnce, which claims and handles one batch and returns how many rows it
// claimed, until ctx is cancelled; then it returns nil once the round in progress is over.
// Errors go to onErr, except those of a round cut short by the cancellation; a round that
// fails ends the drain, and the next poll or notice tries again.
func (l *Loop) Run(ctx context.Context, runOnce func(context.Context) (int, error), onErr func(error)) error {
	t := time.NewTicker(l.Poll)
	defer t.Stop()
	for {
		for {
			n, err := runOnce(ctx)
			if err != nil && ctx.Err() == nil {
				onErr(err)
			}
			if n < l.Batch || err != nil || ctx.Err() != nil {
				break
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		case <-l.wake:
		}
	}
}

// Round returns the contexts of one claimed batch. send is done half the lease after the
// claim (or with ctx), so that no attempt starts that could still be running when another
// worker may take the row; the rows not started by then are to be given back. record is
// never cancelled: an attempt's outcome is recorded even while the worker stops.
func Round(ctx context.Context, claimedAt time.Time, lease time.Duration) (send, record context.Context, cancel context.CancelFunc) {
	send, cancel = context.WithDeadline(ctx, claimedAt.Add(lease/2))
	return send, context.WithoutCancel(ctx), cancel
}
