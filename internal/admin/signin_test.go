package admin_test

import (
	"errors"
	"math"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/admin"
	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/store/storetest"
)

func TestAuthenticate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		c := newClock()
		svc, ada := newService(t, s, c, admin.Config{})
		for _, tc := range []struct {
			name, email, password string
			wantErr               error
		}{
			{"the right password", "ada@example.org", goodPassword, nil},
			{"the address in another case", " ADA@example.org ", goodPassword, nil},
			{"a wrong password", "ada@example.org", "wrong password!", admin.ErrInvalidCredentials},
			{"an unknown address gets the same answer", "bob@example.org", goodPassword, admin.ErrInvalidCredentials},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a, err := svc.Authenticate(t.Context(), tc.email, tc.password, "192.0.2.1")
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("err = %v, want %v", err, tc.wantErr)
				}
				if err == nil && a.ID != ada.ID {
					t.Errorf("signed in as %d, want %d", a.ID, ada.ID)
				}
				if err != nil && err.Error() != admin.ErrInvalidCredentials.Error() {
					t.Errorf("message %q differs", err)
				}
			})
		}
	})
}

// TestUnknownAccountTakesAsLongAsAWrongPassword compares the median time of the two
// failures: without the dummy hash an unknown address answers in well under a millisecond,
// against tens of milliseconds for the argon2id of a wrong password.
func TestUnknownAccountTakesAsLongAsAWrongPassword(t *testing.T) {
	s := storetest.SQLite(t)
	c := newClock()
	svc, _ := newService(t, s, c, admin.Config{AccountLimit: 1000, ClientLimit: 1000, Params: admin.DefaultParams})
	// The two are measured in turns and each keeps its fastest run: the fastest is what the
	// work costs, whatever else the machine was doing at the time (a median of runs taken one
	// address after the other measured the neighbours: 2.15 with a second suite running).
	timeOne := func(email string) time.Duration {
		start := time.Now()
		if _, err := svc.Authenticate(t.Context(), email, "not the password", "192.0.2.9"); !errors.Is(err, admin.ErrInvalidCredentials) {
			t.Fatal(err)
		}
		return time.Since(start)
	}
	wrong, unknown := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
	for range 9 {
		wrong = min(wrong, timeOne("ada@example.org"))
		unknown = min(unknown, timeOne("nobody@example.org"))
	}
	if ratio := float64(unknown) / float64(wrong); ratio < 0.5 || ratio > 2 {
		t.Errorf("unknown account %v, wrong password %v: ratio %.2f, want about 1", unknown, wrong, ratio)
	}
}

func TestLockoutAndItsEnd(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		c := newClock()
		svc, _ := newService(t, s, c, admin.Config{AccountLimit: 3, ClientLimit: 5, Window: 10 * time.Minute, Lockout: 15 * time.Minute})
		try := func(email, password, client string) error {
			_, err := svc.Authenticate(ctx, email, password, client)
			return err
		}
		steps := []struct {
			name                    string
			advance                 time.Duration
			email, password, client string
			want                    error
		}{
			{"first failure", 0, "ada@example.org", "nope nope nope", "198.51.100.1", admin.ErrInvalidCredentials},
			{"second failure, another client", time.Minute, "ada@example.org", "nope nope nope", "198.51.100.2", admin.ErrInvalidCredentials},
			{"third failure locks the account", time.Minute, "ada@example.org", "nope nope nope", "198.51.100.3", admin.ErrInvalidCredentials},
			{"locked: even the right password is refused", time.Minute, "ada@example.org", goodPassword, "198.51.100.4", admin.ErrLocked},
			{"an unknown address locks the same way (1)", 0, "eve@example.org", "x", "203.0.113.1", admin.ErrInvalidCredentials},
			{"an unknown address locks the same way (2)", 0, "eve@example.org", "x", "203.0.113.2", admin.ErrInvalidCredentials},
			{"an unknown address locks the same way (3)", 0, "eve@example.org", "x", "203.0.113.3", admin.ErrInvalidCredentials},
			{"an unknown address locked", 0, "eve@example.org", "x", "203.0.113.4", admin.ErrLocked},
			{"still locked two minutes before the end (locked at +2m for 15m)", 12 * time.Minute, "ada@example.org", goodPassword, "198.51.100.4", admin.ErrLocked},
			{"the lockout ends", 2 * time.Minute, "ada@example.org", goodPassword, "198.51.100.4", nil},
			{"a success clears the count: a failure is only the first again", 0, "ada@example.org", "nope nope nope", "198.51.100.5", admin.ErrInvalidCredentials},
			{"and the right password passes", 0, "ada@example.org", goodPassword, "198.51.100.5", nil},
			// One client trying many addresses is stopped by its own limit (5).
			{"client failure 1", 0, "a1@example.org", "x", "192.0.2.50", admin.ErrInvalidCredentials},
			{"client failure 2", 0, "a2@example.org", "x", "192.0.2.50", admin.ErrInvalidCredentials},
			{"client failure 3", 0, "a3@example.org", "x", "192.0.2.50", admin.ErrInvalidCredentials},
			{"client failure 4", 0, "a4@example.org", "x", "192.0.2.50", admin.ErrInvalidCredentials},
			{"client failure 5", 0, "a5@example.org", "x", "192.0.2.50", admin.ErrInvalidCredentials},
			{"the client is locked, whatever the address", 0, "ada@example.org", goodPassword, "192.0.2.50", admin.ErrLocked},
			{"other clients are not", 0, "ada@example.org", goodPassword, "192.0.2.51", nil},
			{"failures outside the window do not add up", 16 * time.Minute, "ada@example.org", "nope nope nope", "198.51.100.6", admin.ErrInvalidCredentials},
			{"…", 11 * time.Minute, "ada@example.org", "nope nope nope", "198.51.100.6", admin.ErrInvalidCredentials},
			{"… so the account is not locked", 11 * time.Minute, "ada@example.org", "nope nope nope", "198.51.100.6", admin.ErrInvalidCredentials},
			{"and signs in", 0, "ada@example.org", goodPassword, "198.51.100.7", nil},
		}
		for _, st := range steps {
			c.Advance(st.advance)
			err := try(st.email, st.password, st.client)
			if !errors.Is(err, st.want) {
				t.Fatalf("%s: err = %v, want %v", st.name, err, st.want)
			}
			var le *admin.LockedError
			if errors.As(err, &le) && !le.Until.After(c.Now()) {
				t.Errorf("%s: locked until %v, not after now %v", st.name, le.Until, c.Now())
			}
		}
	})
}
