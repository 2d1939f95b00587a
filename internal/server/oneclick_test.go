package server

import (
	"strings"
	"testing"

	"github.com/teachpilot/site/internal/store"
)

// TestOneClickUnsubscribeHasItsOwnBucket: a client that used up its form posts can still
// unsubscribe with one click (a mail provider's server posts for many users), and when the
// generous one-click limit is reached, the answer is JSON, never the HTML problem page.
func TestOneClickUnsubscribeHasItsOwnBucket(t *testing.T) {
	hs := newHarness(t, map[string]string{"RATE_LIMIT": "2/min"})
	provider := "198.51.100.25:4000"
	if w := hs.do(request{path: "/api/newsletter", body: `{"email":"ada@example.org"}`, remoteAddr: provider}); w.Code != 201 {
		t.Fatalf("subscribe: %d %s", w.Code, w.Body)
	}
	oneClick := strings.TrimPrefix(hs.confirmation().OneClickURL, "http://teachpilot.test")
	steps := []struct {
		name       string
		req        request
		wantStatus int
	}{
		{"a second form post", request{path: "/api/newsletter", body: `{"email":"bob@example.org"}`, remoteAddr: provider}, 201},
		{"the third is over the form limit", request{path: "/api/newsletter", body: `{"email":"eve@example.org"}`, remoteAddr: provider}, 429},
		{"a one-click unsubscribe from the same address still works", request{path: oneClick, contentType: "application/x-www-form-urlencoded", body: "List-Unsubscribe=One-Click", remoteAddr: provider}, 200},
		{"the unsubscribe page's own form post shares the form bucket", request{path: "/api/newsletter/unsubscribe", contentType: "application/x-www-form-urlencoded", body: "token=x", remoteAddr: provider}, 429},
	}
	for _, s := range steps {
		if w := hs.do(s.req); w.Code != s.wantStatus {
			t.Fatalf("%s: %d %s, want %d", s.name, w.Code, w.Body, s.wantStatus)
		}
	}
	if hs.status("ada@example.org") != store.Unsubscribed {
		t.Fatal("the one-click post did not unsubscribe")
	}
	for i := range 2 * oneClickPerMinute { // a few tokens come back while it runs
		w := hs.do(request{path: "/api/newsletter/unsubscribe?token=unknown", contentType: "application/x-www-form-urlencoded",
			body: "List-Unsubscribe=One-Click", remoteAddr: provider})
		if w.Code == 429 {
			if i < oneClickPerMinute-1 || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") || w.Header().Get("Retry-After") == "" {
				t.Errorf("429 after %d one-click posts, Content-Type %q, Retry-After %q: %s", i, w.Header().Get("Content-Type"), w.Header().Get("Retry-After"), w.Body)
			}
			return
		}
		if w.Code != 404 {
			t.Fatalf("one-click post %d: %d %s", i, w.Code, w.Body)
		}
	}
	t.Error("the one-click limit never answered 429")
}
