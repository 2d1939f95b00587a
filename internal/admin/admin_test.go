package admin_test

import (
	"sync"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/admin"
	"github.com/teachpilot/site/internal/store"
)

// clock is a clock the test moves by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// cheap are argon2id parameters that keep the tests quick (under -race in particular).
var cheap = admin.Params{Memory: 1024, Time: 1, Threads: 1}

const goodPassword = "correct horse battery staple"

// newService returns a service on s with one account, ada@example.org, on clock c.
func newService(t *testing.T, s *store.Store, c *clock, cfg admin.Config) (*admin.Service, store.Admin) {
	t.Helper()
	cfg.Now = c.Now
	if cfg.Params == (admin.Params{}) {
		cfg.Params = cheap // the cost is not what these tests are about
	}
	svc, err := admin.New(s, cfg)
	if err != nil {
		t.Fatal(err)
	}
	hash, err := admin.HashPassword(goodPassword, svc.Config().Params)
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.AddAdmin(t.Context(), "Ada@Example.org", hash, c.Now())
	if err != nil {
		t.Fatal(err)
	}
	return svc, a
}
