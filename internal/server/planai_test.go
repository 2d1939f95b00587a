package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/plan"
	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/store/storetest"
)

// This file covers the plan page with an AI planner, against the one fake the tests allow:
// an OpenAI-compatible provider on loopback that streams its answer (server-sent events,
// flushed chunk by chunk), as package plan's own tests do.

const testAIKey = "sk-test-S3CRET-server-0123456789"

// fakeProvider answers chat completions with the plan, section by section.
type fakeProvider struct {
	t      *testing.T
	srv    *httptest.Server
	status int                          // not 0: answer this status instead
	until  string                       // not "": stop (no end, no [DONE]) before this section
	hold   string                       // not "": wait for release before sending this section
	plan   func(plan.Request) plan.Plan // the plan it writes (for validLessonPlan's request)
	mu     sync.Mutex
	auths  []string
	bodies []string

	release chan struct{}
}

func newFakeProvider(t *testing.T, b *plan.Builtin, configure func(*fakeProvider)) *fakeProvider {
	f := &fakeProvider{t: t, release: make(chan struct{})}
	f.plan = func(r plan.Request) plan.Plan {
		p := b.Plan(b.Normalize(r))
		p.Title = "AI draft: " + b.Normalize(r).Topic
		return p
	}
	if configure != nil {
		configure(f)
	}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeProvider) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.auths = append(f.auths, r.Header.Get("Authorization"))
	f.bodies = append(f.bodies, string(body))
	f.mu.Unlock()
	if f.status != 0 {
		http.Error(w, `{"error": {"message": "upstream trouble"}}`, f.status)
		return
	}
	p := f.plan(plan.Request{Subject: "science", Grade: "10", Topic: "Photosynthesis", Minutes: 50})
	w.Header().Set("Content-Type", "text/event-stream")
	flusher := w.(http.Flusher)
	send := func(data string) {
		fmt.Fprintf(w, "data: %s\n\n", data)
		flusher.Flush()
	}
	keys := aiKeys()
	for i, key := range keys {
		if key == f.until {
			return
		}
		if key == f.hold {
			select {
			case <-f.release:
			case <-r.Context().Done():
				return
			}
		}
		value, err := json.Marshal(p.SectionValue(key))
		if err != nil {
			f.t.Error(err)
			return
		}
		text := `"` + key + `": ` + string(value)
		if i == 0 {
			text = "{" + text
		}
		if i == len(keys)-1 {
			text += "}"
		} else {
			text += ",\n"
		}
		send(chunk(text, ""))
	}
	send(chunk("", "stop"))
	send("[DONE]")
}

// aiKeys are the sections a model writes: every one but those the server sets.
func aiKeys() []string {
	return slices.DeleteFunc(slices.Clone(plan.SectionKeys), func(k string) bool {
		return k == plan.SectionAbout || k == plan.SectionProvenance
	})
}

func chunk(text, finish string) string {
	var fr any
	if finish != "" {
		fr = finish
	}
	b, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-test", "object": "chat.completion.chunk", "model": "test-model",
		"choices": []any{map[string]any{"index": 0, "delta": map[string]any{"content": text}, "finish_reason": fr}},
	})
	return string(b)
}

// testBuiltin is the built-in planner of web/forms.json.
func testBuiltin(t testing.TB) *plan.Builtin {
	t.Helper()
	opts, err := plan.ParseOptions(formsJSON)
	if err != nil {
		t.Fatal(err)
	}
	b, err := plan.NewBuiltin(opts)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// testFallback is the planner with an AI at baseURL, quick to give up.
func testFallback(t testing.TB, baseURL string) *plan.Fallback {
	return testFallbackLog(t, testBuiltin(t), baseURL, nil)
}

func testFallbackLog(t testing.TB, b *plan.Builtin, baseURL string, log *slog.Logger) *plan.Fallback {
	return &plan.Fallback{
		Builtin: b, Timeout: 10 * time.Second, Log: log,
		AI: &plan.AI{BaseURL: baseURL, APIKey: testAIKey, Model: "test-model", Builtin: b,
			MaxRetries: 1, Backoff: time.Millisecond, FirstByteTimeout: 5 * time.Second, IdleTimeout: 5 * time.Second},
	}
}

// syncBuffer is a log destination the draft's goroutine and the test share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// aiSite is a harness with the AI planner of fake, served over real HTTP (so the page is
// really streamed), logging into logs.
type aiSite struct {
	*harness
	url  string
	logs *syncBuffer
}

func newAISite(t *testing.T, st *store.Store, configure func(*fakeProvider)) (*aiSite, *fakeProvider) {
	b := testBuiltin(t)
	fake := newFakeProvider(t, b, configure)
	logs := &syncBuffer{}
	log := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	hs := newHarnessOn(t, st, "TeachPilot", nil, log, WithPlanner(testFallbackLog(t, b, fake.srv.URL+"/v1", log)))
	srv := httptest.NewServer(hs.h)
	t.Cleanup(srv.Close)
	return &aiSite{harness: hs, url: srv.URL, logs: logs}, fake
}

// get requests path over HTTP; the caller reads and closes the body.
func (a *aiSite) get(ctx context.Context, path string) *http.Response {
	a.t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.url+path, nil)
	if err != nil {
		a.t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	return res
}

// readUntil reads r until what it has read holds want, and returns it all.
func readUntil(t *testing.T, r *bufio.Reader, got *strings.Builder, want string) {
	t.Helper()
	for !strings.Contains(got.String(), want) {
		line, err := r.ReadString('\n')
		got.WriteString(line)
		if err != nil {
			t.Fatalf("the page ended (%v) before %q:\n%s", err, want, got)
		}
	}
}

// waitAIState waits until the plan of ref has left the running state, and returns it.
func (a *aiSite) waitAIState(ref string) store.StoredPlan {
	a.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		sp, err := a.st.Plan(a.t.Context(), ref)
		if err != nil {
			a.t.Fatal(err)
		}
		if sp.AIState == store.AIDone || sp.AIState == store.AIFailed {
			return sp
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("the AI draft of %s is still %s", ref, sp.AIState)
		}
		time.Sleep(10 * time.Millisecond) // the poll interval of a bounded wait on a condition
	}
}

// checkNoKey fails if the API key is in s.
func checkNoKey(t *testing.T, what, s string) {
	t.Helper()
	if strings.Contains(s, testAIKey) || strings.Contains(s, "S3CRET") {
		t.Errorf("the API key is in %s", what)
	}
}

// sectionOrder lists the data-section attributes of body in order.
func sectionOrder(body string) []string {
	var out []string
	for rest := body; ; {
		_, after, ok := strings.Cut(rest, `data-section="`)
		if !ok {
			return out
		}
		key, _, _ := strings.Cut(after, `"`)
		out = append(out, key)
		rest = after
	}
}

func TestTheAIDraftStreamsIntoThePage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		site, fake := newAISite(t, st, func(f *fakeProvider) { f.hold = plan.SectionPhases })
		ref := site.postPlan(with(validLessonPlan, "name", "Grace Hopper", "school", "Hopper High"))

		res := site.get(t.Context(), "/submission-success/"+ref)
		defer res.Body.Close()
		if res.StatusCode != 200 || res.Header.Get("X-Robots-Tag") != "noindex" || res.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("status %d, headers %v", res.StatusCode, res.Header)
		}
		if !res.Uncompressed {
			t.Error("the streamed page was not sent gzipped to a client that takes gzip")
		}
		r := bufio.NewReader(res.Body) // gunzipped as it comes: each part must be flushed whole
		var got strings.Builder
		// The top of the page and the progress line come at once; then the sections the
		// model has written, while it still writes the rest.
		readUntil(t, r, &got, `data-plan-total="14" role="status" aria-live="polite"`)
		// The page's script is asked for before the sections: it announces them as they come.
		readUntil(t, r, &got, `<script src="/plan-page.js" async></script>`)
		readUntil(t, r, &got, `data-section="priorKnowledge"`)
		if strings.Contains(got.String(), `data-section="phases"`) || strings.Contains(got.String(), "data-plan-complete") {
			t.Fatal("the page showed sections the model had not written yet")
		}
		// A second view meanwhile shows the stored plan, says the draft is being written,
		// and is complete at once.
		second := site.do(request{method: "GET", path: "/submission-success/" + ref})
		for _, want := range []string{"An AI draft of this plan is being written", `<a href="/submission-success/` + ref + `">Reload this page</a>`,
			`data-section="phases"`, "<p data-plan-complete hidden></p>"} {
			if !strings.Contains(second.Body.String(), want) {
				t.Errorf("the second view lacks %q", want)
			}
		}
		close(fake.release)
		rest, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		got.Write(rest)
		body := got.String()
		checkHTML(t, body)
		if n := strings.Count(body, `src="/plan-page.js"`); n != 1 || strings.Index(body, `src="/plan-page.js"`) > strings.Index(body, `data-section="title"`) {
			t.Errorf("the streamed page asks for its script %d times, want once before the first section", n)
		}
		if order := sectionOrder(body); !slices.Equal(order, plan.SectionKeys) {
			t.Errorf("sections %v, want %v", order, plan.SectionKeys)
		}
		if !strings.Contains(body, "AI draft: Photosynthesis") || !strings.Contains(body, "<p data-plan-complete>Your lesson plan is ready.</p>") ||
			!strings.Contains(body, "data-plan-feedback") || !strings.HasSuffix(strings.TrimSpace(body), "</html>") {
			t.Errorf("the streamed page is not complete:\n%s", body)
		}
		if strings.Index(body, "data-plan-complete") < strings.Index(body, `data-section="provenance"`) {
			t.Error("the completion marker comes before the last section")
		}

		sp := site.waitAIState(ref)
		if sp.AIState != store.AIDone || sp.Generator != plan.GeneratorAI || !strings.Contains(string(sp.JSON), "AI draft: Photosynthesis") {
			t.Errorf("stored: %s, %s", sp.AIState, sp.Generator)
		}
		// Now the page is the AI's plan, whole, at once.
		again := site.do(request{method: "GET", path: "/submission-success/" + ref}).Body.String()
		if !strings.Contains(again, "AI draft: Photosynthesis") || strings.Contains(again, "data-plan-status") {
			t.Error("a later view does not show the stored AI plan")
		}
		// The model never saw the teacher's name, school or address; the key went only
		// to the provider, in its header.
		fake.mu.Lock()
		defer fake.mu.Unlock()
		if len(fake.bodies) != 1 || fake.auths[0] != "Bearer "+testAIKey {
			t.Errorf("%d calls, Authorization %q", len(fake.bodies), fake.auths)
		}
		for _, secret := range []string{"Grace Hopper", "Hopper High", "grace@school.org"} {
			if strings.Contains(fake.bodies[0], secret) {
				t.Errorf("the model was sent %q", secret)
			}
		}
		checkNoKey(t, "the page", body+again+second.Body.String())
		checkNoKey(t, "the log", site.logs.String())
	})
}

func TestAFailedAIDraftGivesTheBuiltinPlan(t *testing.T) {
	tests := []struct {
		name        string
		configure   func(*fakeProvider)
		wantRestart bool
	}{
		{"the stream stops halfway", func(f *fakeProvider) { f.until = plan.SectionVocabulary }, true},
		{"the provider answers 500", func(f *fakeProvider) { f.status = http.StatusInternalServerError }, false},
		{"the provider refuses the key", func(f *fakeProvider) { f.status = http.StatusUnauthorized }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, st *store.Store) {
				site, _ := newAISite(t, st, tt.configure)
				ref := site.postPlan(validLessonPlan)
				res := site.get(t.Context(), "/submission-success/"+ref)
				b, err := io.ReadAll(res.Body)
				res.Body.Close()
				if err != nil || res.StatusCode != 200 {
					t.Fatalf("status %d, %v", res.StatusCode, err)
				}
				body := string(b)
				checkHTML(t, body)
				if got := strings.Contains(body, "data-plan-restart"); got != tt.wantRestart {
					t.Errorf("restart note: %v, want %v", got, tt.wantRestart)
				}
				// The plan the page ends with is the built-in one, whole, after any part of
				// the AI's.
				final := body
				if tt.wantRestart {
					_, final, _ = strings.Cut(body, `<article class="lesson-plan" id="plan-replacement">`)
				}
				if order := sectionOrder(final); !slices.Equal(order, plan.SectionKeys) {
					t.Errorf("the final plan's sections %v, want %v", order, plan.SectionKeys)
				}
				if strings.Contains(final, "AI draft:") || !strings.Contains(final, "built-in planner") ||
					!strings.Contains(body, "<p data-plan-complete>Your lesson plan is ready.</p>") {
					t.Errorf("the page does not end with the labelled built-in plan:\n%s", body)
				}
				sp := site.waitAIState(ref)
				if sp.AIState != store.AIFailed || sp.Generator != plan.GeneratorFallback {
					t.Errorf("stored: %s, %s; want failed, %s", sp.AIState, sp.Generator, plan.GeneratorFallback)
				}
				checkNoKey(t, "the page", body)
				checkNoKey(t, "the log", site.logs.String())
				if !strings.Contains(site.logs.String(), "built-in plan used instead") {
					t.Errorf("the fallback is not logged:\n%s", site.logs.String())
				}
			})
		})
	}
}

func TestAClosedTabStillGetsItsDraft(t *testing.T) {
	site, fake := newAISite(t, storetest.SQLite(t), func(f *fakeProvider) { f.hold = plan.SectionPhases })
	ref := site.postPlan(validLessonPlan)
	ctx, cancel := context.WithCancel(t.Context())
	res := site.get(ctx, "/submission-success/"+ref)
	var got strings.Builder
	readUntil(t, bufio.NewReader(res.Body), &got, `data-section="title"`)
	cancel() // the teacher closes the tab
	res.Body.Close()
	close(fake.release)
	// A shutdown waits for it (cmd/site defers WaitForDrafts): then it is stored.
	if !site.srv.WaitForDrafts(20 * time.Second) {
		t.Fatal("the draft was not finished in 20 s")
	}
	sp, _ := site.storedPlan(ref)
	if sp.AIState != store.AIDone || sp.Generator != plan.GeneratorAI {
		t.Errorf("stored: %s, %s; want done, ai", sp.AIState, sp.Generator)
	}
}
