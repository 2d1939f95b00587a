package server

// This file is long on purpose: it holds the scenario tables every form shares (limits,
// malformed requests, rate limits, plain form posts, the honeypot), one table per rule, and
// the harness the other form tests use. Splitting a table would split a rule.

import (
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/teachpilot/site/internal/config"
	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/web"
)

// formsJSON is web/forms.json, the rules the browser and the server share.
var formsJSON = func() []byte {
	b, err := os.ReadFile(filepath.Join("..", "..", "web", "forms.json"))
	if err != nil {
		panic(err)
	}
	return b
}()

// shellHTML stands for the shell React pre-renders (web/pages.json's shell): the site's
// header and footer around the two slots, noindex, no scripts.
const shellHTML = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
	`<title>__SLOT_TITLE__ | TeachPilot</title><meta property="og:title" content="__SLOT_TITLE__">` +
	`<link rel="stylesheet" href="/assets/app-T3st.css"></head><body>` +
	`<header class="site-header"><a href="/"><span>TeachPilot</span></a></header>` +
	`<main id="main-content"><h1>__SLOT_TITLE__</h1><div data-slot="main"></div></main>` +
	`<footer><p>© 2026 TeachPilot</p></footer></body></html>`

// harness is a server with the form API on a fresh SQLite store and a clock the test moves.
type harness struct {
	t        testing.TB
	h        http.Handler
	srv      *Server
	st       *store.Store
	mu       sync.Mutex
	now      time.Time
	notified int
}

func newHarness(t testing.TB, env map[string]string) *harness {
	t.Helper()
	return newHarnessFor(t, "TeachPilot", env)
}

// newHarnessFor is newHarness for a product of another name.
func newHarnessFor(t testing.TB, product string, env map[string]string) *harness {
	t.Helper()
	st, err := store.Open(t.Context(), filepath.Join(t.TempDir(), "site.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return newHarnessOn(t, st, product, env, slog.New(slog.DiscardHandler))
}

// newHarnessOn is newHarnessFor on the store st, logging to log, with more options.
func newHarnessOn(t testing.TB, st *store.Store, product string, env map[string]string, log *slog.Logger, opts ...Option) *harness {
	t.Helper()
	vars := map[string]string{"BASE_URL": "http://teachpilot.test", "RATE_LIMIT": "off", "TEAM_EMAIL": "team@teachpilot.test"}
	maps.Copy(vars, env)
	cfg, err := config.Load(product, func(k string) string { return vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	hs := &harness{t: t, st: st, now: time.Date(2026, 9, 1, 8, 0, 0, 0, time.UTC)}
	site := fstest.MapFS{
		"index.html":                    {Data: []byte(`<!doctype html><html lang="en"><head><title>Home</title><link rel="stylesheet" href="/assets/app-T3st.css"></head><h1>Home</h1></html>`)},
		"404/index.html":                {Data: []byte("<!doctype html><html lang=\"en\"><title>Not found</title><h1>Not found</h1></html>")},
		"_shell/index.html":             {Data: []byte(shellHTML)},
		"submission-success/index.html": {Data: []byte(`<!doctype html><html lang="en"><title>Thank you</title><h1>Thank you</h1></html>`)},
	}
	srv, err := New(cfg, log, site, append([]Option{
		WithForms(Forms{Store: st, Rules: formsJSON, Notify: func() { hs.mu.Lock(); hs.notified++; hs.mu.Unlock() }}),
		WithClock(func() time.Time { hs.mu.Lock(); defer hs.mu.Unlock(); return hs.now })}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	hs.srv, hs.h = srv, srv.Handler()
	return hs
}

func (hs *harness) advance(d time.Duration) {
	hs.mu.Lock()
	hs.now = hs.now.Add(d)
	hs.mu.Unlock()
}

// request describes one HTTP request to the harness.
type request struct {
	method      string // POST when empty
	path        string
	contentType string // application/json when empty and there is a body
	body        string
	header      map[string]string
	remoteAddr  string
}

func (hs *harness) do(rq request) *httptest.ResponseRecorder {
	hs.t.Helper()
	method := rq.method
	if method == "" {
		method = http.MethodPost
	}
	r := httptest.NewRequest(method, "http://teachpilot.test"+rq.path, strings.NewReader(rq.body))
	ct := rq.contentType
	if ct == "" && rq.body != "" {
		ct = "application/json"
	}
	if ct != "-" && ct != "" {
		r.Header.Set("Content-Type", ct)
	}
	for k, v := range rq.header {
		r.Header.Set(k, v)
	}
	if rq.remoteAddr != "" {
		r.RemoteAddr = rq.remoteAddr
	}
	w := httptest.NewRecorder()
	hs.h.ServeHTTP(w, r)
	return w
}

func (hs *harness) messages() []store.Message {
	hs.t.Helper()
	msgs, err := hs.st.Messages(hs.t.Context())
	if err != nil {
		hs.t.Fatal(err)
	}
	return msgs
}

// jsonOf encodes v, failing the test if it cannot.
func jsonOf(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// with returns a copy of base with the given fields replaced (nil removes a field).
func with(base map[string]any, kv ...any) map[string]any {
	out := maps.Clone(base)
	for i := 0; i < len(kv); i += 2 {
		if kv[i+1] == nil {
			delete(out, kv[i].(string))
		} else {
			out[kv[i].(string)] = kv[i+1]
		}
	}
	return out
}

// Valid submissions of each form.
var (
	validNewsletter = map[string]any{"email": "ada@example.org"}
	validContact    = map[string]any{"name": "Ada Lovelace", "email": "ada@example.org", "reason": "general", "message": "Hello, I have a question about plans."}
	validLessonPlan = map[string]any{"email": "grace@school.org", "subject": "science", "grade": "10", "topic": "Photosynthesis", "duration": 50}
)

var formEndpoints = map[string]struct {
	path  string
	valid map[string]any
}{
	"newsletter": {"/api/newsletter", validNewsletter},
	"contact":    {"/api/contact", validContact},
	"lessonPlan": {"/api/lesson-plans", validLessonPlan},
}

// emailOfLength returns a valid address of exactly n characters (n ≥ 80).
func emailOfLength(n int) string {
	local, domain := strings.Repeat("a", 64), "example.org"
	for need := n - len(local) - 1 - len(domain); need > 0; need = n - len(local) - 1 - len(domain) {
		if need == 1 {
			domain = "b" + domain // one more character in the first label
			break
		}
		domain = strings.Repeat("b", min(63, need-1)) + "." + domain
	}
	return local + "@" + domain
}

// TestFieldLimits checks every field of every form against its rules in forms.json: at
// each limit the value is accepted, past it the field's own message comes back.
func TestFieldLimits(t *testing.T) {
	rules, err := parseFormRules(formsJSON, web.Pages())
	if err != nil {
		t.Fatal(err)
	}
	type scenario struct {
		name    string
		form    string
		field   string
		value   any
		wantMsg string // "" means accepted
	}
	var scenarios []scenario
	for _, formName := range slices.Sorted(maps.Keys(formEndpoints)) {
		for _, f := range rules.Forms[formName].Fields {
			add := func(what string, v any, msg string) {
				scenarios = append(scenarios, scenario{formName + " " + f.Name + " " + what, formName, f.Name, v, msg})
			}
			filler := "x"
			switch f.Kind {
			case "email":
				if f.MaxLength != nil {
					add("at maxLength is accepted", emailOfLength(*f.MaxLength), "")
					add("over maxLength is refused", emailOfLength(*f.MaxLength+1), f.Messages["maxLength"])
				}
				add("without @ is refused", "ada.example.org", f.Messages["format"])
				add("without a dot in the domain is refused", "ada@localhost", f.Messages["format"])
				add("with a display name is refused", "Ada <ada@example.org>", f.Messages["format"])
				add("with two @ is refused", "ada@@example.org", f.Messages["format"])
				add("with spaces around is trimmed and accepted", "  ada@example.org ", "")
			case "text", "textarea":
				if f.MaxLength != nil {
					// Limits count characters, not bytes: é is two bytes.
					add("at maxLength (in characters) is accepted", strings.Repeat("é", *f.MaxLength), "")
					add("over maxLength is refused", strings.Repeat(filler, *f.MaxLength+1), f.Messages["maxLength"])
				}
				if f.MinLength != nil && *f.MinLength > 1 {
					add("at minLength is accepted", strings.Repeat(filler, *f.MinLength), "")
					add("under minLength is refused", strings.Repeat(filler, *f.MinLength-1), f.Messages["minLength"])
					add("under minLength after trimming is refused", " "+strings.Repeat(filler, *f.MinLength-1)+"  ", f.Messages["minLength"])
				}
			case "select":
				for _, o := range f.Options {
					add("option "+o.Value+" is accepted", o.Value, "")
				}
				add("an unlisted value is refused", "nope", f.Messages["options"])
			case "multiselect":
				var all []string
				for _, o := range f.Options {
					all = append(all, o.Value)
				}
				add("all options are accepted", all, "")
				add("an unlisted value is refused", []string{f.Options[0].Value, "nope"}, f.Messages["options"])
			case "integer":
				add("at min is accepted", *f.Min, "")
				add("under min is refused", *f.Min-1, f.Messages["min"])
				add("at max is accepted", *f.Max, "")
				add("over max is refused", *f.Max+1, f.Messages["max"])
				add("as a string is accepted", "45", "")
				add("with a fraction is refused", 50.5, f.Messages["format"])
				add("as words is refused", "fifty", f.Messages["format"])
			}
			if f.Required {
				add("missing is refused", nil, f.Messages["required"])
				if f.Kind != "multiselect" && f.Kind != "integer" {
					add("blank is refused", "   ", f.Messages["required"])
				}
			} else {
				add("missing is accepted", nil, "")
				if f.Kind != "multiselect" {
					add("empty is accepted", "", "")
				}
			}
		}
	}
	if len(scenarios) < 80 {
		t.Fatalf("only %d scenarios: forms.json not read?", len(scenarios))
	}

	hs := newHarness(t, nil)
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			ep := formEndpoints[sc.form]
			var body map[string]any
			if sc.value == nil {
				body = with(ep.valid, sc.field, nil)
			} else {
				body = with(ep.valid, sc.field, sc.value)
			}
			w := hs.do(request{path: ep.path, body: jsonOf(t, body)})
			if sc.wantMsg == "" {
				if w.Code != http.StatusCreated {
					t.Fatalf("status %d, want 201: %s", w.Code, w.Body)
				}
				return
			}
			if w.Code != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422: %s", w.Code, w.Body)
			}
			var got struct{ Errors map[string]string }
			if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if want := map[string]string{sc.field: sc.wantMsg}; !maps.Equal(got.Errors, want) {
				t.Errorf("errors = %v, want %v", got.Errors, want)
			}
		})
	}
}

// TestRequestProblems covers every status of the form API but 201 and 422, on each form.
func TestRequestProblems(t *testing.T) {
	huge := `{"email":"ada@example.org","website":"` + strings.Repeat("x", 70<<10) + `"}`
	type scenario struct {
		name       string
		req        request
		wantStatus int
		wantBody   string
		wantHeader map[string]string
	}
	var scenarios []scenario
	for _, form := range slices.Sorted(maps.Keys(formEndpoints)) {
		ep := formEndpoints[form]
		valid := jsonOf(t, ep.valid)
		scenarios = append(scenarios, []scenario{
			{form + ": a valid post is created", request{path: ep.path, body: valid}, 201, "", nil},
			{form + ": JSON with a charset is fine", request{path: ep.path, body: valid, contentType: "application/json; charset=utf-8"}, 201, "", nil},
			{form + ": malformed JSON is 400", request{path: ep.path, body: `{"email": "ada@example.org"`}, 400, "not valid JSON", nil},
			{form + ": invalid UTF-8 in a JSON string is 400, not stored as a guess", request{path: ep.path, body: strings.Replace(valid, "@", "\xff@", 1)}, 400, "not valid UTF-8", nil},
			{form + ": a line break in a one-line field is 422", request{path: ep.path, body: jsonOf(t, with(ep.valid, "email", "ada@example.org\nBcc: x@example.org"))}, 422, "", nil},
			{form + ": an empty body is 400", request{path: ep.path, body: "", contentType: "application/json"}, 400, "not valid JSON", nil},
			{form + ": a JSON array is 400", request{path: ep.path, body: `[1,2]`}, 400, "not valid JSON", nil},
			{form + ": JSON null is 400", request{path: ep.path, body: `null`}, 400, "must be a JSON object", nil},
			{form + ": trailing data is 400", request{path: ep.path, body: valid + `{"x":1}`}, 400, "nothing after it", nil},
			{form + ": an unknown field is 400", request{path: ep.path, body: jsonOf(t, with(ep.valid, "admin", true))}, 400, `Unknown field \"admin\"`, nil},
			{form + ": a number for a text field is 400", request{path: ep.path, body: jsonOf(t, with(ep.valid, "email", 42))}, 400, "must be a string", nil},
			{form + ": a NUL character is 400", request{path: ep.path, body: jsonOf(t, with(ep.valid, "email", "ada\x00@example.org"))}, 400, "not allowed", nil},
			{form + ": a body over 64 KiB is 413", request{path: ep.path, body: huge}, 413, "too large", nil},
			{form + ": a form post over 64 KiB is 413", request{path: ep.path, contentType: "application/x-www-form-urlencoded", body: "website=" + strings.Repeat("x", 70<<10)}, 413, "too large", nil},
			{form + ": text/plain is 415", request{path: ep.path, body: valid, contentType: "text/plain"}, 415, "application/json", nil},
			{form + ": no content type is 415", request{path: ep.path, body: valid, contentType: "-"}, 415, "application/json", nil},
			{form + ": a cross-site post is 403", request{path: ep.path, body: valid, header: map[string]string{"Sec-Fetch-Site": "cross-site"}}, 403, "only be sent from this site", nil},
			{form + ": a post from another origin is 403", request{path: ep.path, body: valid, header: map[string]string{"Origin": "https://evil.example"}}, 403, "only be sent from this site", nil},
			{form + ": a same-origin post is fine", request{path: ep.path, body: valid, header: map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://teachpilot.test"}}, 201, "", nil},
			{form + ": GET is 405", request{method: "GET", path: ep.path}, 405, "use POST", map[string]string{"Allow": "POST"}},
			{form + ": PUT is 405", request{method: "PUT", path: ep.path, body: valid}, 405, "use POST", map[string]string{"Allow": "POST"}},
		}...)
	}
	scenarios = append(scenarios, []scenario{
		{"a lesson plan cannot be posted to its reference", request{path: "/api/lesson-plans/TP-0000-0000-0000", body: "{}"}, 405, "", map[string]string{"Allow": "GET, HEAD"}},
		{"confirm by GET is 405 (link scanners confirm nothing)", request{method: "GET", path: "/api/newsletter/confirm?token=abc"}, 405, "", map[string]string{"Allow": "POST"}},
		{"unsubscribe by GET is 405", request{method: "GET", path: "/api/newsletter/unsubscribe?token=abc"}, 405, "", map[string]string{"Allow": "POST"}},
		{"an unknown API path is a JSON 404", request{method: "GET", path: "/api/nothing"}, 404, `"error"`, map[string]string{"Content-Type": "application/json"}},
	}...)

	hs := newHarness(t, nil)
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			w := hs.do(sc.req)
			if w.Code != sc.wantStatus {
				t.Fatalf("status %d, want %d: %s", w.Code, sc.wantStatus, w.Body)
			}
			if !strings.Contains(w.Body.String(), sc.wantBody) {
				t.Errorf("body %s lacks %q", w.Body, sc.wantBody)
			}
			for k, v := range sc.wantHeader {
				if got := w.Header().Get(k); got != v {
					t.Errorf("%s = %q, want %q", k, got, v)
				}
			}
			if w.Code >= 400 && sc.req.contentType != "application/x-www-form-urlencoded" &&
				!strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
				t.Errorf("error answer is %s, want JSON", w.Header().Get("Content-Type"))
			}
		})
	}
}

func TestRateLimit(t *testing.T) {
	tests := []struct {
		name  string
		env   map[string]string
		reqs  []request
		codes []int
	}{
		{
			name:  "the third post in a minute from one client is 429",
			env:   map[string]string{"RATE_LIMIT": "2/min"},
			reqs:  []request{{remoteAddr: "192.0.2.1:1000"}, {remoteAddr: "192.0.2.1:1001"}, {remoteAddr: "192.0.2.1:1002"}},
			codes: []int{201, 201, 429},
		},
		{
			name:  "clients have separate buckets",
			env:   map[string]string{"RATE_LIMIT": "1/min"},
			reqs:  []request{{remoteAddr: "192.0.2.1:1000"}, {remoteAddr: "192.0.2.2:1000"}, {remoteAddr: "192.0.2.1:1000"}},
			codes: []int{201, 201, 429},
		},
		{
			name: "X-Forwarded-For is ignored without trusted proxies",
			env:  map[string]string{"RATE_LIMIT": "1/min"},
			reqs: []request{
				{remoteAddr: "192.0.2.1:1000", header: map[string]string{"X-Forwarded-For": "198.51.100.1"}},
				{remoteAddr: "192.0.2.1:1000", header: map[string]string{"X-Forwarded-For": "198.51.100.2"}},
			},
			codes: []int{201, 429},
		},
		{
			name: "behind a trusted proxy, clients are told apart by X-Forwarded-For",
			env:  map[string]string{"RATE_LIMIT": "1/min", "TRUSTED_PROXIES": "10.0.0.0/8"},
			reqs: []request{
				{remoteAddr: "10.0.0.5:1000", header: map[string]string{"X-Forwarded-For": "198.51.100.1"}},
				{remoteAddr: "10.0.0.5:1000", header: map[string]string{"X-Forwarded-For": "198.51.100.2"}},
				{remoteAddr: "10.0.0.6:1000", header: map[string]string{"X-Forwarded-For": "198.51.100.1"}},
			},
			codes: []int{201, 201, 429},
		},
		{
			name: "a client cannot forge its way past the limit with X-Forwarded-For",
			env:  map[string]string{"RATE_LIMIT": "1/min", "TRUST_PROXY": "true"},
			reqs: []request{
				{remoteAddr: "127.0.0.1:1000", header: map[string]string{"X-Forwarded-For": "203.0.113.9, 198.51.100.1"}},
				{remoteAddr: "127.0.0.1:1000", header: map[string]string{"X-Forwarded-For": "203.0.113.10, 198.51.100.1"}},
			},
			codes: []int{201, 429},
		},
		{
			name:  "off means no limit",
			env:   map[string]string{"RATE_LIMIT": "off"},
			reqs:  []request{{}, {}, {}, {}, {}},
			codes: []int{201, 201, 201, 201, 201},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hs := newHarness(t, tt.env)
			for i, rq := range tt.reqs {
				rq.path, rq.body = "/api/contact", jsonOf(t, validContact)
				w := hs.do(rq)
				if w.Code != tt.codes[i] {
					t.Fatalf("request %d: status %d, want %d: %s", i+1, w.Code, tt.codes[i], w.Body)
				}
				if w.Code == http.StatusTooManyRequests {
					ra := w.Header().Get("Retry-After")
					if ra == "" || ra == "0" {
						t.Errorf("Retry-After = %q", ra)
					}
				}
			}
		})
	}
}

func TestRetryAfterSaysWhenATokenIsBack(t *testing.T) {
	hs := newHarness(t, map[string]string{"RATE_LIMIT": "2/min"})
	for range 2 {
		hs.do(request{path: "/api/newsletter", body: jsonOf(t, validNewsletter)})
	}
	w := hs.do(request{path: "/api/newsletter", body: jsonOf(t, validNewsletter)})
	if w.Code != 429 || w.Header().Get("Retry-After") != "30" {
		t.Errorf("status %d, Retry-After %q; want 429, 30 (2/min: a token every 30 s)", w.Code, w.Header().Get("Retry-After"))
	}
	// A plain form post gets the problem page, still with Retry-After.
	w = hs.do(request{path: "/api/newsletter", contentType: "application/x-www-form-urlencoded", body: "email=ada%40example.org"})
	if w.Code != 429 || w.Header().Get("Retry-After") == "" || !strings.Contains(w.Body.String(), ">Too Many Requests</h1>") {
		t.Errorf("form post: status %d, Retry-After %q, body %s", w.Code, w.Header().Get("Retry-After"), w.Body)
	}
}

// TestPlainFormPosts covers the forms without JavaScript: 303 on success, an accessible
// problem page on invalid input.
func TestPlainFormPosts(t *testing.T) {
	form := "application/x-www-form-urlencoded"
	tests := []struct {
		name         string
		path         string
		body         url.Values
		referer      string
		wantStatus   int
		wantLocation string   // prefix
		wantInPage   []string // for 422
	}{
		{
			name: "lesson plan → 303 to the success page with its reference",
			path: "/api/lesson-plans",
			body: url.Values{"email": {"grace@school.org"}, "subject": {"science"}, "grade": {"10"}, "topic": {"Cells"},
				"duration": {"50"}, "differentiation": {"english-learners", "advanced"}, "website": {""}},
			wantStatus: 303, wantLocation: "/submission-success/TP-",
		},
		{
			name:       "contact → 303 to /contact/sent",
			path:       "/api/contact",
			body:       url.Values{"name": {"Ada"}, "email": {"ada@example.org"}, "reason": {"press"}, "message": {"A question for the press team."}},
			wantStatus: 303, wantLocation: "/contact/sent",
		},
		{
			name:       "newsletter → 303 to /newsletter/check-email",
			path:       "/api/newsletter",
			body:       url.Values{"email": {"ada@example.org"}},
			wantStatus: 303, wantLocation: "/newsletter/check-email",
		},
		{
			name:       "a multipart form post works too",
			path:       "/api/newsletter",
			body:       nil, // see below
			wantStatus: 303, wantLocation: "/newsletter/check-email",
		},
		{
			name:       "an invalid lesson plan gets a page listing each problem with a link to its field",
			path:       "/api/lesson-plans",
			body:       url.Values{"email": {"grace"}, "subject": {"science"}, "grade": {"13"}, "topic": {"Cells"}, "duration": {"5"}},
			wantStatus: 422,
			wantInPage: []string{
				`<html lang="en">`, `<title>There is a problem with your lesson plan request | TeachPilot</title>`,
				`<link rel="stylesheet" href="/assets/app-T3st.css">`, `<a href="/"><span>TeachPilot</span></a>`,
				`>There is a problem with your lesson plan request</h1>`, `<main id="main-content"`, `<footer`,
				`<li><a href="/lesson-plan#plan-email" class="underline">Email address: Enter an email address like name@school.org.</a></li>`,
				`<li><a href="/lesson-plan#plan-grade" class="underline">Grade: Choose grade 9, 10, 11 or 12.</a></li>`,
				`<li><a href="/lesson-plan#plan-duration" class="underline">Lesson length (minutes): Lessons must be at least 15 minutes.</a></li>`,
				`<a href="/lesson-plan" class="font-semibold underline">Back to the form</a>`,
			},
		},
		{
			name:       "an invalid newsletter post links back to the page it came from",
			path:       "/api/newsletter",
			body:       url.Values{"email": {"nope"}},
			referer:    "http://teachpilot.test/blog/some-post?x=1",
			wantStatus: 422,
			wantInPage: []string{`<a href="/blog/some-post#newsletter-email" class="underline">Email address: Enter an email address like name@school.org.</a>`, `<a href="/blog/some-post" class="font-semibold underline">Back to the form</a>`},
		},
		{
			name:       "what a visitor typed is escaped in the page",
			path:       "/api/newsletter",
			body:       url.Values{"email": {"x"}},
			referer:    `http://teachpilot.test/"><script>alert(1)</script>`,
			wantStatus: 422,
			wantInPage: []string{`href="/%22%3e%3cscript%3ealert%281%29%3c/script%3e"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hs := newHarness(t, nil)
			rq := request{path: tt.path, contentType: form, body: tt.body.Encode(), header: map[string]string{"Referer": tt.referer}}
			if tt.body == nil {
				rq.contentType = "multipart/form-data; boundary=XYZ"
				rq.body = "--XYZ\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\nada@example.org\r\n--XYZ--\r\n"
			}
			w := hs.do(rq)
			if w.Code != tt.wantStatus {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.wantStatus, w.Body)
			}
			if loc := w.Header().Get("Location"); !strings.HasPrefix(loc, tt.wantLocation) {
				t.Errorf("Location = %q, want %q…", loc, tt.wantLocation)
			}
			if tt.wantStatus == 422 {
				if ct := w.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
					t.Errorf("Content-Type = %q", ct)
				}
				for _, s := range tt.wantInPage {
					if !strings.Contains(w.Body.String(), s) {
						t.Errorf("page lacks %s\n%s", s, w.Body)
					}
				}
				if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
					t.Errorf("Cache-Control = %q, want no-store", cc)
				}
				if strings.Contains(w.Body.String(), "<script") || strings.Contains(w.Body.String(), "style=") {
					t.Errorf("page has scripts or inline styles (CSP):\n%s", w.Body)
				}
			}
		})
	}
}

func TestHoneypotMarksSpamAndSendsNothing(t *testing.T) {
	for _, form := range slices.Sorted(maps.Keys(formEndpoints)) {
		t.Run(form, func(t *testing.T) {
			hs := newHarness(t, nil)
			ep := formEndpoints[form]
			w := hs.do(request{path: ep.path, body: jsonOf(t, with(ep.valid, "website", "http://spam.example"))})
			if w.Code != http.StatusCreated {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			if n := len(hs.messages()); n != 0 || hs.notified != 0 {
				t.Errorf("%d messages queued, worker notified %d times; want none", n, hs.notified)
			}
			var spam bool
			ctx := t.Context()
			switch form {
			case "newsletter":
				sub, err := hs.st.Subscriber(ctx, "ada@example.org")
				if err != nil {
					t.Fatal(err)
				}
				spam = sub.Spam
				if w.Body.String() != `{"message":"Check your inbox to confirm your subscription."}`+"\n" {
					t.Errorf("body %s differs from a real subscription's", w.Body)
				}
			case "contact":
				var got struct{ ID string }
				_ = json.Unmarshal(w.Body.Bytes(), &got)
				c, err := hs.st.Contact(ctx, got.ID)
				if err != nil {
					t.Fatal(err)
				}
				spam = c.Spam
			case "lessonPlan":
				var got struct{ Reference string }
				_ = json.Unmarshal(w.Body.Bytes(), &got)
				p, err := hs.st.LessonPlan(ctx, got.Reference)
				if err != nil {
					t.Fatal(err)
				}
				spam = p.Spam
			}
			if !spam {
				t.Error("stored without the spam mark")
			}
		})
	}
}

func TestRulesFileIsComplete(t *testing.T) {
	rules, err := parseFormRules(formsJSON, web.Pages())
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range rules.Forms {
		for _, fr := range f.Fields {
			if fr.Kind == "text" || fr.Kind == "textarea" || fr.Kind == "email" {
				if fr.MaxLength == nil {
					t.Errorf("%s.%s has no maxLength: every field needs a limit", name, fr.Name)
				}
			}
			for key, present := range map[string]bool{
				"required": fr.Required, "maxLength": fr.MaxLength != nil, "options": len(fr.Options) > 0,
				"min": fr.Min != nil, "max": fr.Max != nil,
			} {
				if present && fr.Messages[key] == "" {
					t.Errorf("%s.%s: rule %s has no message", name, fr.Name, key)
				}
			}
		}
	}
	if _, err := parseFormRules([]byte(`{"honeypot":"website","forms":{}}`), web.Pages()); err == nil {
		t.Error("rules without the forms were accepted")
	}
}

func TestNoStoreMeans503(t *testing.T) {
	cfg, _ := config.Load("TeachPilot", func(string) string { return "" })
	srv, err := New(cfg, slog.New(slog.DiscardHandler), fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}})
	if err != nil {
		t.Fatal(err)
	}
	r := httptest.NewRequest("POST", "/api/contact", strings.NewReader(`{}`))
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	srv.Handler().ServeHTTP(w, r)
	if w.Code != http.StatusServiceUnavailable {
		t.Errorf("status %d, want 503", w.Code)
	}
	_, _ = io.Copy(io.Discard, w.Body)
}
