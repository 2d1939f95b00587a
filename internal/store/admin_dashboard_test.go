package store_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// TestDashboardCountsByUTCDay seeds submissions around midnight UTC, spam, feedback and
// mail, and checks each figure: per day and kind (spam left out, days without any at zero,
// a row just before the window left out), subscribers by status, feedback and generators
// within the window, mail waiting and failed with the oldest waiting (webhook rows are not
// mail).
func TestDashboardCountsByUTCDay(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
		today := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
		from := today.AddDate(0, 0, -29)
		err := s.InTx(ctx, func(tx *store.Tx) error {
			for i, at := range []time.Time{
				today.Add(time.Second),   // today
				today.Add(-time.Second),  // yesterday, 23:59:59
				from,                     // the first day of the window
				from.Add(-time.Second),   // before the window
				today.Add(2 * time.Hour), // today again
			} {
				if _, _, err := tx.AddSubscriber(ctx, fmt.Sprintf("s%d@example.org", i), false, at); err != nil {
					return err
				}
			}
			if _, _, err := tx.AddSubscriber(ctx, "spam@example.org", true, today.Add(time.Hour)); err != nil {
				return err
			}
			id, _, err := tx.AddSubscriber(ctx, "confirmed@example.org", false, today.AddDate(0, 0, -5))
			if err != nil {
				return err
			}
			if err := tx.Confirm(ctx, id, today.AddDate(0, 0, -5)); err != nil {
				return err
			}
			for i, c := range []struct {
				at   time.Time
				spam bool
			}{{today.Add(-time.Second), false}, {today.Add(time.Minute), true}} {
				if err := tx.AddContact(ctx, store.Contact{ID: fmt.Sprint("c", i), Name: "N", Email: "c@example.org", Reason: "general", Message: "Hello", Spam: c.spam, CreatedAt: c.at}); err != nil {
					return err
				}
			}
			for i, g := range []string{"builtin", "builtin", "ai", ""} {
				ref := fmt.Sprint("TP-", i)
				if err := tx.AddLessonPlan(ctx, store.LessonPlan{Reference: ref, Email: "p@example.org", Subject: "math", Grade: "9", Topic: "t", Duration: 45, CreatedAt: today.AddDate(0, 0, -i)}); err != nil {
					return err
				}
				if g != "" {
					if err := tx.SetPlan(ctx, store.StoredPlan{Reference: ref, JSON: []byte(`{}`), Generator: g, AIState: store.AINone, UpdatedAt: now}); err != nil {
						return err
					}
				}
			}
			if err := tx.AddLessonPlan(ctx, store.LessonPlan{Reference: "TP-old", Email: "p@example.org", Subject: "math", Grade: "9", Topic: "t", Duration: 45, CreatedAt: from.AddDate(0, 0, -1)}); err != nil {
				return err
			}
			for _, m := range []store.NewMessage{
				{Kind: "contact_receipt", Recipient: "a@example.org", Payload: []byte(`{}`)},
				{Kind: "contact_receipt", Recipient: "b@example.org", Payload: []byte(`{}`)},
				{Kind: store.OutboxWebhook, Recipient: "webhook:1", Payload: []byte(`{}`)},
			} {
				if err := tx.Enqueue(ctx, m, today.Add(time.Hour)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, useful := range []bool{true, true, false} {
			if _, err := s.AddFeedback(ctx, store.Feedback{Reference: fmt.Sprint("TP-", i), Useful: useful, CreatedAt: now}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.AddFeedback(ctx, store.Feedback{Reference: "TP-old", Useful: false, CreatedAt: from.Add(-time.Hour)}); err != nil {
			t.Fatal(err)
		}
		msgs, err := s.Claim(ctx, now, time.Minute, 1)
		if err != nil || len(msgs) != 1 {
			t.Fatal(msgs, err)
		}
		if err := s.MarkFailed(ctx, msgs[0].ID, "no such mailbox"); err != nil {
			t.Fatal(err)
		}

		d, err := s.Dashboard(ctx, now, 30)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Days) != 30 || d.Days[0].Date != "2026-10-25" || d.Days[29].Date != "2026-11-23" {
			t.Fatalf("days %v … %v (%d)", d.Days[0], d.Days[len(d.Days)-1], len(d.Days))
		}
		want := map[string]store.DayCounts{
			"2026-11-23": {Date: "2026-11-23", Newsletter: 2, LessonPlan: 1},
			"2026-11-22": {Date: "2026-11-22", Newsletter: 1, Contact: 1, LessonPlan: 1},
			"2026-11-21": {Date: "2026-11-21", LessonPlan: 1},
			"2026-11-20": {Date: "2026-11-20", LessonPlan: 1},
			"2026-11-18": {Date: "2026-11-18", Newsletter: 1},
			"2026-10-25": {Date: "2026-10-25", Newsletter: 1},
		}
		for _, day := range d.Days {
			w, ok := want[day.Date]
			if !ok {
				w = store.DayCounts{Date: day.Date}
			}
			if day != w {
				t.Errorf("%s: %+v, want %+v", day.Date, day, w)
			}
		}
		if d.Newsletter[store.Pending] != 5 || d.Newsletter[store.Confirmed] != 1 || d.Newsletter[store.Unsubscribed] != 0 {
			t.Errorf("newsletter %v (spam left out)", d.Newsletter)
		}
		if d.Useful != 2 || d.NotUseful != 1 {
			t.Errorf("feedback useful %d, not useful %d", d.Useful, d.NotUseful)
		}
		if d.ByGenerator["builtin"] != 2 || d.ByGenerator["ai"] != 1 || d.ByGenerator[""] != 1 {
			t.Errorf("generators %v", d.ByGenerator)
		}
		if d.MailWaiting != 1 || d.MailFailed != 1 || d.OldestWaiting == nil || !d.OldestWaiting.Equal(today.Add(time.Hour)) {
			t.Errorf("mail waiting %d, failed %d, oldest %v", d.MailWaiting, d.MailFailed, d.OldestWaiting)
		}
	})
}

// TestDeleteOneRecordAndPlanSummaries: the console deletes one record at a time (its tokens,
// plan and feedback with it) and ErrNotFound says it was already gone; a page of plans gets
// its generators and feedback counts in one query.
func TestDeleteOneRecordAndPlanSummaries(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		var subID int64
		err := s.InTx(ctx, func(tx *store.Tx) error {
			var err error
			if subID, _, err = tx.AddSubscriber(ctx, "a@example.org", false, t0); err != nil {
				return err
			}
			if err := tx.AddSubscriberToken(ctx, hash("t"), subID, store.PurposeUnsubscribe, t0, nil); err != nil {
				return err
			}
			if err := tx.AddContact(ctx, store.Contact{ID: "c1", Name: "N", Email: "a@example.org", Reason: "general", Message: "Hi", CreatedAt: t0}); err != nil {
				return err
			}
			for _, ref := range []string{"TP-1", "TP-2"} {
				if err := tx.AddLessonPlan(ctx, store.LessonPlan{Reference: ref, Email: "a@example.org", Subject: "math", Grade: "9", Topic: "t", Duration: 45, CreatedAt: t0}); err != nil {
					return err
				}
			}
			return tx.SetPlan(ctx, store.StoredPlan{Reference: "TP-1", JSON: []byte(`{}`), Generator: "ai", AIState: store.AIDone, UpdatedAt: t0})
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, useful := range []bool{true, false, false} {
			if _, err := s.AddFeedback(ctx, store.Feedback{Reference: "TP-1", Useful: useful, CreatedAt: t0}); err != nil {
				t.Fatal(err)
			}
		}
		sums, err := s.PlanSummaries(ctx, []string{"TP-1", "TP-2", "TP-none"})
		if err != nil || sums["TP-1"] != (store.PlanSummary{Generator: "ai", Useful: 1, NotUseful: 2}) || sums["TP-2"] != (store.PlanSummary{}) || len(sums) != 2 {
			t.Errorf("summaries %v, %v", sums, err)
		}
		for name, del := range map[string]func() error{
			"subscriber":  func() error { return s.DeleteSubscriber(ctx, subID) },
			"contact":     func() error { return s.DeleteContact(ctx, "c1") },
			"lesson plan": func() error { return s.DeleteLessonPlan(ctx, "TP-1") },
		} {
			if err := del(); err != nil {
				t.Errorf("delete %s: %v", name, err)
			}
			if err := del(); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("delete %s again: %v, want ErrNotFound", name, err)
			}
		}
		if fb, err := s.FeedbackFor(ctx, "TP-1"); err != nil || len(fb) != 0 {
			t.Errorf("feedback after the plan's deletion: %v %v", fb, err)
		}
		var tokens int
		if err := store.DBOf(s).QueryRowContext(ctx, `SELECT count(*) FROM subscriber_tokens`).Scan(&tokens); err != nil || tokens != 0 {
			t.Errorf("tokens left %d, %v", tokens, err)
		}
	})
}

// TestAddFeedbackInATransaction: feedback stored with the transaction of its webhook event,
// and refused for an unknown plan.
func TestAddFeedbackInATransaction(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		err := s.InTx(ctx, func(tx *store.Tx) error {
			if err := tx.AddLessonPlan(ctx, store.LessonPlan{Reference: "TP-1", Email: "a@example.org", Subject: "math", Grade: "9", Topic: "t", Duration: 45, CreatedAt: t0}); err != nil {
				return err
			}
			_, _, err := tx.AddFeedback(ctx, store.Feedback{Reference: "TP-1", Useful: true, Comment: "good", CreatedAt: t0})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if fb, err := s.FeedbackFor(ctx, "TP-1"); err != nil || len(fb) != 1 || fb[0].Comment != "good" {
			t.Errorf("feedback %v, %v", fb, err)
		}
		err = s.InTx(ctx, func(tx *store.Tx) error {
			_, _, err := tx.AddFeedback(ctx, store.Feedback{Reference: "TP-none", CreatedAt: t0})
			return err
		})
		if !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unknown plan: %v", err)
		}
	})
}
