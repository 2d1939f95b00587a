package server

import (
	"bytes"
	"html/template"
	"log/slog"
	"net/http"
	"time"

	"github.com/teachpilot/site/internal/plan"
	"github.com/teachpilot/site/internal/store"
)

// This file holds the plan page, /submission-success/{reference}: the plan under its
// reference, with its actions and the "was this useful?" form. Its DOM hooks are those
// web/public/plan-page.js enhances (copy, print, progress, feedback in place); without
// JavaScript every one is a plain link or post. planstream.go streams the page while an AI
// draft is written.

// planPageTitle is the h1 and <title> of the plan page.
const planPageTitle = "Your lesson plan"

// planPage is what the plan page's template shows around the plan.
type planPage struct {
	Reference string
	// DOCX, Text, Another and Feedback are the links and the form's action.
	DOCX, Text, Another, Feedback string
	// Self is the page's own path (the reload link).
	Self string
	// Drafting: another view is writing the AI draft; this one shows the stored plan.
	Drafting bool
	// Thanks: the feedback was just sent (?feedback=thanks).
	Thanks bool
	// Sections is the number of sections a plan has (the progress line's total).
	Sections int
	// Streamed: the page is streamed, so the completion line says so in words.
	Streamed bool
	// Script is the page's one script (web/pages.json's shell.script). A streamed page asks
	// for it right after the progress line: the shell asks only once the page has loaded,
	// which a streamed page does when its last section has arrived, and the script is what
	// announces the sections as they arrive.
	Script string
	// ThanksText is the thank-you (feedbackThanks).
	ThanksText string
	// CommentMax is the comment's length limit (forms.json's planFeedback).
	CommentMax int
}

// planPageTemplates are the parts of the plan page; the plan itself is package plan's HTML.
var planPageTemplates = template.Must(template.New("plan-page").Parse(`
{{- define "top"}}
<p>Your reference: <strong class="font-mono" data-testid="reference">{{.Reference}}</strong>. This page is your plan's private address: keep the link to come back to it.</p>
<div class="flex flex-wrap items-baseline gap-x-6 gap-y-2" data-plan-actions>
<a href="{{.DOCX}}" download class="font-semibold text-indigo-700 underline underline-offset-2 hover:no-underline">Download .docx</a>
<a href="{{.Text}}" data-plan-copy class="font-semibold text-indigo-700 underline underline-offset-2 hover:no-underline">Copy as text</a>
<a href="{{.Another}}" class="font-semibold text-indigo-700 underline underline-offset-2 hover:no-underline">Make another like this</a>
</div>
{{- if .Drafting}}
<p role="status">An AI draft of this plan is being written: below is the built-in planner's plan. <a href="{{.Self}}">Reload this page</a> in a minute to see the draft.</p>
{{- end}}
{{end}}
{{- define "status"}}
<p data-plan-status data-plan-total="{{.Sections}}" role="status" aria-live="polite">Writing your lesson plan: its {{.Sections}} sections appear below as each one is checked.</p>
<script src="{{.Script}}" async></script>
{{end}}
{{- define "restart"}}
<p role="alert" data-plan-restart>The AI draft stopped partway, so the built-in planner made your plan instead. <a href="#plan-replacement">Go to the full plan</a>; the part above is not used.</p>
{{end}}
{{- define "bottom"}}
{{- if .Streamed}}
<p data-plan-complete>Your lesson plan is ready.</p>
{{- else}}
<p data-plan-complete hidden></p>
{{- end}}
<section id="feedback" aria-labelledby="feedback-title" class="mt-10">
<h2 id="feedback-title">Feedback</h2>
{{- if .Thanks}}
<p role="status">{{.ThanksText}}</p>
{{- else}}
<form data-plan-feedback method="post" action="{{.Feedback}}">
<fieldset>
<legend class="font-semibold">Was this plan useful?</legend>
<div class="mt-2 flex flex-wrap items-baseline gap-x-6">
<label><input type="radio" id="feedback-useful" name="useful" value="yes" required> Yes</label>
<label><input type="radio" id="feedback-useful-no" name="useful" value="no"> No</label>
</div>
</fieldset>
<label for="feedback-comment" class="mt-4 block font-semibold">Comment (optional)</label>
<textarea id="feedback-comment" name="comment" rows="3" maxlength="{{.CommentMax}}" class="mt-2 block w-full max-w-xl rounded-md border border-slate-300 px-3 py-2"></textarea>
<button type="submit" class="mt-4 rounded-md bg-indigo-700 px-3 py-2 text-sm font-semibold text-white">Send feedback</button>
</form>
{{- end}}
</section>
{{end}}`))

// planPageFor fills in the plan page's links for the request ref.
func (s *Server) planPageFor(ref string, r *http.Request) planPage {
	return planPage{
		Reference:  ref,
		DOCX:       s.planFilePath(ref, "plan.docx"),
		Text:       s.planFilePath(ref, "plan.txt"),
		Another:    s.paths.lessonPlan + "?from=" + ref,
		Feedback:   s.planFilePath(ref, "feedback"),
		Self:       s.confirmationPath(ref),
		Thanks:     r.URL.Query().Get("feedback") == "thanks",
		Sections:   len(plan.SectionKeys),
		Script:     s.paths.shellScript,
		CommentMax: s.commentMax(),
		ThanksText: feedbackThanks,
	}
}

// commentMax is the feedback comment's maxLength in forms.json (1000 if it has none).
func (s *Server) commentMax() int {
	if f := s.api.rules.Forms["planFeedback"].byName["comment"]; f != nil && f.MaxLength != nil {
		return *f.MaxLength
	}
	return 1000
}

// planFilePath is the path of a plan's file or endpoint under the API: plan.docx,
// plan.txt, feedback.
func (s *Server) planFilePath(ref, name string) string {
	return "/api/lesson-plans/" + ref + "/" + name
}

// lessonPlanPage handles GET /submission-success/{reference}: the plan page, where the form
// leads after a submission (with or without JavaScript) and the email links. It shows the
// reference, the actions (.docx, copy as text, print, make another), the plan and the
// feedback form; the reference is the capability, so the page never shows the email
// address, name or school, and is never indexed or cached. When an AI planner is configured
// and this view wins the request's AI draft, the page is streamed as the draft is written
// (planstream.go); a view while another writes it shows the stored plan and says so. An
// unknown reference gets the site's 404 page.
func (s *Server) lessonPlanPage(w http.ResponseWriter, r *http.Request) {
	if s.api.store == nil || s.api.rules == nil {
		s.problemPage(w, r, http.StatusServiceUnavailable, problemPage{
			Title: "Service unavailable", Intro: "Lesson plans cannot be shown right now. Please try again later.",
			Back: s.paths.home, BackTxt: "Back home",
		})
		return
	}
	sp, ok := s.planRef(w, r, func() { s.site.NotFound(w, r) })
	if !ok {
		return
	}
	page := s.planPageFor(sp.Request.Reference, r)
	switch sp.Stored.AIState {
	case store.AIPending, store.AIRunning:
		if s.plans.AI == nil {
			break // configured no more: the stored plan is the plan
		}
		if r.Method == http.MethodGet {
			won, err := s.api.store.ClaimAIDraft(r.Context(), sp.Request.Reference, s.api.now(), s.aiTimeout()+time.Minute)
			if err != nil {
				s.log.LogAttrs(r.Context(), slog.LevelError, "plan page: claim AI draft", slog.Any("err", err))
			}
			if won {
				s.streamPlan(w, r, sp, page)
				return
			}
		}
		page.Drafting = true
	}
	var main bytes.Buffer
	err := planPageTemplates.ExecuteTemplate(&main, "top", page)
	if err == nil {
		err = plan.RenderHTML(&main, sp.Plan)
	}
	if err == nil {
		err = planPageTemplates.ExecuteTemplate(&main, "bottom", page)
	}
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.writeFilled(w, r, http.StatusOK, planPageTitle, main.Bytes())
}
