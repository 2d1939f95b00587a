package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// ListQuery selects a page of a console list. Every list is sorted newest first (created_at
// descending, the id breaking ties) and walks an index on (spam, [status,] created_at, id)
// from the cursor on, so a page costs the same at any depth of a list of any size.
type ListQuery struct {
	// Spam selects the spam tab (only spam) instead of the list (no spam).
	Spam bool
	// Search keeps rows whose address (and name, or topic, per list) contains it,
	// case-insensitively. It is not indexed: the walk stops once a page is full, so a
	// common term is as fast as no search, and a rare one reads the list once.
	Search string
	// Status filters subscribers (pending, confirmed, unsubscribed) and contact messages
	// (new, handled); "" keeps all.
	Status string
	// Reason filters contact messages by the reason chosen in the form; "" keeps all.
	Reason string
	// After is where the previous page ended; the zero cursor starts at the newest.
	After Cursor
	// Limit is the page size; 0 means 50, and more than 500 is 500.
	Limit int
}

// Contact message states in the console.
const (
	ContactNew     = "new"
	ContactHandled = "handled"
)

// Page is one page of a list; Next is the cursor of the following page, "" on the last.
type Page[T any] struct {
	Items []T
	Next  string
}

func (q ListQuery) limit() int {
	switch {
	case q.Limit <= 0:
		return 50
	case q.Limit > 500:
		return 500
	}
	return q.Limit
}

// likePattern makes a LIKE pattern matching s anywhere, with LIKE's wildcards in s escaped.
func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(s)) + "%"
}

// where builds the filter shared by a list's page and its export. keyCol is the id column,
// searchCols the columns Search looks into; an integer key is compared as a number.
type where struct {
	conds []string
	args  []any
}

func (w *where) add(cond string, args ...any) {
	for _, a := range args {
		w.args = append(w.args, a)
		cond = strings.Replace(cond, "?", "$"+strconv.Itoa(len(w.args)), 1)
	}
	w.conds = append(w.conds, cond)
}

func (w *where) sql() string { return " WHERE " + strings.Join(w.conds, " AND ") }

func listWhere(q ListQuery, keyCol string, intKey bool, searchCols []string, withCursor bool) (*where, error) {
	w := &where{}
	w.add("spam = ?", q.Spam)
	if q.Search != "" {
		ors := make([]string, len(searchCols))
		for i, c := range searchCols {
			ors[i] = "lower(" + c + `) LIKE ? ESCAPE '\'`
		}
		pattern := likePattern(q.Search)
		args := make([]any, len(searchCols))
		for i := range args {
			args[i] = pattern
		}
		w.add("("+strings.Join(ors, " OR ")+")", args...)
	}
	if withCursor && !q.After.IsZero() {
		var key any = q.After.Key
		if intKey {
			n, err := strconv.ParseInt(q.After.Key, 10, 64)
			if err != nil {
				return nil, ErrBadCursor
			}
			key = n
		}
		// A row value comparison walks the index from the cursor on, on both databases.
		w.add("(created_at, "+keyCol+") < (?, ?)", utc(q.After.At), key)
	}
	return w, nil
}

// ListSubscribers returns a page of newsletter subscribers. Search looks in the address.
func (s *Store) ListSubscribers(ctx context.Context, q ListQuery) (Page[Subscriber], error) {
	w, err := subscribersWhere(q, true)
	if err != nil {
		return Page[Subscriber]{}, err
	}
	items, err := listRows(ctx, s, `SELECT `+subscriberColumns+` FROM subscribers`, w, "id", q.limit(), scanSubscriber)
	if err != nil {
		return Page[Subscriber]{}, fmt.Errorf("store: list subscribers: %w", err)
	}
	return page(items, q.limit(), func(x Subscriber) Cursor {
		return Cursor{At: x.CreatedAt, Key: strconv.FormatInt(x.ID, 10)}
	}), nil
}

func subscribersWhere(q ListQuery, withCursor bool) (*where, error) {
	w, err := listWhere(q, "id", true, []string{"email"}, withCursor)
	if err != nil {
		return nil, err
	}
	if q.Status != "" {
		w.add("status = ?", q.Status)
	}
	return w, nil
}

// ListContacts returns a page of contact messages with when each was handled. Search looks
// in the address and the name.
func (s *Store) ListContacts(ctx context.Context, q ListQuery) (Page[ContactRow], error) {
	w, err := contactsWhere(q, true)
	if err != nil {
		return Page[ContactRow]{}, err
	}
	items, err := listRows(ctx, s, `SELECT `+contactRowColumns+` FROM contacts`, w, "id", q.limit(), scanContactRow)
	if err != nil {
		return Page[ContactRow]{}, fmt.Errorf("store: list contacts: %w", err)
	}
	return page(items, q.limit(), func(x ContactRow) Cursor { return Cursor{At: x.CreatedAt, Key: x.ID} }), nil
}

func contactsWhere(q ListQuery, withCursor bool) (*where, error) {
	w, err := listWhere(q, "id", false, []string{"email", "name"}, withCursor)
	if err != nil {
		return nil, err
	}
	switch q.Status {
	case ContactNew:
		w.add("handled_at IS NULL")
	case ContactHandled:
		w.add("handled_at IS NOT NULL")
	}
	if q.Reason != "" {
		w.add("reason = ?", q.Reason)
	}
	return w, nil
}

// ListLessonPlans returns a page of lesson-plan requests. Search looks in the address, the
// name and the topic.
func (s *Store) ListLessonPlans(ctx context.Context, q ListQuery) (Page[LessonPlan], error) {
	w, err := listWhere(q, "reference", false, []string{"email", "name", "topic"}, true)
	if err != nil {
		return Page[LessonPlan]{}, err
	}
	items, err := listRows(ctx, s, `SELECT `+lessonPlanColumns+` FROM lesson_plans`, w, "reference", q.limit(), scanLessonPlan)
	if err != nil {
		return Page[LessonPlan]{}, fmt.Errorf("store: list lesson plans: %w", err)
	}
	return page(items, q.limit(), func(x LessonPlan) Cursor { return Cursor{At: x.CreatedAt, Key: x.Reference} }), nil
}

// listRows runs a list's query for one more row than a page, so page knows if there is a next.
func listRows[T any](ctx context.Context, s *Store, selectFrom string, w *where, keyCol string, limit int,
	scan func(scanner) (T, error)) ([]T, error) {
	query := selectFrom + w.sql() + " ORDER BY created_at DESC, " + keyCol + " DESC LIMIT " + strconv.Itoa(limit+1)
	rows, err := s.db.QueryContext(ctx, query, w.args...)
	out, err := collect(rows, err, scan)
	if out == nil {
		out = []T{} // an empty page is a list, not null, in JSON
	}
	return out, err
}

func page[T any](items []T, limit int, key func(T) Cursor) Page[T] {
	if len(items) <= limit {
		return Page[T]{Items: items}
	}
	items = items[:limit]
	return Page[T]{Items: items, Next: key(items[len(items)-1]).Encode()}
}
