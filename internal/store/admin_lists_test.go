package store_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// allPages walks a list page by page and returns the keys in the order they came.
func allPages[T any](t *testing.T, q store.ListQuery, list func(store.ListQuery) (store.Page[T], error), key func(T) string) []string {
	t.Helper()
	var keys []string
	for range 100 {
		p, err := list(q)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Items) > q.Limit {
			t.Fatalf("page of %d items, limit %d", len(p.Items), q.Limit)
		}
		for _, x := range p.Items {
			keys = append(keys, key(x))
		}
		if p.Next == "" {
			return keys
		}
		if q.After, err = store.ParseCursor(p.Next); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("list never ended")
	return nil
}

func TestSubscriberListPagesAndFilters(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		// Seventeen addresses; pairs share a created_at so the id must break ties. Every
		// third is confirmed, every seventh unsubscribed, every fifth spam unless confirmed.
		type seed struct {
			email  string
			spam   bool
			status string
			at     time.Time
		}
		var seeds []seed
		for i := range 17 {
			sd := seed{email: fmt.Sprintf("user%02d@example.org", i), spam: i%5 == 0, status: store.Pending, at: t0.Add(time.Duration(i/2) * time.Minute)}
			switch {
			case i%3 == 0:
				sd.status, sd.spam = store.Confirmed, false // confirming clears the spam mark
			case i%7 == 0:
				sd.status = store.Unsubscribed
			}
			seeds = append(seeds, sd)
			if err := s.InTx(ctx, func(tx *store.Tx) error {
				id, _, err := tx.AddSubscriber(ctx, sd.email, sd.spam, sd.at)
				if err != nil {
					return err
				}
				switch sd.status {
				case store.Confirmed:
					return tx.Confirm(ctx, id, sd.at)
				case store.Unsubscribed:
					return tx.Unsubscribe(ctx, id, sd.at)
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		// Newest first; among equal times the later insert (higher id) first.
		want := func(keep func(seed) bool) []string {
			var out []string
			for i := len(seeds) - 1; i >= 0; i-- {
				if keep(seeds[i]) {
					out = append(out, seeds[i].email)
				}
			}
			return out
		}
		list := func(q store.ListQuery) (store.Page[store.Subscriber], error) { return s.ListSubscribers(ctx, q) }
		email := func(x store.Subscriber) string { return x.Email }
		for _, tc := range []struct {
			name string
			q    store.ListQuery
			keep func(seed) bool
		}{
			{"the list has no spam, newest first, across pages", store.ListQuery{Limit: 4}, func(x seed) bool { return !x.spam }},
			{"a page size that divides the list exactly", store.ListQuery{Limit: 13}, func(x seed) bool { return !x.spam }},
			{"the spam tab has only spam", store.ListQuery{Spam: true, Limit: 2}, func(x seed) bool { return x.spam }},
			{"filtered by status", store.ListQuery{Status: store.Confirmed, Limit: 3}, func(x seed) bool { return !x.spam && x.status == store.Confirmed }},
			{"search is a case-insensitive substring", store.ListQuery{Search: "ER1", Limit: 3}, func(x seed) bool { return !x.spam && x.email[4] == '1' }},
			{"search treats LIKE wildcards as text", store.ListQuery{Search: "user_", Limit: 3}, func(seed) bool { return false }},
			{"search and status together", store.ListQuery{Search: "user1", Status: store.Pending, Limit: 2}, func(x seed) bool {
				return !x.spam && x.email[4] == '1' && x.status == store.Pending
			}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got := allPages(t, tc.q, list, email)
				if w := want(tc.keep); !slices.Equal(got, w) {
					t.Errorf("got  %v\nwant %v", got, w)
				}
			})
		}

		var n int
		if err := s.EachSubscriber(ctx, store.ListQuery{Status: store.Confirmed}, func(store.Subscriber) error { n++; return nil }); err != nil {
			t.Fatal(err)
		}
		if w := len(want(func(x seed) bool { return !x.spam && x.status == store.Confirmed })); n != w {
			t.Errorf("export streamed %d confirmed subscribers, want %d", n, w)
		}
	})
}

func TestContactAndLessonPlanLists(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		reasons := []string{"general", "schools", "press"}
		for i := range 9 {
			err := s.InTx(ctx, func(tx *store.Tx) error {
				at := t0.Add(time.Duration(i%4) * time.Hour) // ties across ids
				if err := tx.AddContact(ctx, store.Contact{ID: fmt.Sprintf("c%d", i), Name: fmt.Sprintf("Name %d", i),
					Email: fmt.Sprintf("c%d@example.org", i), Reason: reasons[i%3], Message: "Hello", Spam: i == 8, CreatedAt: at}); err != nil {
					return err
				}
				return tx.AddLessonPlan(ctx, store.LessonPlan{Reference: fmt.Sprintf("TP-%d", i), Email: fmt.Sprintf("p%d@example.org", i),
					Subject: "math", Grade: "9", Topic: []string{"Fractions", "Photosynthesis", "Poetry"}[i%3], Duration: 45,
					Spam: i == 8, CreatedAt: at})
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		handled := t0.Add(48 * time.Hour)
		if err := s.SetContactHandled(ctx, "c1", &handled); err != nil {
			t.Fatal(err)
		}
		contacts := func(q store.ListQuery) (store.Page[store.ContactRow], error) { return s.ListContacts(ctx, q) }
		cid := func(c store.ContactRow) string { return c.ID }
		plans := func(q store.ListQuery) (store.Page[store.LessonPlan], error) { return s.ListLessonPlans(ctx, q) }
		ref := func(p store.LessonPlan) string { return p.Reference }
		for _, tc := range []struct {
			name string
			got  func(t *testing.T) []string
			want []string
		}{
			// created_at hours: c0,c4,c8 → 0; c1,c5 → 1; c2,c6 → 2; c3,c7 → 3. Ties: id descending.
			{"contacts newest first, spam left out", func(t *testing.T) []string { return allPages(t, store.ListQuery{Limit: 3}, contacts, cid) },
				[]string{"c7", "c3", "c6", "c2", "c5", "c1", "c4", "c0"}},
			{"contacts by reason", func(t *testing.T) []string {
				return allPages(t, store.ListQuery{Reason: "schools", Limit: 1}, contacts, cid)
			}, []string{"c7", "c1", "c4"}},
			{"handled contacts", func(t *testing.T) []string {
				return allPages(t, store.ListQuery{Status: store.ContactHandled, Limit: 5}, contacts, cid)
			}, []string{"c1"}},
			{"new contacts", func(t *testing.T) []string {
				return allPages(t, store.ListQuery{Status: store.ContactNew, Limit: 5}, contacts, cid)
			}, []string{"c7", "c3", "c6", "c2", "c5", "c4", "c0"}},
			{"contacts searched by name", func(t *testing.T) []string {
				return allPages(t, store.ListQuery{Search: "name 5", Limit: 5}, contacts, cid)
			}, []string{"c5"}},
			{"contact spam tab", func(t *testing.T) []string { return allPages(t, store.ListQuery{Spam: true, Limit: 5}, contacts, cid) },
				[]string{"c8"}},
			{"lesson plans across pages", func(t *testing.T) []string { return allPages(t, store.ListQuery{Limit: 2}, plans, ref) },
				[]string{"TP-7", "TP-3", "TP-6", "TP-2", "TP-5", "TP-1", "TP-4", "TP-0"}},
			{"lesson plans searched by topic", func(t *testing.T) []string {
				return allPages(t, store.ListQuery{Search: "photo", Limit: 2}, plans, ref)
			}, []string{"TP-7", "TP-1", "TP-4"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if got := tc.got(t); !slices.Equal(got, tc.want) {
					t.Errorf("got  %v\nwant %v", got, tc.want)
				}
			})
		}
	})
}

func TestCursorIsOpaqueAndChecked(t *testing.T) {
	c := store.Cursor{At: t0, Key: "42"}
	back, err := store.ParseCursor(c.Encode())
	if err != nil || !back.At.Equal(t0) || back.Key != "42" {
		t.Fatalf("round trip: %+v, %v", back, err)
	}
	for _, bad := range []string{"not base64!", "e30", "bm9wZQ"} {
		if _, err := store.ParseCursor(bad); !errors.Is(err, store.ErrBadCursor) {
			t.Errorf("ParseCursor(%q) = %v, want ErrBadCursor", bad, err)
		}
	}
	s := OpenSQLite(t)
	_, err = s.ListSubscribers(context.Background(), store.ListQuery{After: store.Cursor{At: t0, Key: "x"}})
	if !errors.Is(err, store.ErrBadCursor) {
		t.Errorf("a subscriber cursor with a text key: %v, want ErrBadCursor", err)
	}
}
