package server

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/teachpilot/site/internal/mail"
	"github.com/teachpilot/site/internal/plan"
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
	// PlanURL is the plan's page (the path of /submission-success/{reference}).
	PlanURL string `json:"planUrl"`
}

// createLessonPlan handles POST /api/lesson-plans:
//
//	{"email", "subject", "grade", "topic", "duration", "name"?, "school"?, "objectives"?,
//	 "standards"?, "instructionalModel"?, "differentiation"?: [], "notes"?, "website"?}
//
// duration is a number or a string of digits. It stores the request under an unguessable
// reference (TP-XXXX-XXXX-XXXX: 60 random bits in Crockford base32), its built-in plan
// (with an AI draft pending when an AI planner is configured: the plan page makes it) and a
// confirmation email to the teacher linking to the plan, all in one transaction. It
// answers 201 {"reference": "TP-…", "summary": {…}, "planUrl": "/submission-success/TP-…"};
// a plain form post gets 303 to that page, the one the email links to as well. Each client
// may make plansPerMinute plans a minute (429 beyond). With the honeypot filled the request
// is stored marked as spam, without a plan, the answer is the same, and no email is queued.
func (s *Server) createLessonPlan(w http.ResponseWriter, r *http.Request) {
	sub, ok := decodeForm[lessonPlanForm](s, w, r, "lessonPlan")
	if !ok {
		return
	}
	if !s.allowPlan(w, r) {
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
	// The plan and the email are made before the transaction: SQLite has one writer, and
	// every moment a transaction is open is a moment the other submissions wait.
	var stored store.StoredPlan
	var err error
	if !p.Spam {
		if stored, err = s.builtinPlan(p, p.CreatedAt); err != nil {
			s.serverError(w, r, fmt.Errorf("lesson plan: %w", err))
			return
		}
	}
	// 60 random bits make a collision vanishingly rare; should one happen, the insert fails
	// on the primary key and a new reference is drawn.
	for range 3 {
		p.Reference = newReference()
		var msg store.NewMessage
		if !p.Spam {
			// To an unverified address: only the site's words and the answers chosen from the
			// form's options, never text the visitor typed.
			msg, err = mail.Outgoing(mail.KindLessonPlanReceipt, p.Email, p.Email, mail.LessonPlanReceipt{
				Reference:  p.Reference,
				SuccessURL: s.link(s.confirmationPath(p.Reference), "", ""),
				Summary:    s.summaryLines(p, strconv.Itoa, choiceKind),
			})
			if err != nil {
				break
			}
		}
		err = s.api.store.InTx(ctx, func(tx *store.Tx) error {
			if p.Spam {
				return tx.AddLessonPlan(ctx, p)
			}
			if err := tx.AddLessonPlanWithPlan(ctx, p, stored); err != nil {
				return err
			}
			if err := s.emitLessonPlan(ctx, tx, p); err != nil { // webhook lesson_plan.created (admin_events.go)
				return err
			}
			_, err := s.enqueueToVisitor(ctx, tx, msg, p.CreatedAt)
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
	if !p.Spam && s.plans.AI == nil { // an AI draft is counted when it is stored (planstream.go)
		s.CountPlan(plan.GeneratorBuiltin)
	}
	success(w, r, http.StatusCreated, lessonPlanAnswer{Reference: p.Reference, Summary: summarize(p), PlanURL: s.confirmationPath(p.Reference)},
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
	writeJSON(w, http.StatusOK, lessonPlanAnswer{Reference: p.Reference, Summary: summarize(p), CreatedAt: &p.CreatedAt, PlanURL: s.confirmationPath(p.Reference)})
}

// confirmationPath is the plan page of a request (planpage.go), where the form leads after
// a submission and the email links.
func (s *Server) confirmationPath(reference string) string {
	return s.paths.submissionSuccess + "/" + reference
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

// successByRef handles GET /submission-success: with ?ref=TP-… (any spelling
// normalizeReference reads) it is 308 to that request's plan page; anything else is the
// pre-rendered success page.
func (s *Server) successByRef(w http.ResponseWriter, r *http.Request) {
	if ref, ok := normalizeReference(r.URL.Query().Get("ref")); ok {
		w.Header().Set("Cache-Control", "no-store")
		http.Redirect(w, r, s.confirmationPath(ref), http.StatusPermanentRedirect)
		return
	}
	s.site.ServeHTTP(w, r)
}
