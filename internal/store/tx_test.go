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
