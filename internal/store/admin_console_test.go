package store_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/store"
)

func TestAdminAccounts(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		a, err := s.AddAdmin(ctx, " Ada@Example.org", "$argon2id$h1", t0)
		if err != nil || a.Email != "ada@example.org" || a.TOTPEnabled {
			t.Fatalf("AddAdmin = %+v, %v", a, err)
		}
		if _, err := s.AddAdmin(ctx, "ADA@example.org", "$argon2id$h2", t0); !errors.Is(err, store.ErrExists) {
			t.Errorf("second account for one address: %v", err)
		}
		if err := s.SetAdminTOTP(ctx, a.ID, []byte("sealed"), true, t0); err != nil {
			t.Fatal(err)
		}
		for step, want := range []struct {
			step int64
			ok   bool
		}{{100, true}, {100, false}, {99, false}, {101, true}} {
			if ok, err := s.UseTOTPStep(ctx, a.ID, want.step); err != nil || ok != want.ok {
				t.Errorf("UseTOTPStep #%d(%d) = %v, %v; want %v", step, want.step, ok, err, want.ok)
			}
		}
		ses := store.AdminSession{TokenHash: hash("s1"), AdminID: a.ID, CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0.Add(time.Hour)}
		if err := s.AddAdminSession(ctx, ses); err != nil {
			t.Fatal(err)
		}
		if err := s.ResetAdmin(ctx, "ada@example.org", "$argon2id$h3", t0.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		got, err := s.AdminByID(ctx, a.ID)
		if err != nil || got.PasswordHash != "$argon2id$h3" || got.TOTPEnabled || got.TOTPSecret != nil || got.TOTPLastStep != 0 {
			t.Errorf("after reset: %+v, %v", got, err)
		}
		if _, err := s.AdminSession(ctx, hash("s1")); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("session after reset: %v", err)
		}
		if err := s.AddAdminSession(ctx, ses); err != nil {
			t.Fatal(err)
		}
		if err := s.RemoveAdmin(ctx, "ada@example.org"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AdminSession(ctx, hash("s1")); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("session after removal: %v", err)
		}
		if list, err := s.Admins(ctx); err != nil || len(list) != 0 {
			t.Errorf("Admins = %v, %v", list, err)
		}
	})
}

func TestConcurrentSignInFailuresAreAllCounted(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				if _, err := s.RecordSignInFailure(ctx, "client:192.0.2.1", t0, time.Hour, 100, time.Hour); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		th, err := s.SignInThrottle(ctx, "client:192.0.2.1")
		if err != nil || th.Failures != 8 || th.LockedUntil != nil {
			t.Errorf("throttle %+v, %v; want 8 failures, no lock", th, err)
		}
	})
}

func TestAuditLogPages(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		for i := range 5 {
			details, _ := json.Marshal(map[string]int{"rows": i})
			if _, err := s.AddAudit(ctx, store.AuditEntry{At: t0.Add(time.Duration(i) * time.Second), Actor: "ada@example.org",
				Action: "export.csv", Subject: fmt.Sprintf("list %d", i), Details: details}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.AddAudit(ctx, store.AuditEntry{At: t0, Actor: "x", Action: "y", Details: json.RawMessage("{not json")}); err == nil {
			t.Error("details that are not JSON were stored")
		}
		first, err := s.AuditLog(ctx, 0, 3)
		if err != nil || len(first) != 3 || first[0].Subject != "list 4" || string(first[0].Details) != `{"rows":4}` || !first[0].At.Equal(t0.Add(4*time.Second)) {
			t.Fatalf("first page %+v, %v", first, err)
		}
		rest, err := s.AuditLog(ctx, first[2].ID, 3)
		if err != nil || len(rest) != 2 || rest[0].Subject != "list 1" || rest[1].Subject != "list 0" {
			t.Errorf("second page %+v, %v", rest, err)
		}
	})
}

func TestJobLease(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		lease := 10 * time.Minute
		for _, st := range []struct {
			name   string
			holder string
			at     time.Duration
			want   bool
		}{
			{"the first claim wins", "a", 0, true},
			{"another instance while the lease holds", "b", time.Minute, false},
			{"the holder dies; after its lease another takes over", "b", lease, true},
		} {
			if got, err := s.ClaimJob(ctx, "j", st.holder, t0.Add(st.at), lease); err != nil || got != st.want {
				t.Errorf("%s: ClaimJob = %v, %v", st.name, got, err)
			}
		}
		if err := s.FinishJob(ctx, "j", "a", t0.Add(lease), t0.Add(24*time.Hour), "{}"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the old holder finished a job it lost: %v", err)
		}
		if err := s.FinishJob(ctx, "j", "b", t0.Add(lease), t0.Add(24*time.Hour), `{"n":1}`); err != nil {
			t.Fatal(err)
		}
		j, err := s.JobState(ctx, "j")
		if err != nil || j.Holder != "" || !j.NextRunAt.Equal(t0.Add(24*time.Hour)) || j.LastRunAt == nil || j.LastResult != `{"n":1}` {
			t.Errorf("job %+v, %v", j, err)
		}
		if got, _ := s.ClaimJob(ctx, "j", "a", t0.Add(23*time.Hour), lease); got {
			t.Error("claimed before it was due")
		}
	})
}

func TestMailStats(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		m, err := s.MailStats(ctx)
		if err != nil || m != (store.MailStats{}) {
			t.Fatalf("empty outbox: %+v, %v", m, err)
		}
		for i := range 3 {
			if err := s.InTx(ctx, func(tx *store.Tx) error {
				err := tx.Enqueue(ctx, store.NewMessage{Kind: "k", Recipient: "r@example.org", Payload: []byte("{}")}, t0.Add(time.Duration(i)*time.Minute))
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		msgs, err := s.Claim(ctx, t0.Add(time.Hour), time.Minute, 2)
		if err != nil || len(msgs) != 2 {
			t.Fatal(err)
		}
		_ = s.MarkSent(ctx, msgs[0].ID, t0.Add(time.Hour))
		_ = s.MarkFailed(ctx, msgs[1].ID, "refused")
		m, err = s.MailStats(ctx)
		if err != nil || m.Pending != 1 || m.Sent != 1 || m.Failed != 1 || m.OldestPending == nil || !m.OldestPending.Equal(t0.Add(2*time.Minute)) {
			t.Errorf("stats %+v, %v", m, err)
		}
	})
}
