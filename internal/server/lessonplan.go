package server

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/teachpilot/site/internal/mail"
	"github.com/teachpilot/site/internal/store"
)

// lessonPlanForm is a request: forms.json's lessonPlan form. It is the summary and the
// teacher's address.
type lessonPlanForm struct {
	Email string `json:"email"`
	lessonPlanSummary
}

// lessonPlanSummary is what the API shows of a request: the accepted fields, named as in
// forms.json, never the email address. Options are their values (forms.json has labels).
type lessonPlanSummary struct {
	Subject            string   `json:"subject"`
	Grade              string   `json:"grade"`
	Topic              string   `json:"topic"`
	Duration           int      `json:"duration"`
	Name               string   `json:"name,omitempty"`
	School             string   `json:"school,omitempty"`
	Objectives         string   `json:"objectives,omitempty"`
	Standards          string   `json:"standards,omitempty"`
	InstructionalModel string   `json:"instructionalModel,omitempty"`
	Differentiation    []string `json:"differentiation"`
	Notes              string   `json:"notes,omitempty"`
}

type lessonPlanAnswer struct {
	Reference string            `json:"reference"`
	Summary   lessonPlanSummary `json:"summary"`
	CreatedAt *time.Time        `json:"createdAt,omitempty"`
}

// createLessonPlan handles POST /api/lesson-plans:
//
//	{"email", "subject", "grade", "topic", "duration", "name"?, "school"?, "objectives"?,
//	 "standards"?, "instructionalModel"?, "differentiation"?: [], "notes"?, "website"?}
//
// duration is a number or a string of digits. It stores the request under an unguessable
// reference (TP-XXXX-XXXX-XXXX: 60 random bits in Crockford base32) and queues a
// confirmation email to the teacher with the reference and a summary. It answers 201
// {"reference": "TP-…", "summary": {…}}; a plain form post gets 303 to the success page
// followed by /TP-…, the page the email links to as well. With the honeypot filled the
// request is stored marked as spam, the answer is the same, and no email is queued.
func (s *Server) createLessonPlan(w http.ResponseWriter, r *http.Request) {
	sub, ok := decodeForm[lessonPlanForm](s, w, r, "lessonPlan")
	if !ok {
		return
	}
	ctx := r.Context()
	f := sub.Fields
	p := store.LessonPlan{
		Email: f.Email, Subject: f.Subject, Grade: f.Grade, Topic: f.Topic, Duration: f.Duration,
		Name: f.Name, School: f.School, Objectives: f.Objectives, Standards: f.Standards,
		InstructionalModel: f.InstructionalModel, Differentiation: f.Differentiation, Notes: f.Notes,
		Spam: sub.Spam, CreatedAt: s.api.now(),
	}
	if p.Differentiation == nil {
		p.Differentiation = []string{}
	}
	var err error
	// 60 random bits make a collision vanishingly rare; should one happen, the insert fails
	// on the primary key and a new reference is drawn.
	for range 3 {
		p.Reference = newReference()
		err = s.api.store.InTx(ctx, func(tx *store.Tx) error {
			if err := tx.AddLessonPlan(ctx, p); err != nil || p.Spam {
				return err
			}
			if err := s.emitLessonPlan(ctx, tx, p); err != nil { // webhook lesson_plan.created (admin_events.go)
				return err
			}
			// To an unverified address: only the answers chosen from the form's options.
			msg, err := mail.Outgoing(mail.KindLessonPlanReceipt, p.Email, p.Email, mail.LessonPlanReceipt{
				Reference:  p.Reference,
				SuccessURL: s.link(s.confirmationPath(p.Reference), "", ""),
				Summary:    s.summaryLines(p, strconv.Itoa, choiceKind),
			})
			if err != nil {
				return err
			}
			_, err = s.enqueueToVisitor(ctx, tx, msg, p.CreatedAt)
			return err
		})
		if err == nil || ctx.Err() != nil {
			break
		}
	}
	if err != nil {
		s.serverError(w, r, fmt.Errorf("lesson plan: %w", err))
		return
	}
	s.queued(!p.Spam)
	success(w, r, http.StatusCreated, lessonPlanAnswer{Reference: p.Reference, Summary: summarize(p)},
		s.confirmationPath(p.Reference))
}

// lessonPlan handles GET /api/lesson-plans/{reference}: 200 {"reference", "summary",
// "createdAt"} or 404. The reference is the capability (like a link to a shared document):
// whoever has it sees the summary, which is why the summary never includes the email.
func (s *Server) lessonPlan(w http.ResponseWriter, r *http.Request) {
	if s.api.store == nil {
		s.fail(w, r, http.StatusServiceUnavailable, "Forms are not available right now.")
		return
	}
	ref, ok := normalizeReference(r.PathValue("reference"))
	if !ok {
		writeJSON(w, http.StatusNotFound, apiError{"No lesson plan request has this reference."})
		return
	}
	p, err := s.api.store.LessonPlan(r.Context(), ref)
	if errors.Is(err, store.ErrNotFound) {
		writeJSON(w, http.StatusNotFound, apiError{"No lesson plan request has this reference."})
		return
	}
	if err != nil {
		s.serverError(w, r, fmt.Errorf("lesson plan %s: %w", ref, err))
		return
	}
	w.Header().Set("X-Robots-Tag", "noindex")
	writeJSON(w, http.StatusOK, lessonPlanAnswer{Reference: p.Reference, Summary: summarize(p), CreatedAt: &p.CreatedAt})
}

// confirmationPath is the confirmation page of a request, filled into the shell here. (The
// React success page shows the same after a submission with JavaScript.)
func (s *Server) confirmationPath(reference string) string {
	return s.paths.submissionSuccess + "/" + reference
}

// lessonPlanPage handles GET /submission-success/{reference}: the confirmation of a request
// as a page of its own, where a plain form post lands and the confirmation email links. It
// shows the reference, the summary (never the email address: the reference is the
// capability, as for GET /api/lesson-plans/{reference}) and what happens next. An unknown
// reference gets the site's 404 page.
func (s *Server) lessonPlanPage(w http.ResponseWriter, r *http.Request) {
	if s.api.store == nil || s.api.rules == nil {
		s.problemPage(w, r, http.StatusServiceUnavailable, problemPage{
			Title: "Service unavailable", Intro: "Lesson plan requests cannot be shown right now. Please try again later.",
			Back: "/", BackTxt: "Back home",
		})
		return
	}
	ref, ok := normalizeReference(r.PathValue("reference"))
	if !ok {
		s.site.NotFound(w, r)
		return
	}
	p, err := s.api.store.LessonPlan(r.Context(), ref)
	if errors.Is(err, store.ErrNotFound) {
		s.site.NotFound(w, r)
		return
	}
	if err != nil {
		s.serverError(w, r, fmt.Errorf("lesson plan page %s: %w", ref, err))
		return
	}
	minutes := func(n int) string { return strconv.Itoa(n) + " minutes" }
	s.writePage(w, r, http.StatusOK, confirmationTemplate, "Request received", confirmation{
		Reference: p.Reference, Summary: s.summaryLines(p, minutes, func(string) bool { return true }),
		Home: s.paths.home, LessonPlan: s.paths.lessonPlan, Blog: s.paths.blog,
	})
}

func summarize(p store.LessonPlan) lessonPlanSummary {
	return lessonPlanSummary{
		Subject: p.Subject, Grade: p.Grade, Topic: p.Topic, Duration: p.Duration, Name: p.Name, School: p.School,
		Objectives: p.Objectives, Standards: p.Standards, InstructionalModel: p.InstructionalModel,
		Differentiation: p.Differentiation, Notes: p.Notes,
	}
}

// summaryLines is the request as labelled lines for the confirmation email and page, in
// the form's order, options by their labels, the length as duration writes it, without the
// email address.
func (s *Server) summaryLines(p store.LessonPlan, duration func(int) string, keep func(kind string) bool) []mail.Line {
	values := map[string]string{
		"subject": p.Subject, "grade": p.Grade, "topic": p.Topic, "duration": duration(p.Duration),
		"name": p.Name, "school": p.School, "objectives": p.Objectives, "standards": p.Standards,
		"instructionalModel": p.InstructionalModel, "notes": p.Notes,
	}
	var lines []mail.Line
	for _, f := range s.api.rules.Forms["lessonPlan"].Fields {
		v := values[f.Name]
		switch f.Kind {
		case "select":
			if v != "" {
				v = f.optionLabel(v)
			}
		case "multiselect":
			labels := make([]string, 0, len(p.Differentiation))
			for _, d := range p.Differentiation {
				labels = append(labels, f.optionLabel(d))
			}
			v = strings.Join(labels, ", ")
		}
		if v != "" && f.Name != "email" && keep(f.Kind) {
			lines = append(lines, mail.Line{Label: f.Label, Value: v})
		}
	}
	return lines
}

// newReference returns TP-XXXX-XXXX-XXXX: 12 random Crockford base32 characters, 60 bits.
func newReference() string {
	c := randomBase32(12)
	return "TP-" + c[0:4] + "-" + c[4:8] + "-" + c[8:12]
}

// normalizeReference accepts a reference as a person might type it (any case, with or
// without dashes, O for 0, I or L for 1) and returns its canonical form.
func normalizeReference(s string) (string, bool) {
	s = strings.ToUpper(strings.ReplaceAll(strings.ReplaceAll(strings.TrimSpace(s), "-", ""), " ", ""))
	if !strings.HasPrefix(s, "TP") || len(s) != 14 {
		return "", false
	}
	b := []byte(s[2:])
	for i, c := range b {
		switch c {
		case 'O':
			c = '0'
		case 'I', 'L':
			c = '1'
		}
		if strings.IndexByte(crockford, c) < 0 {
			return "", false
		}
		b[i] = c
	}
	return "TP-" + string(b[0:4]) + "-" + string(b[4:8]) + "-" + string(b[8:12]), true
}
