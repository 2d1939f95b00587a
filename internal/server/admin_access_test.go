package server

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/admin"
)

// consoleEndpoints is every endpoint of the console's API contract but sign-in.
var consoleEndpoints = []call{
	{method: "GET", path: "/api/admin/session"},
	{method: "DELETE", path: "/api/admin/session"},
	{method: "POST", path: "/api/admin/session/everywhere"},
	{method: "GET", path: "/api/admin/dashboard"},
	{method: "GET", path: "/api/admin/lesson-plans?q=a&spam=1&limit=10"},
	{method: "GET", path: "/api/admin/lesson-plans/TP-ABC"},
	{method: "DELETE", path: "/api/admin/lesson-plans/TP-ABC"},
	{method: "GET", path: "/api/admin/lesson-plans.csv"},
	{method: "GET", path: "/api/admin/contacts?status=new&reason=general"},
	{method: "POST", path: "/api/admin/contacts/c1/handled", body: `{"handled":true}`},
	{method: "DELETE", path: "/api/admin/contacts/c1"},
	{method: "GET", path: "/api/admin/contacts.csv"},
	{method: "GET", path: "/api/admin/subscribers?status=confirmed"},
	{method: "DELETE", path: "/api/admin/subscribers/1"},
	{method: "GET", path: "/api/admin/subscribers.csv"},
	{method: "POST", path: "/api/admin/data-request", body: `{"email":"a@example.org"}`},
	{method: "POST", path: "/api/admin/data-request/export", body: `{"email":"a@example.org"}`},
	{method: "POST", path: "/api/admin/data-request/delete", body: `{"email":"a@example.org"}`},
	{method: "GET", path: "/api/admin/audit"},
	{method: "GET", path: "/api/admin/webhooks"},
	{method: "POST", path: "/api/admin/webhooks", body: `{"url":"https://crm.example.com/h","events":["contact.received"]}`},
	{method: "DELETE", path: "/api/admin/webhooks/1"},
	{method: "POST", path: "/api/admin/webhooks/1/test"},
	{method: "GET", path: "/api/admin/webhooks/1/deliveries"},
	{method: "POST", path: "/api/admin/account/totp"},
	{method: "POST", path: "/api/admin/account/totp/confirm", body: `{"code":"123456"}`},
	{method: "DELETE", path: "/api/admin/account/totp", body: `{"code":"123456"}`},
	{method: "GET", path: "/api/admin/no-such-endpoint"},
}

// TestConsoleEndpointsRefuseWithoutAValidSessionFromTheSite is the table the issue asks
// for: every endpoint × {no session, a session from another origin (Sec-Fetch-Site and
// Origin), a forged token, an expired session, a signed-out session}. Every answer is
// no-store and noindex, with the contract's JSON error.
func TestConsoleEndpointsRefuseWithoutAValidSessionFromTheSite(t *testing.T) {
	ch := newConsoleHarness(t, admin.Config{IdleTimeout: 30 * time.Minute}, nil)
	signedOut := ch.signIn()
	if w := ch.do(call{method: "DELETE", path: "/api/admin/session", token: signedOut}); w.Code != http.StatusNoContent {
		t.Fatalf("sign out: %d %s", w.Code, w.Body)
	}
	expired := ch.signIn()
	ch.advance(31 * time.Minute) // past the idle timeout of expired
	live2 := ch.signIn()

	scenarios := []struct {
		name    string
		token   string
		header  map[string]string
		want    int
		message string
	}{
		{"no session", "", nil, 401, msgSignIn},
		{"forged token", "bm90LWEtcmVhbC10b2tlbi1mb3JnZWQtYnktc29tZW9uZQ", nil, 401, msgSignIn},
		{"expired session", expired, nil, 401, msgSignIn},
		{"signed-out session", signedOut, nil, 401, msgSignIn},
		{"live session, Sec-Fetch-Site cross-site", live2, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, msgCrossOrigin},
		{"live session, Sec-Fetch-Site same-site", live2, map[string]string{"Sec-Fetch-Site": "same-site"}, 403, msgCrossOrigin},
		{"live session, foreign Origin", live2, map[string]string{"Sec-Fetch-Site": "", "Origin": "https://evil.example"}, 403, msgCrossOrigin},
		{"no session, foreign Origin: 403 before 401", "", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, 403, msgCrossOrigin},
	}
	for _, ep := range consoleEndpoints {
		for _, sc := range scenarios {
			t.Run(ep.method+" "+ep.path+"/"+sc.name, func(t *testing.T) {
				c := ep
				c.token, c.header = sc.token, sc.header
				w := ch.do(c)
				if w.Code != sc.want {
					t.Fatalf("status %d, want %d: %s", w.Code, sc.want, w.Body)
				}
				if got := jsonBody(t, w)["error"]; got != sc.message {
					t.Errorf("error %q, want %q", got, sc.message)
				}
				if w.Header().Get("Cache-Control") != "no-store" || w.Header().Get("X-Robots-Tag") != "noindex" {
					t.Errorf("headers %v: want no-store and noindex", w.Header())
				}
			})
		}
	}
	// With the live session from the site itself, no endpoint refuses (sign-out last: it
	// ends the session).
	for _, ep := range consoleEndpoints {
		if ep.method == "DELETE" && ep.path == "/api/admin/session" || strings.HasSuffix(ep.path, "/everywhere") {
			continue
		}
		c := ep
		c.token = live2
		if w := ch.do(c); w.Code == 401 || w.Code == 403 || w.Header().Get("X-Robots-Tag") != "noindex" {
			t.Errorf("%s %s with a live session: %d %s", ep.method, ep.path, w.Code, w.Body)
		}
	}
	// Sign-in itself gets the cross-origin check.
	w := ch.do(call{method: "POST", path: "/api/admin/session", body: `{"email":"` + consoleEmail + `","password":"` + consolePassword + `"}`,
		header: map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}})
	if w.Code != http.StatusForbidden {
		t.Errorf("cross-site sign-in: %d %s", w.Code, w.Body)
	}
}

// TestSignOutEverywhereEndsEverySession: the account's other sessions end too.
func TestSignOutEverywhereEndsEverySession(t *testing.T) {
	ch := newConsoleHarness(t, admin.Config{}, nil)
	a, b := ch.signIn(), ch.signIn()
	w := ch.do(call{method: "POST", path: "/api/admin/session/everywhere", token: a})
	if w.Code != http.StatusNoContent {
		t.Fatalf("everywhere: %d %s", w.Code, w.Body)
	}
	if c := w.Result().Cookies(); len(c) != 1 || c[0].MaxAge >= 0 {
		t.Errorf("cookies %v: want the session cookie cleared", c)
	}
	for name, tok := range map[string]string{"this": a, "other": b} {
		if w := ch.do(call{method: "GET", path: "/api/admin/session", token: tok}); w.Code != http.StatusUnauthorized {
			t.Errorf("%s session after sign-out everywhere: %d", name, w.Code)
		}
	}
}

// TestConsolePagesAreNeverStoredNorIndexed: the pre-rendered /admin pages go out no-store,
// noindex and without validators; other pages keep their caching.
func TestConsolePagesAreNeverStoredNorIndexed(t *testing.T) {
	ch := newConsoleHarness(t, admin.Config{}, nil)
	for _, p := range []string{"/admin", "/admin/sign-in", "/admin/no-such-page"} {
		w := ch.do(call{method: "GET", path: p, header: map[string]string{"If-None-Match": "*"}})
		if w.Header().Get("Cache-Control") != "no-store" || w.Header().Get("X-Robots-Tag") != "noindex" || w.Header().Get("Etag") != "" {
			t.Errorf("%s: %d %v", p, w.Code, w.Header())
		}
		if w.Code == http.StatusNotModified {
			t.Errorf("%s: 304 for a page that must not be kept", p)
		}
	}
	if w := ch.do(call{method: "GET", path: "/"}); w.Header().Get("Cache-Control") == "no-store" || w.Header().Get("X-Robots-Tag") != "" {
		t.Errorf("home page: %v", w.Header())
	}
}

// TestConsoleTrustsBaseURLBehindAProxy: behind a proxy that rewrites Host, a request from
// BASE_URL's origin is the site's own; any other origin is refused still.
func TestConsoleTrustsBaseURLBehindAProxy(t *testing.T) {
	ch := newConsoleHarness(t, admin.Config{}, nil)
	tok := ch.signIn()
	for origin, want := range map[string]int{siteOrigin: 200, "http://10.0.0.5:8080": 200, "https://teachpilot.test": 403, "null": 403} {
		w := ch.do(call{method: "GET", path: "/api/admin/session", token: tok, header: map[string]string{"Host": "10.0.0.5:8080", "Origin": origin}})
		if w.Code != want {
			t.Errorf("Origin %s via a proxy: %d, want %d", origin, w.Code, want)
		}
	}
}
