package retention_test

import (
	"crypto/sha256"
	"errors"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/retention"
	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/store/storetest"
	"github.com/teachpilot/site/web"
)

var now = time.Date(2026, 6, 15, 3, 0, 0, 0, time.UTC)

func hash(s string) []byte { h := sha256.Sum256([]byte(s)); return h[:] }

// TestRetentionRemovesExactlyWhatIsDue seeds each kind of data a second either side of its
// cutoff and checks, table by table, that only the older one is gone.
func TestRetentionRemovesExactlyWhatIsDue(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		cut := retention.DefaultPeriods.Cutoffs(now)
		sec := time.Second
		// The periods are web/retention.json's, the values /privacy states.
		if want := now.Add(-730 * 24 * time.Hour); !cut.Contacts.Equal(want) {
			t.Fatalf("contacts cutoff %v, want %v (730 days, web/retention.json)", cut.Contacts, want)
		}
		if !cut.Tokens.Equal(now) {
			t.Fatalf("links cutoff %v, want now: expired links go at once", cut.Tokens)
		}
		var subIDs = map[string]int64{}
		err := s.InTx(ctx, func(tx *store.Tx) error {
			for _, c := range []store.Contact{
				{ID: "old-contact", CreatedAt: cut.Contacts.Add(-sec)},
				{ID: "kept-contact", CreatedAt: cut.Contacts.Add(sec)},
			} {
				c.Name, c.Email, c.Reason, c.Message = "N", "n@example.org", "general", "Hi"
				if err := tx.AddContact(ctx, c); err != nil {
					return err
				}
			}
			for ref, at := range map[string]time.Time{"old-plan": cut.LessonPlans.Add(-sec), "kept-plan": cut.LessonPlans.Add(sec)} {
				if err := tx.AddLessonPlan(ctx, store.LessonPlan{Reference: ref, Email: "p@example.org", Subject: "math", Grade: "9", Topic: "t", Duration: 45, CreatedAt: at}); err != nil {
					return err
				}
			}
			for email, at := range map[string]time.Time{
				"old-pending@example.org":   cut.UnconfirmedSignUp.Add(-sec),
				"new-pending@example.org":   cut.UnconfirmedSignUp.Add(sec),
				"old-confirmed@example.org": cut.UnconfirmedSignUp.Add(-100 * 24 * time.Hour),
			} {
				id, _, err := tx.AddSubscriber(ctx, email, false, at)
				if err != nil {
					return err
				}
				subIDs[email] = id
				if email == "old-confirmed@example.org" {
					if err := tx.Confirm(ctx, id, at); err != nil {
						return err
					}
				}
			}
			id := subIDs["old-confirmed@example.org"]
			expired, live := now.Add(-sec), now.Add(sec)
			if err := tx.AddSubscriberToken(ctx, hash("expired"), id, store.PurposeConfirm, now.Add(-time.Hour), &expired); err != nil {
				return err
			}
			// The live token belongs to another subscriber: a newer confirmation token
			// supersedes (deletes) the older ones of the same subscriber.
			if err := tx.AddSubscriberToken(ctx, hash("live"), subIDs["new-pending@example.org"], store.PurposeConfirm, now.Add(-time.Hour), &live); err != nil {
				return err
			}
			if err := tx.AddSubscriberToken(ctx, hash("forever"), id, store.PurposeUnsubscribe, now.Add(-time.Hour), nil); err != nil {
				return err
			}
			for _, r := range []string{"old-sent@example.org", "new-sent@example.org", "pending@example.org", "old-failed@example.org"} {
				if err := tx.Enqueue(ctx, store.NewMessage{Kind: "k", Recipient: r, Payload: []byte(`{}`)}, cut.SentMail.Add(-time.Hour)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		msgs, err := s.Claim(ctx, cut.SentMail, time.Minute, 10)
		if err != nil || len(msgs) != 4 {
			t.Fatalf("claim: %v %v", msgs, err)
		}
		if err := s.MarkSent(ctx, msgs[0].ID, cut.SentMail.Add(-sec)); err != nil {
			t.Fatal(err)
		}
		if err := s.MarkSent(ctx, msgs[1].ID, cut.SentMail.Add(sec)); err != nil {
			t.Fatal(err)
		}
		if err := s.MarkFailed(ctx, msgs[3].ID, "mailbox does not exist"); err != nil {
			t.Fatal(err)
		}
		if err := s.Release(ctx, msgs[2].ID); err != nil {
			t.Fatal(err)
		}
		a, err := s.AddAdmin(ctx, "team@example.org", "$argon2id$x", now)
		if err != nil {
			t.Fatal(err)
		}
		for name, exp := range map[string]time.Time{"expired-session": now, "live-session": now.Add(sec)} {
			if err := s.AddAdminSession(ctx, store.AdminSession{TokenHash: hash(name), AdminID: a.ID, CreatedAt: now.Add(-time.Hour), LastSeenAt: now.Add(-time.Hour), ExpiresAt: exp}); err != nil {
				t.Fatal(err)
			}
		}

		for _, ref := range []string{"old-plan", "kept-plan"} {
			if _, err := s.AddFeedback(ctx, store.Feedback{Reference: ref, Useful: true, Comment: "ok", CreatedAt: now}); err != nil {
				t.Fatal(err)
			}
		}

		job := &retention.Job{Store: s, Periods: retention.DefaultPeriods, Now: func() time.Time { return now }}
		ran, purged, err := job.RunOnce(ctx)
		if err != nil || !ran {
			t.Fatalf("RunOnce = %v, %v", ran, err)
		}
		if want := (store.Purged{Contacts: 1, LessonPlans: 1, UnconfirmedSignUp: 1, SentMail: 1, FailedMail: 1, ExpiredTokens: 1, ExpiredSessions: 1}); purged != want {
			t.Errorf("purged %+v, want %+v", purged, want)
		}

		gone := func(err error) bool { return errors.Is(err, store.ErrNotFound) }
		check := func(name string, err error, wantGone bool) {
			t.Helper()
			if err != nil && !gone(err) {
				t.Fatalf("%s: %v", name, err)
			}
			if gone(err) != wantGone {
				t.Errorf("%s: gone = %v, want %v", name, gone(err), wantGone)
			}
		}
		_, err = s.Contact(ctx, "old-contact")
		check("contact past 730 days", err, true)
		_, err = s.Contact(ctx, "kept-contact")
		check("contact within 730 days", err, false)
		_, err = s.LessonPlan(ctx, "old-plan")
		check("lesson plan past 365 days", err, true)
		_, err = s.LessonPlan(ctx, "kept-plan")
		check("lesson plan within 365 days", err, false)
		for ref, want := range map[string]int{"old-plan": 0, "kept-plan": 1} {
			if fb, err := s.FeedbackFor(ctx, ref); err != nil || len(fb) != want {
				t.Errorf("feedback of %s: %d, %v; want %d (it goes with its request)", ref, len(fb), err, want)
			}
		}
		_, err = s.Subscriber(ctx, "old-pending@example.org")
		check("sign-up unconfirmed for 30 days", err, true)
		_, err = s.Subscriber(ctx, "new-pending@example.org")
		check("recent unconfirmed sign-up", err, false)
		_, err = s.Subscriber(ctx, "old-confirmed@example.org")
		check("old but confirmed subscriber", err, false)
		for _, tok := range []struct {
			name, purpose string
			wantGone      bool
		}{
			{"expired", store.PurposeConfirm, true},
			{"live", store.PurposeConfirm, false},
			{"forever", store.PurposeUnsubscribe, false},
		} {
			err := s.InTx(ctx, func(tx *store.Tx) error {
				_, _, err := tx.SubscriberByToken(ctx, hash(tok.name), tok.purpose)
				return err
			})
			check("token "+tok.name, err, tok.wantGone)
		}
		for name, wantGone := range map[string]bool{"expired-session": true, "live-session": false} {
			_, err := s.AdminSession(ctx, hash(name))
			check(name, err, wantGone)
		}
		left, err := s.Messages(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var recipients []string
		for _, m := range left {
			recipients = append(recipients, m.Recipient)
		}
		if len(left) != 2 || left[0].Recipient != "new-sent@example.org" || left[1].Recipient != "pending@example.org" {
			t.Errorf("outbox left %v, want the recently sent and the pending message (failed and old sent gone)", recipients)
		}
		log, err := s.AuditLog(ctx, 0, 10)
		if err != nil || len(log) != 1 || log[0].Action != "retention.run" {
			t.Errorf("audit log %+v, %v", log, err)
		}
	})
}

// TestRetentionRunsOncePerDayAcrossInstances starts four instances at once, then moves the
// clock: one of them runs each day, and none in between.
func TestRetentionRunsOncePerDayAcrossInstances(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		var mu sync.Mutex
		clock := now
		tick := func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
		jobs := make([]*retention.Job, 4)
		for i := range jobs {
			jobs[i] = &retention.Job{Store: s, Periods: retention.DefaultPeriods, Now: tick}
		}
		runAll := func() int {
			var wg sync.WaitGroup
			var n int
			var nmu sync.Mutex
			for _, j := range jobs {
				wg.Go(func() {
					ran, _, err := j.RunOnce(ctx)
					if err != nil {
						t.Error(err)
					}
					if ran {
						nmu.Lock()
						n++
						nmu.Unlock()
					}
				})
			}
			wg.Wait()
			return n
		}
		for _, step := range []struct {
			name    string
			advance time.Duration
			want    int
		}{
			{"the first check runs it once", 0, 1},
			{"an hour later nothing is due", time.Hour, 0},
			{"a minute before the day is over", 22*time.Hour + 59*time.Minute, 0},
			{"a day after the last run", time.Minute, 1},
			{"and not twice", time.Second, 0},
		} {
			mu.Lock()
			clock = clock.Add(step.advance)
			mu.Unlock()
			if got := runAll(); got != step.want {
				t.Errorf("%s: %d instances ran it, want %d", step.name, got, step.want)
			}
		}
	})
}

// TestPeriodsAreTheWebFile: the job deletes by web/retention.json, the file the privacy page
// is written from, and by nothing else.
func TestPeriodsAreTheWebFile(t *testing.T) {
	raw, err := os.ReadFile("../../web/retention.json")
	if err != nil {
		t.Fatal(err)
	}
	days, err := web.ParseRetention(raw)
	if err != nil {
		t.Fatal(err)
	}
	if got := retention.FromWeb(days); got != retention.DefaultPeriods {
		t.Errorf("DefaultPeriods = %+v, want web/retention.json's %+v", retention.DefaultPeriods, got)
	}
	p := retention.Periods{ContactDays: 10, LessonPlanDays: 20, UnconfirmedSignUpDays: 3, ExpiredLinkDays: 1, SentMailDays: 2}
	c := p.Cutoffs(now)
	day := 24 * time.Hour
	for name, pair := range map[string][2]time.Time{
		"contacts": {c.Contacts, now.Add(-10 * day)}, "lesson plans": {c.LessonPlans, now.Add(-20 * day)},
		"sign-ups": {c.UnconfirmedSignUp, now.Add(-3 * day)}, "links": {c.Tokens, now.Add(-day)}, "mail": {c.SentMail, now.Add(-2 * day)},
	} {
		if !pair[0].Equal(pair[1]) {
			t.Errorf("%s cutoff %v, want %v", name, pair[0], pair[1])
		}
	}
}
