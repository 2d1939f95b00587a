package outbox_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/outbox"
)

func TestBackoffDoublesUpToTheLimit(t *testing.T) {
	for attempt, want := range map[int]time.Duration{
		1: 30 * time.Second, 2: time.Minute, 3: 2 * time.Minute, 8: time.Hour, 60: time.Hour,
	} {
		if got := outbox.Backoff(30*time.Second, time.Hour, attempt); got != want {
			t.Errorf("attempt %d: %v, want %v", attempt, got, want)
		}
	}
}

// TestLoopDrainsThenWaitsForNotify: full batches are followed at once by another round, a
// short one ends the drain, Notify starts the next, and cancelling ctx ends Run.
func TestLoopDrainsThenWaitsForNotify(t *testing.T) {
	l := outbox.NewLoop(time.Hour, 3)
	ctx, cancel := context.WithCancel(t.Context())
	claims := []int{3, 3, 1, 2}
	rounds := make(chan int)
	var errs []error
	done := make(chan error)
	go func() {
		done <- l.Run(ctx, func(context.Context) (int, error) {
			n := claims[0]
			claims = claims[1:]
			rounds <- n
			if n == 2 {
				return n, errors.New("broken")
			}
			return n, nil
		}, func(err error) { errs = append(errs, err) })
	}()
	for _, want := range []int{3, 3, 1} {
		if got := <-rounds; got != want {
			t.Fatalf("round claimed %d, want %d", got, want)
		}
	}
	l.Notify()
	if got := <-rounds; got != 2 {
		t.Fatalf("round after Notify claimed %d, want 2", got)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run returned %v", err)
	}
	if len(errs) != 1 || errs[0].Error() != "broken" {
		t.Fatalf("onErr got %v, want the one error", errs)
	}
}

func TestNotifyNeverBlocks(t *testing.T) {
	l := outbox.NewLoop(time.Hour, 1)
	for range 3 {
		l.Notify()
	}
}
