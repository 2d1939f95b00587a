package admin_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/admin"
	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/store/storetest"
)

func TestRequireSession(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		c := newClock()
		svc, ada := newService(t, s, c, admin.Config{Secure: true, IdleTimeout: 30 * time.Minute, AbsoluteTimeout: 2 * time.Hour})
		h := svc.RequireSession(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			a, ok := admin.AdminFrom(r.Context())
			if !ok {
				t.Error("no account in the context")
			}
			_, _ = w.Write([]byte(a.Email))
		}))
		start := func() string {
			t.Helper()
			tok, err := svc.StartSession(ctx, ada.ID)
			if err != nil {
				t.Fatal(err)
			}
			return tok
		}
		for _, tc := range []struct {
			name string
			// setup returns the token to send ("" sends no cookie) after changing the world.
			setup      func() string
			method     string
			origin     string
			wantStatus int
		}{
			{"a valid session", start, "GET", "", 200},
			{"a same-origin POST with a valid session", start, "POST", "https://example.com", 200},
			{"no cookie", func() string { return "" }, "GET", "", 401},
			{"a forged token of the right shape", func() string { return strings.Repeat("A", 43) }, "GET", "", 401},
			{"a token that is not base64", func() string { return "not a token!" }, "GET", "", 401},
			{"idle for longer than the idle timeout", func() string { tok := start(); c.Advance(31 * time.Minute); return tok }, "GET", "", 401},
			{"active, but past the absolute timeout", func() string {
				tok := start()
				for range 4 { // a request every 25 minutes keeps it from going idle…
					c.Advance(25 * time.Minute)
					if _, err := svc.Resolve(ctx, tok); err != nil {
						t.Fatalf("session ended early: %v", err)
					}
				}
				c.Advance(25 * time.Minute)
				return tok // …but 2 h 5 min after sign-in it ends
			}, "GET", "", 401},
			{"signed out", func() string {
				tok := start()
				if err := svc.SignOut(ctx, tok); err != nil {
					t.Fatal(err)
				}
				return tok
			}, "GET", "", 401},
			{"signed out everywhere from another session", func() string {
				tok := start()
				other := start()
				if n, err := svc.SignOutEverywhere(ctx, ada.ID); err != nil || n < 2 {
					t.Fatalf("SignOutEverywhere = %d, %v", n, err)
				}
				_ = other
				return tok
			}, "GET", "", 401},
			{"a cross-origin POST with a valid session", start, "POST", "https://evil.example", 403},
			{"a cross-site DELETE (Sec-Fetch-Site) with a valid session", start, "DELETE", "cross-site", 403},
		} {
			t.Run(tc.name, func(t *testing.T) {
				tok := tc.setup()
				r := httptest.NewRequest(tc.method, "https://example.com/api/admin/thing", nil)
				switch tc.origin {
				case "":
				case "cross-site":
					r.Header.Set("Sec-Fetch-Site", "cross-site")
				default:
					r.Header.Set("Origin", tc.origin)
				}
				if tok != "" {
					r.AddCookie(svc.SessionCookie(tok))
				}
				w := httptest.NewRecorder()
				h.ServeHTTP(w, r)
				if w.Code != tc.wantStatus {
					t.Fatalf("status %d, want %d: %s", w.Code, tc.wantStatus, w.Body)
				}
				if got := w.Header().Get("Cache-Control"); got != "no-store" {
					t.Errorf("Cache-Control %q", got)
				}
				if got := w.Header().Get("X-Robots-Tag"); got != "noindex" {
					t.Errorf("X-Robots-Tag %q", got)
				}
				if tc.wantStatus == 200 {
					if w.Body.String() != "ada@example.org" {
						t.Errorf("body %q", w.Body)
					}
					return
				}
				var body struct{ Error string }
				if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body.Error == "" {
					t.Errorf("body %q is not a JSON error", w.Body)
				}
			})
		}
	})
}

func TestSessionCookie(t *testing.T) {
	c := newClock()
	for _, tc := range []struct {
		name     string
		secure   bool
		wantName string
	}{
		{"behind HTTPS", true, "__Host-tp_admin"},
		{"plain HTTP in development", false, "tp_admin"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svc, err := admin.New(storetest.SQLite(t), admin.Config{Now: c.Now, Secure: tc.secure, AbsoluteTimeout: time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			ck := svc.SessionCookie("tok")
			if ck.Name != tc.wantName || ck.Path != "/" || ck.Domain != "" || !ck.HttpOnly || ck.Secure != tc.secure ||
				ck.SameSite != http.SameSiteStrictMode || ck.MaxAge != 3600 {
				t.Errorf("cookie %+v", ck)
			}
			if clear := svc.ClearCookie(); clear.Name != tc.wantName || clear.MaxAge >= 0 {
				t.Errorf("clearing cookie %+v", clear)
			}
		})
	}
}
