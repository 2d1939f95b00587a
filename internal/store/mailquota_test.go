package store_test

import (
	"testing"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// TestMailQuotaHoldsPerAddressAndDay: the daily count refuses the message after the limit,
// counts each address apart, starts again the next day and forgets earlier days.
func TestMailQuotaHoldsPerAddressAndDay(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		count := func(key string, at time.Time) bool {
			t.Helper()
			var ok bool
			if err := s.InTx(ctx, func(tx *store.Tx) error {
				var err error
				ok, err = tx.CountMail(ctx, key, at, 2)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			return ok
		}
		tests := []struct {
			name string
			key  string
			at   time.Time
			want bool
		}{
			{"first", "a@example.org", t0, true},
			{"second", "a@example.org", t0.Add(time.Hour), true},
			{"third, over the limit", "a@example.org", t0.Add(2 * time.Hour), false},
			{"another address", "b@example.org", t0, true},
			{"the next day", "a@example.org", t0.Add(24 * time.Hour), true},
		}
		for _, tt := range tests {
			if got := count(tt.key, tt.at); got != tt.want {
				t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
			}
		}
		var rows int
		if err := store.DBOf(s).QueryRowContext(ctx, `SELECT COUNT(*) FROM mail_quota`).Scan(&rows); err != nil || rows != 1 {
			t.Errorf("%d rows of counts (%v), want only today's 1", rows, err)
		}
	})
}
