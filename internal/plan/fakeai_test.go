package plan

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// This file holds the one fake the tests allow: the paid AI API, played by a real HTTP server
// on loopback that speaks the chat-completions streaming protocol (server-sent events,
// flushed chunk by chunk).

// answer is what the fake provider does for one request.
type answer struct {
	status  int               // 0: 200 and a stream
	header  map[string]string // extra response headers
	body    string            // the body of a non-200 answer
	pieces  []piece           // the content, streamed in order
	events  []string          // raw data payloads sent after the pieces
	cut     bool              // end the response after the pieces: no finish, no [DONE]
	hang    bool              // send nothing; wait until the client goes away
	stall   bool              // after the pieces, wait until the client goes away
	waitFor map[string]<-chan struct{}
}

// piece is part of the streamed content: the section it belongs to ("" for none).
type piece struct {
	section string
	text    string
}

type fakeAI struct {
	t       *testing.T
	srv     *httptest.Server
	mu      sync.Mutex
	answers []answer
	bodies  [][]byte
	auths   []string
}

const testKey = "sk-test-S3CRET-key-0123456789"

// newFakeAI starts a fake provider that gives answers in turn (the last one again after).
func newFakeAI(t *testing.T, answers ...answer) *fakeAI {
	f := &fakeAI{t: t, answers: answers}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeAI) requests() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.bodies)
}

func (f *fakeAI) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	n := len(f.bodies)
	f.bodies = append(f.bodies, body)
	f.auths = append(f.auths, r.Header.Get("Authorization"))
	a := f.answers[min(n, len(f.answers)-1)]
	f.mu.Unlock()
	if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
		http.Error(w, "wrong endpoint "+r.Method+" "+r.URL.Path, http.StatusNotFound)
		return
	}
	if a.hang {
		<-r.Context().Done()
		return
	}
	for k, v := range a.header {
		w.Header().Set(k, v)
	}
	if a.status != 0 && a.status != http.StatusOK {
		w.WriteHeader(a.status)
		_, _ = io.WriteString(w, a.body)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	flusher := w.(http.Flusher)
	send := func(data string) bool {
		if _, err := fmt.Fprintf(w, "data: %s\n\n", data); err != nil {
			return false
		}
		flusher.Flush()
		return true
	}
	_, _ = io.WriteString(w, ": a comment line, which clients ignore\n\n")
	flusher.Flush()
	started := map[string]bool{}
	for _, p := range a.pieces {
		if ch, ok := a.waitFor[p.section]; ok && !started[p.section] {
			select {
			case <-ch:
			case <-r.Context().Done():
				return
			}
		}
		started[p.section] = true
		if !send(contentChunk(p.text, "")) {
			return
		}
	}
	for _, e := range a.events {
		send(e)
	}
	if a.stall {
		<-r.Context().Done()
		return
	}
	if a.cut {
		return
	}
	send(contentChunk("", "stop"))
	send("[DONE]")
}

// contentChunk is a chat-completions chunk carrying text (and a finish reason, if any).
func contentChunk(text, finish string) string {
	var fr any
	if finish != "" {
		fr = finish
	}
	data, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-test", "object": "chat.completion.chunk", "model": "test-model",
		"choices": []any{map[string]any{"index": 0, "delta": map[string]any{"content": text}, "finish_reason": fr}},
	})
	return string(data)
}

// aiPieces is p as a model would stream it: the sections a model writes, in schema order,
// each cut into pieces of at most 23 runes (so sections and even strings arrive split).
// edit may change a section's raw JSON value before it is sent.
func aiPieces(t *testing.T, p Plan, edit func(key string, value []byte) []byte) []piece {
	t.Helper()
	var out []piece
	for i, key := range aiSectionKeys {
		value, err := json.Marshal(sectionField(&p, key))
		if err != nil {
			t.Fatal(err)
		}
		if edit != nil {
			value = edit(key, value)
		}
		text := ""
		if i == 0 {
			text = "{"
		}
		text += `"` + key + `": ` + string(value)
		if i == len(aiSectionKeys)-1 {
			text += "}"
		} else {
			text += ",\n"
		}
		rs := []rune(text)
		for len(rs) > 0 {
			n := min(23, len(rs))
			out = append(out, piece{key, string(rs[:n])})
			rs = rs[n:]
		}
	}
	return out
}

// aiPlan is the plan the fake model writes: the built-in plan with a title of its own, so
// the tests can tell the two apart.
func aiPlan(b *Builtin, req Request) Plan {
	p := b.Plan(req)
	p.Title = "AI draft: " + b.Normalize(req).Topic
	return p
}
