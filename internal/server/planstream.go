package server

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"github.com/teachpilot/site/internal/plan"
	"github.com/teachpilot/site/internal/store"
)

// This file streams the plan page while the request's AI draft is written: the page's top
// and a progress line at once, then each section as soon as it has been validated, then the
// completion line and the feedback form. The draft is made on a context detached from the
// request, so a closed tab does not stop it: it is stored either way.

// streamMarker stands for the plan in the filled shell, which is cut there: the part
// before is sent at once, the part after once the plan is complete.
const streamMarker = "<!--plan-stream-->"

// streamPlan writes the plan page while the draft claimed for sp is made (ClaimAIDraft was
// won). Sections arrive in order; if the AI fails after some were shown, the built-in plan
// follows in an article of its own (ids prefixed, so the page stays valid HTML), after a
// note saying so.
func (s *Server) streamPlan(w http.ResponseWriter, r *http.Request, sp shownPlan, page planPage) {
	sections := make(chan plan.Section, 4*len(plan.SectionKeys)) // never full: the generator never waits
	s.drafts.Go(func() { s.makeDraft(context.WithoutCancel(r.Context()), sp.Request, sections) })

	page.Streamed = true
	var top bytes.Buffer
	if err := planPageTemplates.ExecuteTemplate(&top, "top", page); err != nil {
		s.serverError(w, r, err)
		return
	}
	if err := planPageTemplates.ExecuteTemplate(&top, "status", page); err != nil {
		s.serverError(w, r, err)
		return
	}
	top.WriteString(streamMarker)
	filled, csp, err := s.shell.Fill(planPageTitle, top.Bytes())
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	before, after, _ := bytes.Cut(filled, []byte(streamMarker))

	rc := http.NewResponseController(w)
	// The server's WriteTimeout is shorter than an AI's budget: this response may take it all.
	_ = rc.SetWriteDeadline(time.Now().Add(s.aiTimeout() + time.Minute))
	h := w.Header()
	setPageHeaders(h, csp)
	h.Set("X-Accel-Buffering", "no") // a proxy in front must pass each part on at once
	body := newPageBody(w, r)
	defer func() { _ = body.Close() }()
	w.WriteHeader(http.StatusOK)
	write := func(b []byte) bool {
		if _, err := body.Write(b); err != nil {
			return false
		}
		return body.Flush() == nil
	}
	if !write(append(before, "\n<article class=\"lesson-plan\">\n"...)) {
		return // the tab was closed: the draft goes on and is stored
	}
	var buf bytes.Buffer
	restarted := false
	for sec := range sections {
		buf.Reset()
		if sec.Restart && !restarted {
			restarted = true
			buf.WriteString("</article>\n")
			_ = planPageTemplates.ExecuteTemplate(&buf, "restart", page)
			buf.WriteString("<article class=\"lesson-plan\" id=\"plan-replacement\">\n")
		}
		var sb bytes.Buffer
		if err := plan.RenderSection(&sb, sec.Key, sec.Plan); err != nil {
			s.log.LogAttrs(r.Context(), slog.LevelError, "plan page: render section", slog.String("section", sec.Key), slog.Any("err", err))
			continue
		}
		b := sb.Bytes()
		if restarted {
			// The part of the AI draft shown above holds the plan's ids already.
			b = bytes.ReplaceAll(b, []byte(`id="plan-`), []byte(`id="planr-`))
			b = bytes.ReplaceAll(b, []byte(`aria-labelledby="plan-`), []byte(`aria-labelledby="planr-`))
		}
		buf.Write(b)
		if !write(buf.Bytes()) {
			return
		}
	}
	buf.Reset()
	buf.WriteString("</article>\n")
	if err := planPageTemplates.ExecuteTemplate(&buf, "bottom", page); err != nil {
		s.log.LogAttrs(r.Context(), slog.LevelError, "plan page: bottom", slog.Any("err", err))
	}
	buf.Write(after)
	write(buf.Bytes())
}

// makeDraft makes the AI draft of req, handing each section to out as it is validated,
// stores the outcome with FinishAIDraft (done with the AI's plan, failed with the built-in
// plan labelled with why), then closes out. It runs on its own context: the planner's
// timeout bounds it, not the request.
func (s *Server) makeDraft(ctx context.Context, req store.LessonPlan, out chan<- plan.Section) {
	defer close(out)
	defer func() {
		if v := recover(); v != nil {
			s.log.LogAttrs(ctx, slog.LevelError, "lesson plan: AI draft panicked", slog.String("reference", req.Reference), slog.Any("panic", v))
		}
	}()
	p := s.plans.Generate(ctx, planRequest(req), func(sec plan.Section) { out <- sec })
	state := store.AIDone
	if p.Provenance.Generator != plan.GeneratorAI {
		state = store.AIFailed
	}
	js, err := json.Marshal(p)
	if err == nil {
		sctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		err = s.api.store.FinishAIDraft(sctx, store.StoredPlan{
			Reference: req.Reference, JSON: js, Generator: p.Provenance.Generator, AIState: state, UpdatedAt: s.api.now(),
		})
		cancel()
	}
	if err != nil {
		s.log.LogAttrs(ctx, slog.LevelError, "lesson plan: store AI draft", slog.String("reference", req.Reference), slog.Any("err", err))
		return
	}
	s.CountPlan(p.Provenance.Generator)
}

// WaitForDrafts waits up to timeout for the AI drafts still being made (those of closed tabs
// too) to be stored, so that a shutdown leaves none running; it reports whether all were.
func (s *Server) WaitForDrafts(timeout time.Duration) bool {
	done := make(chan struct{})
	go func() {
		s.drafts.Wait()
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-time.After(timeout):
		return false
	}
}
