package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"

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
