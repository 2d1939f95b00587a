package server

import (
	"encoding/json"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/teachpilot/site/internal/admin"
	"github.com/teachpilot/site/internal/config"
	"github.com/teachpilot/site/internal/store"
)

// cheapHash makes the tests' password hashes quick; the sign-in timing test sets its own.
var cheapHash = admin.Params{Memory: 1024, Time: 1, Threads: 1}

const (
	consoleEmail    = "team@teachpilot.test"
	consolePassword = "correct horse battery staple 42"
	siteOrigin      = "http://teachpilot.test"
)

// consoleHarness is a server with the form API and the console on a fresh SQLite store,
// one console account, and a clock the test moves (the same for both).
type consoleHarness struct {
	t      testing.TB
	h      http.Handler
	srv    *Server
	st     *store.Store
	svc    *admin.Service
	dbPath string
	mu     sync.Mutex
	now    time.Time
}

func newConsoleHarness(t testing.TB, acfg admin.Config, env map[string]string) *consoleHarness {
	t.Helper()
	vars := map[string]string{"BASE_URL": siteOrigin, "RATE_LIMIT": "off", "TEAM_EMAIL": "team@teachpilot.test"}
	maps.Copy(vars, env)
	cfg, err := config.Load("TeachPilot", func(k string) string { return vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	ch := &consoleHarness{t: t, now: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC), dbPath: filepath.Join(t.TempDir(), "site.db")}
	if ch.st, err = store.Open(t.Context(), ch.dbPath); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ch.st.Close() })
	acfg.Now = ch.clock
	if acfg.Params == (admin.Params{}) {
		acfg.Params = cheapHash
	}
	if ch.svc, err = admin.New(ch.st, acfg); err != nil {
		t.Fatal(err)
	}
	hash, err := admin.HashPassword(consolePassword, acfg.Params)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ch.st.AddAdmin(t.Context(), consoleEmail, hash, ch.now); err != nil {
		t.Fatal(err)
	}
	site := fstest.MapFS{
		"index.html":               {Data: []byte(`<!doctype html><html lang="en"><title>Home</title><h1>Home</h1></html>`)},
		"404/index.html":           {Data: []byte(`<!doctype html><html lang="en"><title>Not found</title><h1>Not found</h1></html>`)},
		"_shell/index.html":        {Data: []byte(shellHTML)},
		"admin/index.html":         {Data: []byte(`<!doctype html><html lang="en"><meta name="robots" content="noindex"><title>Console</title></html>`)},
		"admin/sign-in/index.html": {Data: []byte(`<!doctype html><html lang="en"><meta name="robots" content="noindex"><title>Sign in</title></html>`)},
	}
	srv, err := New(cfg, slog.New(slog.DiscardHandler), site,
		WithForms(Forms{Store: ch.st, Rules: formsJSON}), WithClock(ch.clock),
		WithConsole(Console{Admin: ch.svc, Store: ch.st, AllowPrivateWebhooks: env["WEBHOOK_ALLOW_PRIVATE"] == "true"}))
	if err != nil {
		t.Fatal(err)
	}
	ch.srv, ch.h = srv, srv.Handler()
	return ch
}

func (ch *consoleHarness) clock() time.Time {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	return ch.now
}

func (ch *consoleHarness) advance(d time.Duration) {
	ch.mu.Lock()
	ch.now = ch.now.Add(d)
	ch.mu.Unlock()
}

// call is one request to the console, from the console's own page unless header says
// otherwise; token, when set, goes in the session cookie.
type call struct {
	method, path, body string
	token              string
	header             map[string]string
	remote             string
}

func (ch *consoleHarness) do(c call) *httptest.ResponseRecorder {
	ch.t.Helper()
	r := httptest.NewRequest(c.method, siteOrigin+c.path, strings.NewReader(c.body))
	if c.body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	if c.method != http.MethodGet {
		r.Header.Set("Origin", siteOrigin)
	}
	for k, v := range c.header {
		if k == "Host" { // as a proxy that rewrites it would
			r.Host = v
			continue
		}
		if v == "" {
			r.Header.Del(k)
		} else {
			r.Header.Set(k, v)
		}
	}
	if c.token != "" {
		r.AddCookie(&http.Cookie{Name: ch.svc.CookieName(), Value: c.token})
	}
	if c.remote != "" {
		r.RemoteAddr = c.remote
	}
	w := httptest.NewRecorder()
	ch.h.ServeHTTP(w, r)
	return w
}

// signIn signs the account in through the API and returns the session token.
func (ch *consoleHarness) signIn() string {
	ch.t.Helper()
	w := ch.do(call{method: "POST", path: "/api/admin/session", body: `{"email":"` + consoleEmail + `","password":"` + consolePassword + `"}`})
	if w.Code != http.StatusOK {
		ch.t.Fatalf("sign in: %d %s", w.Code, w.Body)
	}
	for _, c := range w.Result().Cookies() {
		if c.Name == ch.svc.CookieName() && c.Value != "" {
			return c.Value
		}
	}
	ch.t.Fatalf("sign in set no session cookie: %v", w.Header())
	return ""
}

// post submits a form through the form API (JSON) and checks it was stored.
func (ch *consoleHarness) post(path string, body map[string]any) {
	ch.t.Helper()
	b, _ := json.Marshal(body)
	w := ch.do(call{method: "POST", path: path, body: string(b)})
	if w.Code != http.StatusCreated {
		ch.t.Fatalf("POST %s: %d %s", path, w.Code, w.Body)
	}
}

// jsonBody decodes a response's JSON body.
func jsonBody(t testing.TB, w *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil {
		t.Fatalf("body %q: %v", w.Body, err)
	}
	return m
}
