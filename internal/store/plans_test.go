package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// addRequest stores a bare lesson-plan request with reference ref.
func addRequest(t *testing.T, s *store.Store, ref, email string) {
	t.Helper()
	p := store.LessonPlan{Reference: ref, Email: email, Subject: "science", Grade: "10", Topic: "Cells", Duration: 50, CreatedAt: t0}
	if err := s.InTx(t.Context(), func(tx *store.Tx) error { return tx.AddLessonPlan(t.Context(), p) }); err != nil {
		t.Fatal(err)
	}
}

func TestPlanIsStoredWithItsRequestAndReplacedByTheAIDraft(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		const ref = "TP-PLAN-0000-0001"
		if _, err := s.Plan(ctx, ref); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("plan of an unknown request: err = %v, want ErrNotFound", err)
		}
		addRequest(t, s, ref, "plan@school.org")
		if _, err := s.Plan(ctx, ref); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("request without a plan yet: err = %v, want ErrNotFound", err)
		}
		builtin := store.StoredPlan{Reference: ref, JSON: []byte(`{"title":"built-in"}`), Generator: "built-in", AIState: store.AIPending, UpdatedAt: t0}
		if err := s.InTx(ctx, func(tx *store.Tx) error { return tx.SetPlan(ctx, builtin) }); err != nil {
			t.Fatal(err)
		}
		got, err := s.Plan(ctx, ref)
		if err != nil || string(got.JSON) != `{"title":"built-in"}` || got.Generator != "built-in" || got.AIState != store.AIPending || !got.UpdatedAt.Equal(t0) {
			t.Fatalf("Plan = %+v, %v; want the built-in plan, AI pending", got, err)
		}

		// Many page views at once: exactly one wins the claim.
		var wg sync.WaitGroup
		var mu sync.Mutex
		won := 0
		for range 8 {
			wg.Go(func() {
				ok, err := s.ClaimAIDraft(ctx, ref, t0.Add(time.Second), time.Minute)
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					won++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if won != 1 {
			t.Fatalf("%d claims won, want 1", won)
		}
		// A claim older than the stale limit can be taken over (its instance died).
		if ok, _ := s.ClaimAIDraft(ctx, ref, t0.Add(30*time.Second), time.Minute); ok {
			t.Error("a fresh claim was taken over")
		}
		if ok, _ := s.ClaimAIDraft(ctx, ref, t0.Add(2*time.Minute), time.Minute); !ok {
			t.Error("a stale claim could not be taken over")
		}
		ai := store.StoredPlan{Reference: ref, JSON: []byte(`{"title":"ai"}`), Generator: "model-x", AIState: store.AIDone, UpdatedAt: t0.Add(3 * time.Minute)}
		if err := s.FinishAIDraft(ctx, ai); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Plan(ctx, ref); string(got.JSON) != `{"title":"ai"}` || got.AIState != store.AIDone || got.Generator != "model-x" {
			t.Errorf("after the AI draft: %+v", got)
		}
		if ok, _ := s.ClaimAIDraft(ctx, ref, t0.Add(time.Hour), time.Minute); ok {
			t.Error("a finished draft was claimed again")
		}
		if err := s.FinishAIDraft(ctx, ai); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("finishing an unclaimed draft: err = %v, want ErrNotFound", err)
		}
	})
}

func TestFeedbackIsKeptAndDeletedWithItsPlan(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		const ref = "TP-PLAN-0000-0002"
		if _, err := s.AddFeedback(ctx, store.Feedback{Reference: ref, Useful: true, CreatedAt: t0}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("feedback on an unknown plan: err = %v, want ErrNotFound", err)
		}
		addRequest(t, s, ref, "Feedback@School.org")
		for _, f := range []store.Feedback{
			{Reference: ref, Useful: true, Comment: "", CreatedAt: t0},
			{Reference: ref, Useful: false, Comment: "Too long for my class <b>", CreatedAt: t0.Add(time.Minute)},
		} {
			if _, err := s.AddFeedback(ctx, f); err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.FeedbackFor(ctx, ref)
		if err != nil || len(got) != 2 || !got[0].Useful || got[1].Useful || got[1].Comment != "Too long for my class <b>" || !got[1].CreatedAt.Equal(t0.Add(time.Minute)) {
			t.Fatalf("FeedbackFor = %+v, %v", got, err)
		}
		if _, err := s.DeleteByEmail(context.WithoutCancel(ctx), "feedback@school.org"); err != nil {
			t.Fatal(err)
		}
		if got, err := s.FeedbackFor(ctx, ref); err != nil || len(got) != 0 {
			t.Errorf("after deleting the address, feedback = %+v, %v; want none", got, err)
		}
	})
}
