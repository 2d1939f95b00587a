package mail_test

import (
	"context"
	"errors"
	"io"
	"sync/atomic"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/mail"
	"github.com/teachpilot/site/internal/mail/mailtest"
	"github.com/teachpilot/site/internal/store"
)

// hiccup is the real store whose next MarkSent calls fail, as they do when the database
// connection is cut right after the SMTP server accepted a message.
type hiccup struct {
	*store.Store
	fails atomic.Int32
}

func (h *hiccup) MarkSent(ctx context.Context, id int64, now time.Time) error {
	if h.fails.Add(-1) >= 0 {
		return errors.New("write: connection reset by peer")
	}
	return h.Store.MarkSent(ctx, id, now)
}

// TestRecordingASentMessageSurvivesAHiccup: when recording fails a few times after the
// server's acceptance, the worker tries again, so no message is left pending and sent a
// second time once its lease runs out.
func TestRecordingASentMessageSurvivesAHiccup(t *testing.T) {
	tests := []struct {
		name  string
		fails int32
	}{
		{"no hiccup", 0},
		{"the first recording fails", 1},
		{"three recordings in a row fail", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := openStore(t)
			srv := mailtest.Start(t)
			q := &hiccup{Store: st}
			q.fails.Store(tt.fails)
			enqueue(t, st,
				outgoing(t, mail.KindNewsletterConfirm, "a@example.org", confirm),
				outgoing(t, mail.KindContactReceipt, "b@example.org", mail.ContactReceipt{Reason: "Press"}),
				outgoing(t, mail.KindLessonPlanReceipt, "c@example.org", mail.LessonPlanReceipt{Reference: "TP-1", SuccessURL: "http://x/s"}))
			w := newWorker(q, smtpSender(t, srv.URL()), io.Discard)
			w.Lease = 4 * time.Second
			start := time.Now()
			w.Now = func() time.Time { return start }
			if _, err := w.RunOnce(t.Context()); err != nil {
				t.Fatalf("RunOnce: %v", err)
			}
			// Once the lease has run out, another round finds nothing to send again.
			w.Now = func() time.Time { return start.Add(time.Minute) }
			if n, err := w.RunOnce(t.Context()); err != nil || n != 0 {
				t.Errorf("after the lease: %d messages claimed again (%v), want 0", n, err)
			}
			got := srv.Messages()
			ids := map[string]int{}
			for _, m := range got {
				ids[m.Header.Get("Message-Id")]++
			}
			if len(got) != 3 || len(ids) != 3 {
				t.Errorf("%d messages delivered, %d distinct: want 3 and 3 (no duplicate)", len(got), len(ids))
			}
			msgs, err := st.Messages(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range msgs {
				if m.Status != store.OutboxSent {
					t.Errorf("message %d is %s, want sent", m.ID, m.Status)
				}
			}
		})
	}
}
