package store_test

// This file is long on purpose: it is the one store suite run on SQLite and on PostgreSQL
// (TEST_DATABASE_URL), and its scenarios share the opening of both databases.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/store/storetest"
)

// stores runs fn once against SQLite and, when TEST_DATABASE_URL is set, once against
// PostgreSQL in a schema of its own (storetest, shared with the packages built on the store).
func stores(t *testing.T, fn func(t *testing.T, s *store.Store)) {
	t.Helper()
	storetest.Each(t, fn)
}

// OpenSQLite opens a fresh SQLite store in a directory Open must create first.
func OpenSQLite(t *testing.T) *store.Store {
	t.Helper()
	s, err := store.Open(t.Context(), "sqlite:"+filepath.Join(t.TempDir(), "sub", "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

var t0 = time.Date(2026, 3, 1, 9, 30, 0, 123456000, time.UTC)

func hash(s string) []byte { h := []byte(s + "-0123456789abcdef0123456789ab"); return h[:32] }

func TestOpenTwiceKeepsData(t *testing.T) {
	path := filepath.Join(t.TempDir(), "again.db")
	ctx := t.Context()
	s, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.InTx(ctx, func(tx *store.Tx) error {
		return tx.AddContact(ctx, store.Contact{ID: "c1", Name: "Ada", Email: "ada@example.org", Reason: "general", Message: "Hello there!", CreatedAt: t0})
	}); err != nil {
		t.Fatal(err)
	}
	_ = s.Close()
	s, err = store.Open(ctx, "sqlite://"+path) // the migrations run again: nothing to do
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Contact(ctx, "c1"); err != nil {
		t.Fatalf("contact after reopening: %v", err)
	}
}

func TestSubscriberLifecycle(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		var id int64
		step := func(name string, fn func(tx *store.Tx) error) {
			t.Helper()
			if err := s.InTx(ctx, fn); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		status := func(want string) {
			t.Helper()
			sub, err := s.Subscriber(ctx, "ada@example.org")
			if err != nil {
				t.Fatal(err)
			}
			if sub.Status != want {
				t.Fatalf("status = %s, want %s", sub.Status, want)
			}
		}

		step("a new address is created pending", func(tx *store.Tx) error {
			var created bool
			var err error
			id, created, err = tx.AddSubscriber(ctx, "ada@example.org", true, t0)
			if !created {
				t.Error("first AddSubscriber: created = false")
			}
			return err
		})
		status(store.Pending)
		step("a known address is not created again", func(tx *store.Tx) error {
			again, created, err := tx.AddSubscriber(ctx, "ada@example.org", false, t0.Add(time.Second))
			if created || again != id {
				t.Errorf("second AddSubscriber = %d, %v; want %d, false", again, created, id)
			}
			return err
		})
		sends := []struct {
			name string
			at   time.Time
			want bool
		}{
			{"the first confirmation is sent", t0, true},
			{"a second within the interval is not", t0.Add(5 * time.Minute), false},
			{"one after the interval is", t0.Add(11 * time.Minute), true},
		}
		for _, c := range sends {
			step(c.name, func(tx *store.Tx) error {
				ok, err := tx.StartConfirmation(ctx, id, c.at, c.at.Add(-10*time.Minute))
				if ok != c.want {
					t.Errorf("%s: StartConfirmation = %v", c.name, ok)
				}
				return err
			})
		}
		sub, err := s.Subscriber(ctx, "ada@example.org")
		if err != nil {
			t.Fatal(err)
		}
		if sub.Spam {
			t.Error("spam mark not cleared by a real request")
		}
		if sub.ConfirmationSentAt == nil || !sub.ConfirmationSentAt.Equal(t0.Add(11*time.Minute)) {
			t.Errorf("confirmation_sent_at = %v", sub.ConfirmationSentAt)
		}

		exp := t0.Add(7 * 24 * time.Hour)
		step("tokens are stored by hash", func(tx *store.Tx) error {
			if err := tx.AddSubscriberToken(ctx, hash("confirm"), id, store.PurposeConfirm, t0, &exp); err != nil {
				return err
			}
			return tx.AddSubscriberToken(ctx, hash("unsub"), id, store.PurposeUnsubscribe, t0, nil)
		})
		step("a token is found only for its purpose", func(tx *store.Tx) error {
			got, gotExp, err := tx.SubscriberByToken(ctx, hash("confirm"), store.PurposeConfirm)
			if err != nil {
				return err
			}
			if got.ID != id || gotExp == nil || !gotExp.Equal(exp) {
				t.Errorf("SubscriberByToken = %d, %v", got.ID, gotExp)
			}
			if _, _, err := tx.SubscriberByToken(ctx, hash("confirm"), store.PurposeUnsubscribe); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("wrong purpose: err = %v, want ErrNotFound", err)
			}
			if _, _, err := tx.SubscriberByToken(ctx, hash("nope"), store.PurposeConfirm); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("unknown token: err = %v, want ErrNotFound", err)
			}
			_, never, err := tx.SubscriberByToken(ctx, hash("unsub"), store.PurposeUnsubscribe)
			if never != nil {
				t.Errorf("unsubscribe token expires %v, want never", never)
			}
			return err
		})
		step("confirm", func(tx *store.Tx) error { return tx.Confirm(ctx, id, t0.Add(time.Hour)) })
		status(store.Confirmed)
		step("confirming twice is harmless", func(tx *store.Tx) error { return tx.Confirm(ctx, id, t0.Add(2*time.Hour)) })
		sub, _ = s.Subscriber(ctx, "ada@example.org")
		if sub.ConfirmedAt == nil || !sub.ConfirmedAt.Equal(t0.Add(time.Hour)) {
			t.Errorf("confirmed_at = %v, want the first confirmation", sub.ConfirmedAt)
		}
		step("a confirmed address gets no new confirmation", func(tx *store.Tx) error {
			ok, err := tx.StartConfirmation(ctx, id, t0.Add(48*time.Hour), t0.Add(47*time.Hour))
			if ok {
				t.Error("StartConfirmation on a confirmed address = true")
			}
			return err
		})
		confirmed, err := s.ConfirmedSubscribers(ctx)
		if err != nil || len(confirmed) != 1 {
			t.Fatalf("ConfirmedSubscribers = %v, %v", confirmed, err)
		}
		step("unsubscribe", func(tx *store.Tx) error { return tx.Unsubscribe(ctx, id, t0.Add(3*time.Hour)) })
		status(store.Unsubscribed)
		step("subscribing again starts a new confirmation", func(tx *store.Tx) error {
			ok, err := tx.StartConfirmation(ctx, id, t0.Add(72*time.Hour), t0.Add(71*time.Hour))
			if !ok {
				t.Error("StartConfirmation after unsubscribing = false")
			}
			return err
		})
		status(store.Pending)
		if _, err := s.Subscriber(ctx, "nobody@example.org"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unknown subscriber: err = %v", err)
		}
	})
}

func TestConcurrentSubscribeSendsOneConfirmation(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		var wg sync.WaitGroup
		var mu sync.Mutex
		sent := 0
		for range 10 {
			wg.Go(func() {
				err := s.InTx(ctx, func(tx *store.Tx) error {
					id, _, err := tx.AddSubscriber(ctx, "race@example.org", false, t0)
					if err != nil {
						return err
					}
					ok, err := tx.StartConfirmation(ctx, id, t0, t0.Add(-10*time.Minute))
					if ok {
						mu.Lock()
						sent++
						mu.Unlock()
					}
					return err
				})
				if err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if sent != 1 {
			t.Errorf("confirmations started = %d, want 1", sent)
		}
	})
}

func TestContacts(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		paris := time.FixedZone("Paris", 3600)
		c := store.Contact{ID: "01ABC", Name: "Ada <b>Lovelace</b>", Email: "Ada@Example.org", Reason: "schools",
			Organisation: "", Message: "We'd like to try it with 40 teachers.", Spam: true, CreatedAt: t0.In(paris)}
		if err := s.InTx(ctx, func(tx *store.Tx) error { return tx.AddContact(ctx, c) }); err != nil {
			t.Fatal(err)
		}
		got, err := s.Contact(ctx, "01ABC")
		if err != nil {
			t.Fatal(err)
		}
		c.CreatedAt = t0
		if got != c {
			t.Errorf("Contact = %+v\nwant %+v", got, c)
		}
		if got.CreatedAt.Location() != time.UTC {
			t.Errorf("created_at location = %v, want UTC", got.CreatedAt.Location())
		}
		err = s.InTx(ctx, func(tx *store.Tx) error { return tx.AddContact(ctx, c) })
		if err == nil {
			t.Error("a second contact with the same id was stored")
		}
		if _, err := s.Contact(ctx, "missing"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("missing contact: err = %v", err)
		}
	})
}

func TestLessonPlans(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		full := store.LessonPlan{Reference: "TP-AAAA-BBBB-CCCC", Email: "t@school.org", Subject: "science", Grade: "10",
			Topic: "Photosynthesis", Duration: 50, Name: "Grace", School: "Hopper High", Objectives: "Explain light reactions",
			Standards: "NGSS HS-LS1-5", InstructionalModel: "5e", Differentiation: []string{"english-learners", "advanced"},
			Notes: "Lab on Friday", CreatedAt: t0}
		minimal := store.LessonPlan{Reference: "TP-DDDD-EEEE-FFFF", Email: "u@school.org", Subject: "arts", Grade: "9",
			Topic: "Color", Duration: 15, Spam: true, CreatedAt: t0}
		for _, p := range []store.LessonPlan{full, minimal} {
			if err := s.InTx(ctx, func(tx *store.Tx) error { return tx.AddLessonPlan(ctx, p) }); err != nil {
				t.Fatal(err)
			}
		}
		minimal.Differentiation = []string{}
		for _, want := range []store.LessonPlan{full, minimal} {
			got, err := s.LessonPlan(ctx, want.Reference)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("LessonPlan = %+v\nwant %+v", got, want)
			}
		}
		if n, err := s.CountLessonPlans(ctx); err != nil || n != 2 {
			t.Errorf("CountLessonPlans = %d, %v", n, err)
		}
		if _, err := s.LessonPlan(ctx, "TP-0000-0000-0000"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("missing plan: err = %v", err)
		}
	})
}

func TestOutbox(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		enqueue := func(n int) {
			t.Helper()
			err := s.InTx(ctx, func(tx *store.Tx) error {
				for i := range n {
					err := tx.Enqueue(ctx, store.NewMessage{Kind: "test", Recipient: fmt.Sprintf("r%d@example.org", i), About: "a@example.org", Payload: []byte(`{"n":1}`)}, t0)
					if err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}

		// A transaction that fails leaves nothing in the outbox.
		boom := errors.New("boom")
		err := s.InTx(ctx, func(tx *store.Tx) error {
			if err := tx.Enqueue(ctx, store.NewMessage{Kind: "test", Recipient: "x@example.org", Payload: []byte(`{}`)}, t0); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("InTx = %v, want boom", err)
		}
		if msgs, _ := s.Messages(ctx); len(msgs) != 0 {
			t.Fatalf("rolled-back message stored: %v", msgs)
		}

		enqueue(3)
		if got, _ := s.Claim(ctx, t0.Add(-time.Second), time.Minute, 10); len(got) != 0 {
			t.Errorf("claimed %d messages before they were due", len(got))
		}
		got, err := s.Claim(ctx, t0, time.Minute, 2)
		if err != nil || len(got) != 2 {
			t.Fatalf("Claim = %d messages, %v; want 2", len(got), err)
		}
		if got[0].Attempts != 1 || string(got[0].Payload) != `{"n":1}` || got[0].Recipient != "r0@example.org" {
			t.Errorf("claimed %+v", got[0])
		}
		if rest, _ := s.Claim(ctx, t0, time.Minute, 10); len(rest) != 1 {
			t.Errorf("second claim took %d, want the 1 left", len(rest))
		}
		if none, _ := s.Claim(ctx, t0.Add(30*time.Second), time.Minute, 10); len(none) != 0 {
			t.Errorf("claimed %d locked messages", len(none))
		}
		if err := s.MarkSent(ctx, got[0].ID, t0.Add(time.Second)); err != nil {
			t.Fatal(err)
		}
		if err := s.Retry(ctx, got[1].ID, t0.Add(5*time.Minute), "421 try later"); err != nil {
			t.Fatal(err)
		}
		// After the lease, the third (its worker "died") is due again; the retried one is not yet.
		again, _ := s.Claim(ctx, t0.Add(2*time.Minute), time.Minute, 10)
		if len(again) != 1 || again[0].ID != got[1].ID+1 || again[0].Attempts != 2 {
			t.Errorf("claim after lease = %+v", again)
		}
		if err := s.MarkFailed(ctx, again[0].ID, "550 no such user"); err != nil {
			t.Fatal(err)
		}
		later, _ := s.Claim(ctx, t0.Add(6*time.Minute), time.Minute, 10)
		if len(later) != 1 || later[0].ID != got[1].ID || later[0].LastError != "421 try later" {
			t.Errorf("claim after retry time = %+v", later)
		}

		msgs, err := s.Messages(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var states []string
		for _, m := range msgs {
			states = append(states, m.Status)
		}
		if want := []string{store.OutboxSent, store.OutboxPending, store.OutboxFailed}; !slices.Equal(states, want) {
			t.Errorf("states = %v, want %v", states, want)
		}
		if string(msgs[0].Payload) != "{}" || msgs[0].SentAt == nil {
			t.Errorf("sent message keeps payload %q, sent_at %v", msgs[0].Payload, msgs[0].SentAt)
		}
	})
}

func TestConcurrentClaimsNeverShareAMessage(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		const n = 200
		err := s.InTx(ctx, func(tx *store.Tx) error {
			for i := range n {
				if err := tx.Enqueue(ctx, store.NewMessage{Kind: "test", Recipient: fmt.Sprintf("r%d@example.org", i), Payload: []byte(`{}`)}, t0); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		seen := map[int64]int{}
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				for {
					got, err := s.Claim(ctx, t0, time.Hour, 7)
					if err != nil {
						t.Error(err)
						return
					}
					if len(got) == 0 {
						return
					}
					mu.Lock()
					for _, m := range got {
						seen[m.ID]++
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if len(seen) != n {
			t.Errorf("claimed %d distinct messages, want %d", len(seen), n)
		}
		for id, c := range seen {
			if c != 1 {
				t.Errorf("message %d claimed %d times", id, c)
			}
		}
	})
}

func TestExportAndDeleteByEmail(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		err := s.InTx(ctx, func(tx *store.Tx) error {
			id, _, err := tx.AddSubscriber(ctx, "ada@example.org", false, t0)
			if err != nil {
				return err
			}
			if err := tx.AddSubscriberToken(ctx, hash("a"), id, store.PurposeUnsubscribe, t0, nil); err != nil {
				return err
			}
			if _, _, err := tx.AddSubscriber(ctx, "other@example.org", false, t0); err != nil {
				return err
			}
			if err := tx.AddContact(ctx, store.Contact{ID: "c1", Name: "Ada", Email: "Ada@Example.org", Reason: "general", Message: "Hello, team!", CreatedAt: t0}); err != nil {
				return err
			}
			if err := tx.AddLessonPlan(ctx, store.LessonPlan{Reference: "TP-1", Email: "ada@example.org", Subject: "arts", Grade: "9", Topic: "Color", Duration: 50, CreatedAt: t0}); err != nil {
				return err
			}
			if err := tx.Enqueue(ctx, store.NewMessage{Kind: "contact_team", Recipient: "team@example.org", About: "Ada@Example.org", Payload: []byte(`{}`)}, t0); err != nil {
				return err
			}
			err = tx.Enqueue(ctx, store.NewMessage{Kind: "contact_receipt", Recipient: "Ada@Example.org", About: "Ada@Example.org", Payload: []byte(`{}`)}, t0)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		e, err := s.ExportByEmail(ctx, " ADA@example.org ")
		if err != nil {
			t.Fatal(err)
		}
		if len(e.Subscribers) != 1 || len(e.Contacts) != 1 || len(e.LessonPlans) != 1 || len(e.Messages) != 2 {
			t.Errorf("export = %d subscribers, %d contacts, %d plans, %d messages; want 1, 1, 1, 2",
				len(e.Subscribers), len(e.Contacts), len(e.LessonPlans), len(e.Messages))
		}
		d, err := s.DeleteByEmail(ctx, "ada@EXAMPLE.org")
		if err != nil {
			t.Fatal(err)
		}
		if d != (store.Deleted{Subscribers: 1, Contacts: 1, LessonPlans: 1, Messages: 2}) {
			t.Errorf("deleted %+v", d)
		}
		e, _ = s.ExportByEmail(ctx, "ada@example.org")
		if len(e.Subscribers)+len(e.Contacts)+len(e.LessonPlans)+len(e.Messages) != 0 {
			t.Errorf("after delete, export = %+v", e)
		}
		if _, err := s.Subscriber(ctx, "other@example.org"); err != nil {
			t.Errorf("another address was deleted too: %v", err)
		}
	})
}

// TestWALIsCheckpointedAndEmptiedWhenIdle: the writer does not checkpoint on SQLite, so the
// store's checkpointer must keep the WAL bounded under writes and empty it once idle.
func TestWALIsCheckpointedAndEmptiedWhenIdle(t *testing.T) {
	ctx := t.Context()
	path := filepath.Join(t.TempDir(), "wal.db")
	s, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	for i := range 3000 {
		if err := s.InTx(ctx, func(tx *store.Tx) error {
			_, _, err := tx.AddSubscriber(ctx, fmt.Sprintf("wal-%d@example.org", i), false, now)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	// Without checkpoints 3,000 commits of a few pages each (the row and its indexes) leave
	// a WAL of tens of MB; the checkpointer restarts it past walRestartPages (16 MB), and on
	// a busy machine a few thousand more pages may come in before the restart lands.
	if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > 40<<20 {
		t.Errorf("WAL after 3000 commits: %d bytes, want it bounded", fi.Size())
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		fi, err := os.Stat(path + "-wal")
		if err == nil && fi.Size() == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("WAL not emptied 5 s after the last write: %v, %v", fi.Size(), err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if n, err := s.CountSubscribers(ctx); err != nil || n != 3000 {
		t.Errorf("CountSubscribers = %d, %v; want 3000", n, err)
	}
}
