package plan

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var aiTestRequest = Request{
	Subject: "social-studies", Grade: "11", Topic: "Causes of the First World War", Minutes: 55, Model: ModelInquiry,
	Objectives: "Evaluate the relative importance of long-term causes", Standards: "D2.His.14.9-12; D2.His.16.9-12",
	Differentiation: []string{NeedEnglishLearners, NeedAdvanced}, Notes: "Two classes share this plan.",
}

func testAI(b *Builtin, f *fakeAI) *AI {
	return &AI{
		BaseURL: f.srv.URL + "/v1", APIKey: testKey, Model: "test-model", Builtin: b, Client: f.srv.Client(),
		Backoff: time.Millisecond, FirstByteTimeout: 5 * time.Second, IdleTimeout: 5 * time.Second,
	}
}

// collector records the sections handed over.
type collector struct {
	mu       sync.Mutex
	keys     []string
	restarts []int // positions of sections marked Restart
	last     Plan
}

func (c *collector) on(s Section) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s.Restart {
		c.restarts = append(c.restarts, len(c.keys))
	}
	c.keys = append(c.keys, s.Key)
	c.last = s.Plan
}

// TestAIPlanner runs the AI planner, and the fallback around it, against the fake provider
// in every situation the issue names. The key never shows in an error, a plan or a log line.
func TestAIPlanner(t *testing.T) {
	b := testBuiltin(t)
	good := aiPlan(b, aiTestRequest)
	pieces := aiPieces(t, good, nil)
	half := pieces[:len(pieces)/2]
	tests := []struct {
		name         string
		answers      []answer
		fallbackWait time.Duration // the fallback's Timeout (default 5 s)
		idle         time.Duration // the AI's IdleTimeout (default 5 s)
		reason       Reason        // "" for success
		requests     int           // how many requests the provider sees from AI.Generate
		check        func(t *testing.T, p Plan)
	}{
		{name: "a good plan", answers: []answer{{pieces: pieces}}, requests: 1, check: func(t *testing.T, p Plan) {
			if p.Title != good.Title || !slices.Equal(p.Standards, []string{"D2.His.14.9-12", "D2.His.16.9-12"}) {
				t.Errorf("title %q standards %q", p.Title, p.Standards)
			}
		}},
		{name: "minutes that do not add up are re-balanced", requests: 1, answers: []answer{{pieces: aiPieces(t, good, func(key string, v []byte) []byte {
			if key != SectionPhases {
				return v
			}
			var phases []Phase
			if err := json.Unmarshal(v, &phases); err != nil {
				panic(err) // the fake's own JSON
			}
			for i := range phases {
				phases[i].Minutes = 20 * (i%2 + 1) // far too many
			}
			phases[0].Minutes = -3
			out, _ := json.Marshal(phases)
			return out
		})}}, check: func(t *testing.T, p Plan) {
			if p.Title != good.Title {
				t.Errorf("not the AI plan: %q", p.Title)
			}
		}},
		{name: "an invented standard is removed", requests: 1, answers: []answer{{pieces: aiPieces(t, good, func(key string, v []byte) []byte {
			if key == SectionStandards {
				return []byte(`["D2.His.14.9-12", "CCSS.ELA-LITERACY.RH.11-12.99", "D2.His.16.9-12"]`)
			}
			return v
		})}}, check: func(t *testing.T, p Plan) {
			if slices.Contains(p.Standards, "CCSS.ELA-LITERACY.RH.11-12.99") {
				t.Errorf("invented standard kept: %q", p.Standards)
			}
		}},
		{name: "supports for a need not ticked are removed", requests: 1, answers: []answer{{pieces: aiPieces(t, good, func(key string, v []byte) []byte {
			if key == SectionDifferentiation {
				return []byte(`[{"need":"iep-504","supports":[{"kind":"timing","bloom":"","text":"Extra time"}]},{"need":"english-learners","supports":[{"kind":"language","bloom":"","text":"Frames <b>now</b>"}]}]`)
			}
			return v
		})}}},
		{name: "broken JSON", requests: 1, reason: ReasonBadOutput, answers: []answer{{pieces: []piece{{"", `{"title": "A plan", "standards": [}`}}}}},
		{name: "a section of the wrong shape", requests: 1, reason: ReasonBadOutput, answers: []answer{{pieces: aiPieces(t, good, func(key string, v []byte) []byte {
			if key == SectionPhases {
				return []byte(`"all of it"`)
			}
			return v
		})}}},
		{name: "an empty section", requests: 1, reason: ReasonBadOutput, answers: []answer{{pieces: aiPieces(t, good, func(key string, v []byte) []byte {
			if key == SectionObjectives {
				return []byte(`[]`)
			}
			return v
		})}}},
		{name: "a stream that stops halfway", requests: 1, reason: ReasonIncomplete, answers: []answer{{pieces: half, cut: true}}},
		{name: "a stream that stalls halfway", requests: 1, reason: ReasonTimeout, idle: 50 * time.Millisecond, answers: []answer{{pieces: half, stall: true}}},
		{name: "429 then success", requests: 2, answers: []answer{{status: 429, header: map[string]string{"Retry-After": "0"}}, {pieces: pieces}}},
		{name: "429 with a Retry-After beyond the deadline", requests: 1, reason: ReasonBusy, fallbackWait: time.Second,
			answers: []answer{{status: 429, header: map[string]string{"Retry-After": "3600"}}}},
		{name: "500 repeatedly", requests: 3, reason: ReasonUnavailable, answers: []answer{{status: 500, body: "upstream exploded"}}},
		{name: "401 that echoes the key", requests: 1, reason: ReasonRejected,
			answers: []answer{{status: 401, body: `{"error":{"message":"Incorrect API key provided: ` + testKey + `"}}`}}},
		{name: "a provider that never answers", requests: 1, reason: ReasonTimeout, fallbackWait: 100 * time.Millisecond, answers: []answer{{hang: true}}},
		{name: "a refusal", requests: 1, reason: ReasonRefused, answers: []answer{{pieces: half[:3], events: []string{
			`{"choices":[{"index":0,"delta":{"refusal":"I can't help with that."},"finish_reason":null}]}`}}}},
		{name: "a content filter", requests: 1, reason: ReasonRefused, answers: []answer{{pieces: half[:3], events: []string{
			`{"choices":[{"index":0,"delta":{},"finish_reason":"content_filter"}]}`}}}},
		{name: "an error inside the stream", requests: 1, reason: ReasonUnavailable, answers: []answer{{pieces: half[:3], events: []string{
			`{"error":{"type":"server_error","message":"overloaded ` + testKey + `"}}`}}}},
		{name: "an answer longer than any plan", requests: 1, reason: ReasonBadOutput, answers: []answer{{pieces: slices.Concat([]piece{{"", `{"title": "`}},
			slices.Repeat([]piece{{"", strings.Repeat("x", 4000)}}, 80))}}},
		{name: "a stream line longer than any chunk", requests: 1, reason: ReasonBadOutput, answers: []answer{{pieces: half[:3],
			events: []string{contentChunk(strings.Repeat("y", 100<<10), "")}}}},
		{name: "out of tokens", requests: 1, reason: ReasonIncomplete, answers: []answer{{pieces: half, events: []string{
			`{"choices":[{"index":0,"delta":{},"finish_reason":"length"}]}`}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The AI planner alone.
			f := newFakeAI(t, tt.answers...)
			ai := testAI(b, f)
			if tt.idle != 0 {
				ai.IdleTimeout = tt.idle
			}
			wait := cmp(tt.fallbackWait, 5*time.Second)
			ctx, cancel := context.WithTimeout(context.Background(), wait)
			defer cancel()
			var c collector
			start := time.Now()
			p, err := ai.Generate(ctx, aiTestRequest, c.on)
			if took := time.Since(start); took > wait+2*time.Second {
				t.Errorf("took %v", took)
			}
			if f.requests() != tt.requests {
				t.Errorf("the provider saw %d requests, want %d", f.requests(), tt.requests)
			}
			var e *Error
			switch {
			case tt.reason == "" && err != nil:
				t.Fatalf("error %v", err)
			case tt.reason != "" && (!errors.As(err, &e) || e.Reason != tt.reason):
				t.Fatalf("error %v, want reason %s", err, tt.reason)
			case err != nil && strings.Contains(err.Error(), testKey):
				t.Errorf("the key is in the error: %v", err)
			}
			if err == nil {
				if !slices.Equal(c.keys, SectionKeys) {
					t.Errorf("sections handed over %v, want %v", c.keys, SectionKeys)
				}
				if p.Provenance.Generator != GeneratorAI || p.Provenance.Model != "test-model" {
					t.Errorf("provenance %+v", p.Provenance)
				}
				for _, problem := range planProblems(b, b.Normalize(aiTestRequest), p) {
					t.Error(problem)
				}
				if tt.check != nil {
					tt.check(t, p)
				}
			} else if !slices.Equal(c.keys, SectionKeys[:len(c.keys)]) {
				t.Errorf("sections handed over before the failure %v are not in order", c.keys)
			}
			assertNoKey(t, p, f)

			// The same through the fallback: a plan always, labelled with how it was made.
			f2 := newFakeAI(t, tt.answers...)
			var logs bytes.Buffer
			fb := &Fallback{Builtin: b, AI: testAI(b, f2), Timeout: wait, Log: slog.New(slog.NewTextHandler(&logs, nil))}
			fb.AI.IdleTimeout = ai.IdleTimeout
			var c2 collector
			start = time.Now()
			p2 := fb.Generate(context.Background(), aiTestRequest, c2.on)
			if took := time.Since(start); took > wait+2*time.Second {
				t.Errorf("the fallback took %v", took)
			}
			for _, problem := range planProblems(b, b.Normalize(aiTestRequest), p2) {
				t.Error(problem)
			}
			if tt.reason == "" {
				if p2.Provenance.Generator != GeneratorAI || len(c2.restarts) != 0 {
					t.Errorf("fallback gave %+v, restarts %v", p2.Provenance, c2.restarts)
				}
			} else {
				want := "Made by the built-in planner because the AI service " + tt.reason.Because()
				if p2.Provenance.Generator != GeneratorFallback || !strings.HasPrefix(p2.Provenance.Label, want) {
					t.Errorf("fallback provenance %+v, want a label starting %q", p2.Provenance, want)
				}
				// The built-in plan's sections follow whatever the AI managed, marked Restart.
				tail := c2.keys[len(c2.keys)-len(SectionKeys):]
				if !slices.Equal(tail, SectionKeys) {
					t.Errorf("sections %v do not end with the whole built-in plan", c2.keys)
				}
				if len(c2.keys) > len(SectionKeys) && !slices.Equal(c2.restarts, []int{len(c2.keys) - len(SectionKeys)}) {
					t.Errorf("restart marked at %v in %v", c2.restarts, c2.keys)
				}
				if !strings.Contains(logs.String(), "reason="+string(tt.reason)) {
					t.Errorf("log %q does not name the reason", logs.String())
				}
			}
			if strings.Contains(logs.String(), testKey) {
				t.Errorf("the key is in the log: %s", logs.String())
			}
			assertNoKey(t, p2, f2)
		})
	}
}

// assertNoKey checks that the key is in no plan text, and that the provider got it only as
// the bearer token.
func assertNoKey(t *testing.T, p Plan, f *fakeAI) {
	t.Helper()
	data, _ := json.Marshal(p)
	if bytes.Contains(data, []byte(testKey)) {
		t.Error("the key is in the plan")
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for i, body := range f.bodies {
		if bytes.Contains(body, []byte(testKey)) {
			t.Error("the key is in the request body")
		}
		if f.auths[i] != "Bearer "+testKey {
			t.Errorf("Authorization %q", f.auths[i])
		}
	}
}

// TestAISectionsArriveAsStreamed: a section reaches onSection while the provider is still
// holding back the rest: the provider sends materials only after the test has received the
// objectives section.
func TestAISectionsArriveAsStreamed(t *testing.T) {
	b := testBuiltin(t)
	gotObjectives := make(chan struct{})
	f := newFakeAI(t, answer{pieces: aiPieces(t, aiPlan(b, aiTestRequest), nil),
		waitFor: map[string]<-chan struct{}{SectionMaterials: gotObjectives}})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var keys []string
	_, err := testAI(b, f).Generate(ctx, aiTestRequest, func(s Section) {
		keys = append(keys, s.Key)
		if s.Key == SectionObjectives {
			if len(s.Plan.Objectives) == 0 || s.Plan.Materials != nil {
				t.Errorf("the plan so far: objectives %v, materials %v", s.Plan.Objectives, s.Plan.Materials)
			}
			close(gotObjectives)
		}
	})
	if err != nil {
		t.Fatalf("%v (sections so far %v)", err, keys)
	}
	if !slices.Equal(keys, SectionKeys) {
		t.Errorf("sections %v", keys)
	}
}
