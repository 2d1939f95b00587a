package server

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/mail"
)

// TestIdempotencyKey: a client that retries a post with the same Idempotency-Key gets the
// same answer and the data is stored once; the key cannot be reused for other data.
func TestIdempotencyKey(t *testing.T) {
	hs := newHarness(t, nil)
	stored := func() (n int) {
		for _, m := range hs.messages() {
			if m.Kind == mail.KindContactTeam {
				n++
			}
		}
		return n
	}
	body := `{"name":"Ann","email":"ann@example.org","reason":"general","message":"Please call me back."}`
	key := func(k string) map[string]string { return map[string]string{"Idempotency-Key": k} }
	var first string
	steps := []struct {
		name       string
		before     func()
		req        request
		wantStatus int
		wantSame   bool // the same body as the first answer
		wantStored int
	}{
		{"the first post is stored", nil, request{path: "/api/contact", body: body, header: key("k-1")}, 201, false, 1},
		{"a retry with the same key and body gets the same answer, stored once", nil, request{path: "/api/contact", body: body, header: key("k-1")}, 201, true, 1},
		{"the same key with another body is refused", nil, request{path: "/api/contact", body: strings.Replace(body, "call", "email", 1), header: key("k-1")}, 422, false, 1},
		{"an invalid post frees its key", nil, request{path: "/api/contact", body: `{"email":"ann@example.org"}`, header: key("k-2")}, 422, false, 1},
		{"so the corrected post with that key is stored", nil, request{path: "/api/contact", body: body, header: key("k-2")}, 201, false, 2},
		{"without a key, nothing is deduplicated", nil, request{path: "/api/contact", body: body}, 201, false, 3},
		{"a key of 256 characters is refused", nil, request{path: "/api/contact", body: body, header: key(strings.Repeat("k", 256))}, 400, false, 3},
		{"a day later the key is forgotten", func() { hs.advance(25 * time.Hour) }, request{path: "/api/contact", body: body, header: key("k-1")}, 201, false, 4},
	}
	for i, s := range steps {
		if s.before != nil {
			s.before()
		}
		w := hs.do(s.req)
		if w.Code != s.wantStatus {
			t.Fatalf("%s: %d %s, want %d", s.name, w.Code, w.Body, s.wantStatus)
		}
		if i == 0 {
			first = w.Body.String()
		}
		if same := w.Body.String() == first; i > 0 && same != s.wantSame {
			t.Errorf("%s: body %s; same as the first: %v, want %v", s.name, w.Body, same, s.wantSame)
		}
		if s.wantSame && w.Header().Get("Idempotent-Replayed") != "true" {
			t.Errorf("%s: no Idempotent-Replayed header", s.name)
		}
		if n := stored(); n != s.wantStored {
			t.Errorf("%s: %d contacts stored, want %d", s.name, n, s.wantStored)
		}
	}

	// Retries racing each other: one is stored, each answer is the first or "in progress".
	var wg sync.WaitGroup
	codes := make([]int, 8)
	for i := range codes {
		wg.Go(func() {
			codes[i] = hs.do(request{path: "/api/lesson-plans", body: `{"email":"ann@example.org","subject":"science","grade":"9","topic":"Cells","duration":50}`, header: key("race")}).Code
		})
	}
	wg.Wait()
	plans, err := hs.st.CountLessonPlans(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range codes {
		if c != 201 && c != 409 {
			t.Errorf("racing retries answered %v, want only 201 and 409", codes)
			break
		}
	}
	if plans != 1 {
		t.Errorf("%d lesson plans stored by 8 racing retries with one key, want 1", plans)
	}
}
