package server

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/teachpilot/site/internal/csvexport"
	"github.com/teachpilot/site/internal/store"
)

// The console's three lists (lesson-plan requests, contact messages, subscribers): a page of
// JSON, the same filter as a streamed CSV, a record's detail, and deleting one record.

// listQuery reads the query parameters a list and its CSV share; withPage adds the cursor
// and the page size. statuses are the status filter's values for this list (nil: none). On
// a bad value it answers 400 and returns false.
func listQuery(w http.ResponseWriter, r *http.Request, withPage bool, statuses ...string) (store.ListQuery, bool) {
	v := r.URL.Query()
	q := store.ListQuery{Search: strings.TrimSpace(v.Get("q")), Spam: v.Get("spam") == "1", Status: v.Get("status"), Reason: v.Get("reason")}
	bad := func(msg string) (store.ListQuery, bool) {
		writeJSON(w, http.StatusBadRequest, apiError{Error: msg})
		return q, false
	}
	if len(q.Search) > 200 {
		return bad("The search is too long: use at most 200 characters.")
	}
	if q.Status != "" && !contains(statuses, q.Status) {
		return bad("Unknown status filter: use one of " + strings.Join(statuses, ", ") + ".")
	}
	if !withPage {
		return q, true
	}
	var err error
	if q.After, err = store.ParseCursor(v.Get("cursor")); err != nil {
		return bad("This page link is not valid any more. Go back to the first page.")
	}
	if l := v.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 {
			return bad("limit must be a number from 1 to 500.")
		}
		q.Limit = min(n, 500)
	}
	return q, true
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// listPage is the body of a list: its items and the cursor of the next page (null on the last).
type listPage[T any] struct {
	Items []T     `json:"items"`
	Next  *string `json:"next"`
}

func newListPage[T any](items []T, next string) listPage[T] {
	p := listPage[T]{Items: items}
	if p.Items == nil {
		p.Items = []T{}
	}
	if next != "" {
		p.Next = &next
	}
	return p
}

// listPageOf reads one page of a console list: the query from the URL (see listQuery, the
// status filter limited to statuses), then list. On false the answer is written already.
func listPageOf[T any](s *Server, w http.ResponseWriter, r *http.Request,
	list func(context.Context, store.ListQuery) (store.Page[T], error), statuses ...string) (store.Page[T], bool) {
	q, ok := listQuery(w, r, true, statuses...)
	if !ok {
		return store.Page[T]{}, false
	}
	page, err := list(r.Context(), q)
	if err != nil {
		s.adminError(w, r, err)
		return page, false
	}
	return page, true
}

// mapItems is rows, each made into what the console is sent by item.
func mapItems[Row, Item any](rows []Row, item func(Row) Item) []Item {
	items := make([]Item, len(rows))
	for i, x := range rows {
		items[i] = item(x)
	}
	return items
}

// generatorClass is how the console names who made a plan: "builtin" (also when the
// built-in planner stood in for a failed AI draft), "ai", or "" while none is stored.
func generatorClass(g string) string {
	switch {
	case g == "":
		return ""
	case strings.HasPrefix(g, "builtin"), strings.HasPrefix(g, "built-in"):
		return "builtin"
	}
	return "ai"
}

// lessonPlanHead is what the console's list and its detail view both show of a
// lesson-plan request.
type lessonPlanHead struct {
	Reference string    `json:"reference"`
	CreatedAt time.Time `json:"createdAt"`
	Email     string    `json:"email"`
	Name      string    `json:"name"`
	School    string    `json:"school"`
	Subject   string    `json:"subject"`
	Grade     string    `json:"grade"`
	Topic     string    `json:"topic"`
	Duration  int       `json:"duration"`
}

func newLessonPlanHead(p store.LessonPlan) lessonPlanHead {
	return lessonPlanHead{p.Reference, p.CreatedAt, p.Email, p.Name, p.School, p.Subject, p.Grade, p.Topic, p.Duration}
}

type lessonPlanItem struct {
	lessonPlanHead
	Generator string `json:"generator"`
	Useful    int    `json:"useful"`
	NotUseful int    `json:"notUseful"`
}

// adminLessonPlans handles GET /api/admin/lesson-plans.
func (s *Server) adminLessonPlans(w http.ResponseWriter, r *http.Request, _ store.Admin) {
	page, ok := listPageOf(s, w, r, s.con.Store.ListLessonPlans)
	if !ok {
		return
	}
	refs := make([]string, len(page.Items))
	for i, p := range page.Items {
		refs[i] = p.Reference
	}
	sums, err := s.con.Store.PlanSummaries(r.Context(), refs)
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newListPage(mapItems(page.Items, func(p store.LessonPlan) lessonPlanItem {
		sum := sums[p.Reference]
		return lessonPlanItem{newLessonPlanHead(p), generatorClass(sum.Generator), sum.Useful, sum.NotUseful}
	}), page.Next))
}

// adminLessonPlan handles GET /api/admin/lesson-plans/{reference}: the request, its plan
// as stored (JSON of internal/plan's Plan, or null) and the feedback given about it.
func (s *Server) adminLessonPlan(w http.ResponseWriter, r *http.Request, _ store.Admin) {
	ctx := r.Context()
	ref := r.PathValue("reference")
	p, err := s.con.Store.LessonPlan(ctx, ref)
	if errors.Is(err, store.ErrNotFound) {
		writeJSON(w, http.StatusNotFound, apiError{Error: "There is no lesson-plan request with this reference. It may have been deleted."})
		return
	}
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	var planJSON json.RawMessage
	generator := ""
	switch stored, err := s.con.Store.Plan(ctx, ref); {
	case err == nil && json.Valid(stored.JSON):
		planJSON, generator = stored.JSON, generatorClass(stored.Generator)
	case err != nil && !errors.Is(err, store.ErrNotFound):
		s.adminError(w, r, err)
		return
	}
	fb, err := s.con.Store.FeedbackFor(ctx, ref)
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	type feedback struct {
		Useful    bool      `json:"useful"`
		Comment   string    `json:"comment"`
		CreatedAt time.Time `json:"createdAt"`
	}
	feedbacks := make([]feedback, len(fb))
	for i, f := range fb {
		feedbacks[i] = feedback{f.Useful, f.Comment, f.CreatedAt}
	}
	diff := p.Differentiation
	if diff == nil {
		diff = []string{}
	}
	writeJSON(w, http.StatusOK, struct {
		Request   any             `json:"request"`
		PlanURL   string          `json:"planUrl"`
		Plan      json.RawMessage `json:"plan"`
		Generator string          `json:"generator"`
		Feedback  []feedback      `json:"feedback"`
	}{
		Request: struct {
			lessonPlanHead
			Objectives         string   `json:"objectives"`
			Standards          string   `json:"standards"`
			InstructionalModel string   `json:"instructionalModel"`
			Differentiation    []string `json:"differentiation"`
			Notes              string   `json:"notes"`
			Spam               bool     `json:"spam"`
		}{newLessonPlanHead(p), p.Objectives, p.Standards, p.InstructionalModel, diff, p.Notes, p.Spam},
		PlanURL: s.confirmationPath(p.Reference), Plan: nullJSON(planJSON), Generator: generator, Feedback: feedbacks,
	})
}

// nullJSON is raw, or JSON null when there is none.
func nullJSON(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return json.RawMessage("null")
	}
	return raw
}

// adminDeleteLessonPlan handles DELETE /api/admin/lesson-plans/{reference}.
func (s *Server) adminDeleteLessonPlan(w http.ResponseWriter, r *http.Request, a store.Admin) {
	ref := r.PathValue("reference")
	s.deleteRecord(w, r, a, "delete.lesson_plan", "lesson plan "+ref, func(ctx context.Context) error {
		return s.con.Store.DeleteLessonPlan(ctx, ref)
	})
}

type contactItem struct {
	ID           string     `json:"id"`
	CreatedAt    time.Time  `json:"createdAt"`
	Name         string     `json:"name"`
	Email        string     `json:"email"`
	Reason       string     `json:"reason"`
	Organisation string     `json:"organisation"`
	Message      string     `json:"message"`
	HandledAt    *time.Time `json:"handledAt"`
}

// adminContacts handles GET /api/admin/contacts.
func (s *Server) adminContacts(w http.ResponseWriter, r *http.Request, _ store.Admin) {
	page, ok := listPageOf(s, w, r, s.con.Store.ListContacts, store.ContactNew, store.ContactHandled)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, newListPage(mapItems(page.Items, func(c store.ContactRow) contactItem {
		return contactItem{c.ID, c.CreatedAt, c.Name, c.Email, c.Reason, c.Organisation, c.Message, c.HandledAt}
	}), page.Next))
}

// adminContactHandled handles POST /api/admin/contacts/{id}/handled: {"handled": bool}.
func (s *Server) adminContactHandled(w http.ResponseWriter, r *http.Request, a store.Admin) {
	var in struct {
		Handled *bool `json:"handled"`
	}
	if !readAdminJSON(w, r, &in) {
		return
	}
	if in.Handled == nil {
		writeJSON(w, http.StatusBadRequest, apiError{Error: `Say whether the message is handled: {"handled": true} or false.`})
		return
	}
	var at *time.Time
	if *in.Handled {
		now := s.consoleNow()
		at = &now
	}
	err := s.con.Store.SetContactHandled(r.Context(), r.PathValue("id"), at)
	if errors.Is(err, store.ErrNotFound) {
		writeJSON(w, http.StatusNotFound, apiError{Error: "There is no such contact message. It may have been deleted."})
		return
	}
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// adminDeleteContact handles DELETE /api/admin/contacts/{id}.
func (s *Server) adminDeleteContact(w http.ResponseWriter, r *http.Request, a store.Admin) {
	id := r.PathValue("id")
	s.deleteRecord(w, r, a, "delete.contact", "contact "+id, func(ctx context.Context) error {
		return s.con.Store.DeleteContact(ctx, id)
	})
}

type subscriberItem struct {
	ID             int64      `json:"id"`
	Email          string     `json:"email"`
	Status         string     `json:"status"`
	CreatedAt      time.Time  `json:"createdAt"`
	ConfirmedAt    *time.Time `json:"confirmedAt"`
	UnsubscribedAt *time.Time `json:"unsubscribedAt"`
}

// adminSubscribers handles GET /api/admin/subscribers.
func (s *Server) adminSubscribers(w http.ResponseWriter, r *http.Request, _ store.Admin) {
	page, ok := listPageOf(s, w, r, s.con.Store.ListSubscribers, store.Pending, store.Confirmed, store.Unsubscribed)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, newListPage(mapItems(page.Items, func(x store.Subscriber) subscriberItem {
		return subscriberItem{x.ID, x.Email, x.Status, x.CreatedAt, x.ConfirmedAt, x.UnsubscribedAt}
	}), page.Next))
}

// adminDeleteSubscriber handles DELETE /api/admin/subscribers/{id}.
func (s *Server) adminDeleteSubscriber(w http.ResponseWriter, r *http.Request, a store.Admin) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		writeJSON(w, http.StatusNotFound, apiError{Error: "There is no such subscriber. They may have been deleted."})
		return
	}
	s.deleteRecord(w, r, a, "delete.subscriber", "subscriber "+strconv.FormatInt(id, 10), func(ctx context.Context) error {
		return s.con.Store.DeleteSubscriber(ctx, id)
	})
}

// deleteRecord deletes one record with del and writes it to the audit log: 204, or 404
// when there was no such record.
func (s *Server) deleteRecord(w http.ResponseWriter, r *http.Request, a store.Admin, action, subject string, del func(context.Context) error) {
	err := del(r.Context())
	if errors.Is(err, store.ErrNotFound) {
		writeJSON(w, http.StatusNotFound, apiError{Error: "There is no such record. It may have been deleted already."})
		return
	}
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	if s.audited(w, r, a, action, subject, nil) {
		w.WriteHeader(http.StatusNoContent)
	}
}

// The CSV exports: the list as filtered, every row, streamed.

func (s *Server) adminLessonPlansCSV(w http.ResponseWriter, r *http.Request, a store.Admin) {
	s.exportCSV(w, r, a, "lesson-plans", nil, csvexport.LessonPlans)
}

func (s *Server) adminContactsCSV(w http.ResponseWriter, r *http.Request, a store.Admin) {
	s.exportCSV(w, r, a, "contacts", []string{store.ContactNew, store.ContactHandled}, csvexport.Contacts)
}

func (s *Server) adminSubscribersCSV(w http.ResponseWriter, r *http.Request, a store.Admin) {
	s.exportCSV(w, r, a, "subscribers", []string{store.Pending, store.Confirmed, store.Unsubscribed}, csvexport.Subscribers)
}

// exportCSV writes the audit entry, then streams the list as CSV. The filter is logged,
// not the search term (it may be an address). A failure once rows went out cuts the
// connection, so a broken file never looks complete.
func (s *Server) exportCSV(w http.ResponseWriter, r *http.Request, a store.Admin, list string, statuses []string,
	write func(context.Context, io.Writer, *store.Store, store.ListQuery) error) {
	q, ok := listQuery(w, r, false, statuses...)
	if !ok {
		return
	}
	if !s.audited(w, r, a, "export.csv", list, map[string]any{
		"spam": q.Spam, "status": q.Status, "reason": q.Reason, "search": q.Search != "",
	}) {
		return
	}
	ctx := r.Context()
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="`+list+"-"+s.consoleNow().Format(time.DateOnly)+`.csv"`)
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	if err := write(ctx, w, s.con.Store, q); err != nil {
		if ctx.Err() == nil {
			s.log.ErrorContext(ctx, "console CSV export cut short", "list", list, "err", err)
		}
		panic(http.ErrAbortHandler)
	}
}
