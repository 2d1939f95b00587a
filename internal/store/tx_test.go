package store_test

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// TestAfterCommitRunsOnlyOnCommit: the functions a transaction registers run once it has
// committed, in order, and never when it rolls back.
func TestAfterCommitRunsOnlyOnCommit(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		var ran []string
		if err := s.InTx(ctx, func(tx *store.Tx) error {
			tx.AfterCommit(func() { ran = append(ran, "first") })
			tx.AfterCommit(func() { ran = append(ran, "second") })
			if len(ran) != 0 {
				t.Error("ran before the commit")
			}
			return tx.AddLessonPlan(ctx, store.LessonPlan{Reference: "TP-AFTR-COMM-IT01", Email: "a@example.org", Subject: "science", Grade: "10", Topic: "t", Duration: 45, CreatedAt: t0})
		}); err != nil {
			t.Fatal(err)
		}
		if len(ran) != 2 || ran[0] != "first" || ran[1] != "second" {
			t.Errorf("after the commit ran %q, want [first second]", ran)
		}
		ran = nil
		refused := errors.New("refused")
		err := s.InTx(ctx, func(tx *store.Tx) error {
			tx.AfterCommit(func() { ran = append(ran, "rolled back") })
			return refused
		})
		if !errors.Is(err, refused) || len(ran) != 0 {
			t.Errorf("rollback: err %v, ran %q; want the fn's error and nothing run", err, ran)
		}
	})
}

// TestAnErrorLaterInATransactionUndoesItAll: a statement that fails ends its transaction,
// undoes the statements before it and is returned by InTx, including a statement whose
// result nobody reads (an insert) and which PostgreSQL's transaction sends only with the
// next statement or with the commit. The store goes on working afterwards.
func TestAnErrorLaterInATransactionUndoesItAll(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		p := store.LessonPlan{Reference: "TP-TWIC-ETHE-SAME", Email: "a@example.org", Subject: "science", Grade: "10", Topic: "t", Duration: 45, CreatedAt: t0}
		if err := s.InTx(ctx, func(tx *store.Tx) error { return tx.AddLessonPlan(ctx, p) }); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name  string
			after func(*store.Tx) error
		}{
			{"reported by the commit", func(*store.Tx) error { return nil }},
			{"reported by the next query", func(tx *store.Tx) error {
				_, err := tx.CountMail(ctx, store.EmailKey("a@example.org"), t0, 10)
				return err
			}},
			{"reported by the next statement", func(tx *store.Tx) error {
				return tx.AddContact(ctx, store.Contact{ID: "C-AFTER", Name: "A", Email: "a@example.org", Reason: "other", Message: "m", CreatedAt: t0})
			}},
		} {
			err := s.InTx(ctx, func(tx *store.Tx) error {
				if err := tx.Enqueue(ctx, store.NewMessage{Kind: "test", Recipient: "a@example.org", Payload: []byte(`{}`)}, t0); err != nil {
					return err
				}
				if err := tx.AddLessonPlan(ctx, p); err != nil { // the same reference again
					return err
				}
				return c.after(tx)
			})
			if err == nil {
				t.Errorf("%s: a second request with the same reference was committed", c.name)
			}
		}
		if msgs, err := s.Messages(ctx); err != nil || len(msgs) != 0 {
			t.Errorf("the failed transactions left %d messages (%v)", len(msgs), err)
		}
		if _, err := s.Contact(ctx, "C-AFTER"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the failed transaction's contact: %v, want not found", err)
		}
		// The mail quota was not counted either: the first count of the day is 1.
		err := s.InTx(ctx, func(tx *store.Tx) error {
			if err := tx.Enqueue(ctx, store.NewMessage{Kind: "test", Recipient: "b@example.org", Payload: []byte(`{}`)}, t0); err != nil {
				return err
			}
			ok, err := tx.CountMail(ctx, store.EmailKey("a@example.org"), t0, 1)
			if err == nil && !ok {
				t.Error("a failed transaction counted mail")
			}
			return err
		})
		if msgs, _ := s.Messages(ctx); err != nil || len(msgs) != 1 {
			t.Errorf("after: %v, %d messages; want the one", err, len(msgs))
		}
	})
}

// TestWritersGiveUpTheirTurnWhenCancelled: a writer waiting for its turn behind a long
// transaction stops waiting when its context ends, and the store goes on working.
func TestWritersGiveUpTheirTurnWhenCancelled(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		inside, release := make(chan struct{}), make(chan struct{})
		var wg sync.WaitGroup
		wg.Go(func() {
			_ = s.InTx(ctx, func(*store.Tx) error {
				close(inside)
				<-release
				return nil
			})
		})
		<-inside
		waiting, cancel := context.WithCancel(ctx)
		errc := make(chan error, 1)
		go func() { errc <- s.InTx(waiting, func(*store.Tx) error { return nil }) }()
		cancel()
		if err := <-errc; s.Dialect() == store.SQLite && !errors.Is(err, context.Canceled) {
			t.Errorf("a writer cancelled while waiting: %v, want context.Canceled", err)
		}
		close(release)
		wg.Wait()
		if err := s.InTx(ctx, func(*store.Tx) error { return nil }); err != nil {
			t.Errorf("after: %v", err)
		}
	})
}

// TestWritersWaitTheirTurn: no more transactions run at once than the store lets in (one on
// SQLite, a few on PostgreSQL); those beyond wait until one ends.
func TestWritersWaitTheirTurn(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		limit := store.Writers(s)
		if s.Dialect() == store.SQLite && limit != 1 || limit < 1 {
			t.Fatalf("%s lets %d writers in at once", s.Dialect(), limit)
		}
		inside := make(chan struct{}, limit)
		release := make(chan struct{})
		var started atomic.Int32
		var wg sync.WaitGroup
		for range limit {
			wg.Go(func() {
				_ = s.InTx(ctx, func(*store.Tx) error {
					inside <- struct{}{}
					<-release
					return nil
				})
			})
		}
		for range limit {
			<-inside
		}
		const extra = 3
		for range extra {
			wg.Go(func() {
				if err := s.InTx(ctx, func(*store.Tx) error { started.Add(1); return nil }); err != nil {
					t.Error(err)
				}
			})
		}
		// Each extra writer either waits or, were the limit not kept, has run.
		waitFor(t, func() bool { return store.WaitingWriters(s)+int(started.Load()) == extra })
		if n := started.Load(); n != 0 {
			t.Errorf("with %d writers in, %d more started", limit, n)
		}
		close(release)
		wg.Wait()
		if n := started.Load(); n != extra || store.WaitingWriters(s) != 0 {
			t.Errorf("after the release %d of %d started, %d still wait", n, extra, store.WaitingWriters(s))
		}
	})
}

// waitFor waits until cond holds, checking it as often as the scheduler allows, or fails the
// test after 30 s (far beyond what a busy machine needs: these conditions take microseconds
// to milliseconds) or when the test's own deadline comes near.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	if d, ok := t.Deadline(); ok && d.Add(-5*time.Second).Before(deadline) {
		deadline = d.Add(-5 * time.Second)
	}
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("the condition never held")
		}
		runtime.Gosched()
	}
}
