package webhook_test

import (
	"log/slog"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/store/storetest"
	"github.com/teachpilot/site/internal/webhook"
)

// queueEvents stores an endpoint for url and events, and queues n events of type typ in
// transactions, as the form API does; it returns the endpoint's shown secret.
func queueEvents(t *testing.T, s *store.Store, url string, events []string, typ string, n int, now time.Time) (store.WebhookEndpoint, string, []string) {
	t.Helper()
	ctx := t.Context()
	ep, secret, err := webhook.NewEndpoint(url, events, true, now)
	if err != nil {
		t.Fatal(err)
	}
	if ep.ID, err = s.AddWebhookEndpoint(ctx, ep); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := range n {
		ev, err := webhook.NewEvent(typ, map[string]int{"n": i}, now)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, ev.ID)
		if err := s.InTx(ctx, func(tx *store.Tx) error {
			_, err := webhook.Enqueue(ctx, tx, ev, "visitor@example.org", now)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	return ep, secret, ids
}

// TestWorkerDeliversEveryEventAfterTheReceiverWasDown: the receiver answers 503 for a while;
// on a clock the test moves past each backoff, every event arrives afterwards, each with
// the same webhook-id on every attempt and a signature that verifies by the specification,
// and the delivery log has every attempt.
func TestWorkerDeliversEveryEventAfterTheReceiverWasDown(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		down := []int{503, 503, 503, 503, 503, 503, 503}
		rc := newReceiver(t, down...)
		clock := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
		ep, secret, ids := queueEvents(t, s, rc.URL+"/hook", []string{webhook.ContactReceived}, webhook.ContactReceived, 3, clock)
		// An endpoint for another event receives none of these.
		other, _, _ := queueEvents(t, s, rc.URL+"/other", []string{webhook.NewsletterConfirmed}, webhook.NewsletterConfirmed, 0, clock)

		w := webhook.NewWorker(s, webhook.NewSender(webhook.Options{AllowPrivate: true, TLSConfig: rc.tlsConfig(), Timeout: 5 * time.Second}),
			slog.New(slog.DiscardHandler))
		w.Now = func() time.Time { return clock }
		outcomes := map[string]int{}
		w.Outcome = func(o string) { outcomes[o]++ }
		for round := 0; round < 20; round++ {
			if _, err := w.RunOnce(ctx); err != nil {
				t.Fatal(err)
			}
			clock = clock.Add(time.Hour) // past any backoff
		}

		rc.mu.Lock()
		got := rc.got
		rc.mu.Unlock()
		if len(got) != len(ids)+len(down) {
			t.Fatalf("receiver got %d requests, want %d (%d refused with 503, then each event once)", len(got), len(ids)+len(down), len(down))
		}
		attempts := map[string]int{}
		delivered := map[string]bool{}
		for i, r := range got {
			if err := verify(secret, r.header, r.body, time.Now()); err != nil {
				t.Errorf("request %d: signature: %v", i, err)
			}
			id := r.header.Get("webhook-id")
			attempts[id]++
			if i >= len(down) {
				delivered[id] = true
			}
		}
		for _, id := range ids {
			if !delivered[id] {
				t.Errorf("event %s never arrived after the receiver came back (attempts %v)", id, attempts)
			}
		}
		if len(attempts) != len(ids) {
			t.Errorf("webhook-ids seen %v, want exactly the %d events' ids (same id on every attempt)", attempts, len(ids))
		}
		log, err := s.WebhookDeliveries(ctx, ep.ID, 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(log) != len(got) {
			t.Errorf("delivery log has %d attempts, want %d", len(log), len(got))
		}
		codes := map[int]int{}
		for _, d := range log {
			codes[d.StatusCode]++
		}
		if codes[503] != len(down) || codes[204] != len(ids) {
			t.Errorf("logged status codes %v, want %d×503 and %d×204", codes, len(down), len(ids))
		}
		if outcomes["delivered"] != len(ids) || outcomes["failed"] != len(down) {
			t.Errorf("outcomes %v", outcomes)
		}
		if log, _ := s.WebhookDeliveries(ctx, other.ID, 10); len(log) != 0 {
			t.Errorf("the other endpoint got %v", log)
		}
		msgs, err := s.Messages(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			if m.Kind != store.OutboxWebhook || m.Status != store.OutboxSent || m.About != "visitor@example.org" {
				t.Errorf("outbox row %+v, want a sent webhook row about the visitor", m)
			}
		}
		// Mail is not webhook: the mail figures count none of these rows.
		if st, err := s.MailStats(ctx); err != nil || st.Sent != 0 || st.Pending != 0 {
			t.Errorf("MailStats = %+v, %v: webhook rows counted as mail", st, err)
		}
	})
}

// TestWorkerRefusesAPrivateTarget: without AllowPrivate the worker never reaches an endpoint
// on loopback (stored behind the console's back, or by a name that resolves there); the
// attempt is logged and the delivery given up at once, since retrying cannot help.
func TestWorkerRefusesAPrivateTarget(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		rc := newReceiver(t)
		now := time.Now()
		ep, _, _ := queueEvents(t, s, rc.URL, []string{webhook.LessonPlanCreated}, webhook.LessonPlanCreated, 1, now)
		w := webhook.NewWorker(s, webhook.NewSender(webhook.Options{TLSConfig: rc.tlsConfig(), Timeout: 2 * time.Second}), slog.New(slog.DiscardHandler))
		refused := 0
		w.Outcome = func(o string) {
			if o == "refused" {
				refused++
			}
		}
		if n, err := w.RunOnce(ctx); err != nil || n != 1 {
			t.Fatalf("RunOnce = %d, %v", n, err)
		}
		rc.mu.Lock()
		reached := len(rc.got)
		rc.mu.Unlock()
		if reached != 0 {
			t.Errorf("the private target was reached %d times", reached)
		}
		log, err := s.WebhookDeliveries(ctx, ep.ID, 10)
		if err != nil || len(log) != 1 || log[0].StatusCode != 0 || log[0].Error == "" {
			t.Errorf("delivery log = %+v, %v; want one refused attempt", log, err)
		}
		msgs, _ := s.Messages(ctx)
		if len(msgs) != 1 || msgs[0].Status != store.OutboxFailed || refused != 1 {
			t.Errorf("outbox = %+v (refused %d); want the delivery given up", msgs, refused)
		}
		// Added through the console, such a target is refused before it is stored.
		if _, _, err := webhook.NewEndpoint(rc.URL, []string{webhook.ContactReceived}, false, now); err == nil {
			t.Error("NewEndpoint accepted a loopback target")
		}
	})
}

// TestWorkerDropsDeliveriesOfARemovedEndpoint: removing an endpoint ends its queued
// deliveries instead of retrying them for hours.
func TestWorkerDropsDeliveriesOfARemovedEndpoint(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		rc := newReceiver(t)
		ep, _, _ := queueEvents(t, s, rc.URL, []string{webhook.FeedbackGiven}, webhook.FeedbackGiven, 2, time.Now())
		if err := s.RemoveWebhookEndpoint(ctx, ep.ID); err != nil {
			t.Fatal(err)
		}
		w := webhook.NewWorker(s, webhook.NewSender(webhook.Options{AllowPrivate: true, TLSConfig: rc.tlsConfig()}), slog.New(slog.DiscardHandler))
		if _, err := w.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		msgs, _ := s.Messages(ctx)
		for _, m := range msgs {
			if m.Status != store.OutboxFailed {
				t.Errorf("row %d is %s, want failed", m.ID, m.Status)
			}
		}
		if rc.mu.Lock(); len(rc.got) != 0 {
			t.Errorf("a removed endpoint was called")
		}
		rc.mu.Unlock()
	})
}
