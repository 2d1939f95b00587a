package mail

import (
	"context"
	"log/slog"
	"time"
)

// markSent records that the server accepted message id, trying again for as long as the
// message's lease allows: a short database hiccup right after the SMTP server's acceptance
// must not leave the message pending, to be sent a second time once its lease runs out.
// Each wait doubles from 50 ms, up to 2 s; the last attempt starts before until (the end of
// the lease, less a margin), so a recorded message is never taken by another worker.
func (w *Worker) markSent(ctx context.Context, id int64, until time.Time) error {
	wait := 50 * time.Millisecond
	for attempt := 1; ; attempt++ {
		err := w.Queue.MarkSent(ctx, id, w.Now())
		if err == nil {
			return nil
		}
		if time.Now().Add(wait).After(until) {
			return err
		}
		w.Log.LogAttrs(ctx, slog.LevelWarn, "recording a sent message failed, trying again",
			slog.Int64("id", id), slog.Int("attempt", attempt), slog.Duration("wait", wait), slog.Any("err", err))
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done(): // ctx is not cancelled by shutdown (see RunOnce); only by its caller
			t.Stop()
			return err
		}
		wait = min(2*wait, 2*time.Second)
	}
}
