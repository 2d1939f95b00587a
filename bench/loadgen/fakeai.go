package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/teachpilot/site/internal/plan"
	"github.com/teachpilot/site/web"
)

// The AI provider of the plan bench, the one fake allowed: an OpenAI-compatible
// chat-completions endpoint on loopback that waits firstToken, then streams a valid plan
// (the built-in planner's, retitled) section by section as server-sent events, 10 ms
// between sections, as a fast model would.

// fakeAIStream is the plan as the content pieces a model streams, in the schema's order.
func fakeAIStream() ([]string, error) {
	opts, err := plan.ParseOptions(web.FormRules())
	if err != nil {
		return nil, err
	}
	b, err := plan.NewBuiltin(opts)
	if err != nil {
		return nil, err
	}
	p := b.Plan(plan.Request{Subject: "science", Grade: "10", Topic: "Photosynthesis", Minutes: 50, Differentiation: []string{plan.NeedEnglishLearners}})
	p.Title = "AI draft: Photosynthesis"
	data, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	var sections map[string]json.RawMessage
	if err := json.Unmarshal(data, &sections); err != nil {
		return nil, err
	}
	var keys []string
	for _, k := range plan.SectionKeys {
		if k != plan.SectionAbout && k != plan.SectionProvenance { // the server's, never a model's
			keys = append(keys, k)
		}
	}
	var out []string
	for i, k := range keys {
		s := fmt.Sprintf("%q: %s", k, sections[k])
		if i == 0 {
			s = "{" + s
		}
		if i == len(keys)-1 {
			s += "}"
		} else {
			s += ",\n"
		}
		out = append(out, s)
	}
	return out, nil
}

// serveFakeAI serves the fake provider on addr until the process is stopped.
func serveFakeAI(addr string, firstToken time.Duration) error {
	sections, err := fakeAIStream()
	if err != nil {
		return err
	}
	chunk := func(content, finish string) string {
		var fr any
		if finish != "" {
			fr = finish
		}
		data, _ := json.Marshal(map[string]any{
			"id": "chatcmpl-bench", "object": "chat.completion.chunk", "model": "bench-model",
			"choices": []any{map[string]any{"index": 0, "delta": map[string]any{"content": content}, "finish_reason": fr}},
		})
		return "data: " + string(data) + "\n\n"
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		select {
		case <-time.After(firstToken):
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		flusher, _ := w.(http.Flusher)
		for i, s := range sections {
			if i > 0 {
				select {
				case <-time.After(10 * time.Millisecond):
				case <-r.Context().Done():
					return
				}
			}
			for rs := []rune(s); len(rs) > 0; { // whole runes: a chunk is JSON text
				n := min(len(rs), 64)
				_, _ = io.WriteString(w, chunk(string(rs[:n]), ""))
				rs = rs[n:]
			}
			if flusher != nil {
				flusher.Flush()
			}
		}
		_, _ = io.WriteString(w, chunk("", "stop")+"data: [DONE]\n\n")
	})
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	return srv.ListenAndServe()
}
