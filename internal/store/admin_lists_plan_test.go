package store

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestListQueriesWalkAnIndex pins what makes a page fast at any table size on SQLite: the
// query reads its list's index in order from the cursor and never sorts the table.
func TestListQueriesWalkAnIndex(t *testing.T) {
	s, err := Open(t.Context(), "sqlite:"+filepath.Join(t.TempDir(), "plan.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	after := Cursor{At: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Key: "7"}
	for _, tc := range []struct {
		name      string
		q         ListQuery
		table     string
		keyCol    string
		intKey    bool
		wantIndex string
		extra     func(*where)
	}{
		{"subscribers, first page", ListQuery{}, "subscribers", "id", true, "subscribers_list", nil},
		{"subscribers, next page", ListQuery{After: after}, "subscribers", "id", true, "subscribers_list", nil},
		{"subscribers by status, next page", ListQuery{After: after, Status: Confirmed}, "subscribers", "id", true, "subscribers_status_list", func(w *where) { w.add("status = ?", Confirmed) }},
		{"contacts, spam tab, next page", ListQuery{Spam: true, After: after}, "contacts", "id", false, "contacts_list", nil},
		{"lesson plans, next page", ListQuery{After: after}, "lesson_plans", "reference", false, "lesson_plans_list", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, err := listWhere(tc.q, tc.keyCol, tc.intKey, []string{"email"}, true)
			if err != nil {
				t.Fatal(err)
			}
			if tc.extra != nil {
				tc.extra(w)
			}
			query := "EXPLAIN QUERY PLAN SELECT * FROM " + tc.table + w.sql() + " ORDER BY created_at DESC, " + tc.keyCol + " DESC LIMIT 51"
			rows, err := s.db.QueryContext(t.Context(), query, w.args...)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var plan []string
			for rows.Next() {
				var id, parent, notused int
				var detail string
				if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
					t.Fatal(err)
				}
				plan = append(plan, detail)
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			p := strings.Join(plan, "; ")
			t.Log(p)
			if !strings.Contains(p, tc.wantIndex) || strings.Contains(p, "TEMP B-TREE") {
				t.Errorf("plan %q: want a walk of %s without sorting", p, tc.wantIndex)
			}
		})
	}
}
