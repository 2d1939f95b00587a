package server

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// dashboardDays is how many days the dashboard shows, today included.
const dashboardDays = 30

// adminDashboard handles GET /api/admin/dashboard: the last 30 days at a glance, spam left
// out. Plans and feedback count those of the 30 days; the newsletter counts today's states.
func (s *Server) adminDashboard(w http.ResponseWriter, r *http.Request, _ store.Admin) {
	now := s.consoleNow()
	d, err := s.con.Store.Dashboard(r.Context(), now, dashboardDays)
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	type day struct {
		Date       string `json:"date"`
		Newsletter int64  `json:"newsletter"`
		Contact    int64  `json:"contact"`
		LessonPlan int64  `json:"lessonPlan"`
	}
	days := make([]day, len(d.Days))
	for i, x := range d.Days {
		days[i] = day{x.Date, x.Newsletter, x.Contact, x.LessonPlan}
	}
	var builtin, ai int64
	for g, n := range d.ByGenerator {
		switch generatorClass(g) {
		case "builtin":
			builtin += n
		case "ai":
			ai += n
		}
	}
	oldest := int64(0)
	if d.OldestWaiting != nil {
		oldest = max(int64(now.Sub(*d.OldestWaiting).Seconds()), 0)
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"from": days[0].Date, "to": days[len(days)-1].Date, "days": days,
		"newsletter": map[string]int64{
			"pending": d.Newsletter[store.Pending], "confirmed": d.Newsletter[store.Confirmed], "unsubscribed": d.Newsletter[store.Unsubscribed],
		},
		"plans": map[string]int64{"useful": d.Useful, "notUseful": d.NotUseful, "builtin": builtin, "ai": ai},
		"mail":  map[string]int64{"waiting": d.MailWaiting, "failed": d.MailFailed, "oldestWaitingSeconds": oldest},
	})
}

// readDataRequest reads {"email"} of a data request, or answers 422 and returns "".
func readDataRequest(w http.ResponseWriter, r *http.Request) string {
	var in struct {
		Email string `json:"email"`
	}
	if !readAdminJSON(w, r, &in) {
		return ""
	}
	email := strings.TrimSpace(in.Email)
	if email == "" || !strings.Contains(email, "@") || len(email) > 320 {
		writeJSON(w, http.StatusUnprocessableEntity, struct {
			Error  string            `json:"error"`
			Fields map[string]string `json:"fields"`
		}{"Enter the email address the request is about.", map[string]string{"email": "Enter an email address, such as name@example.com."}})
		return ""
	}
	return email
}

// adminDataRequest handles POST /api/admin/data-request: everything stored about an
// address, as `site export` prints it. The address stays in the body, out of URLs and logs.
func (s *Server) adminDataRequest(w http.ResponseWriter, r *http.Request, a store.Admin) {
	s.dataExport(w, r, a, "data_request.show", false)
}

// adminDataRequestExport handles POST /api/admin/data-request/export: the same, as a file.
func (s *Server) adminDataRequestExport(w http.ResponseWriter, r *http.Request, a store.Admin) {
	s.dataExport(w, r, a, "data_request.export", true)
}

func (s *Server) dataExport(w http.ResponseWriter, r *http.Request, a store.Admin, action string, download bool) {
	email := readDataRequest(w, r)
	if email == "" {
		return
	}
	e, err := s.con.Store.ExportByEmail(r.Context(), email)
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	if !s.audited(w, r, a, action, subjectEmail(email), nil) {
		return
	}
	if download {
		w.Header().Set("Content-Disposition", `attachment; filename="data-request.json"`)
	}
	writeJSON(w, http.StatusOK, e)
}

// adminDataRequestDelete handles POST /api/admin/data-request/delete: everything about an
// address goes, in every table and queued payload (store.DeleteByEmail).
func (s *Server) adminDataRequestDelete(w http.ResponseWriter, r *http.Request, a store.Admin) {
	email := readDataRequest(w, r)
	if email == "" {
		return
	}
	d, err := s.con.Store.DeleteByEmail(r.Context(), email)
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	if !s.audited(w, r, a, "data_request.delete", subjectEmail(email), d) {
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Deleted store.Deleted `json:"deleted"`
	}{d})
}

// adminAudit handles GET /api/admin/audit?cursor=&limit=: newest first; the cursor is the
// last entry's id.
func (s *Server) adminAudit(w http.ResponseWriter, r *http.Request, _ store.Admin) {
	v := r.URL.Query()
	before, limit := int64(0), 50
	if c := v.Get("cursor"); c != "" {
		n, err := strconv.ParseInt(c, 10, 64)
		if err != nil || n < 1 {
			writeJSON(w, http.StatusBadRequest, apiError{Error: "This page link is not valid any more. Go back to the first page."})
			return
		}
		before = n
	}
	if l := v.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 {
			writeJSON(w, http.StatusBadRequest, apiError{Error: "limit must be a number from 1 to 500."})
			return
		}
		limit = min(n, 500)
	}
	entries, err := s.con.Store.AuditLog(r.Context(), before, limit+1)
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	next := ""
	if len(entries) > limit {
		entries = entries[:limit]
		next = strconv.FormatInt(entries[limit-1].ID, 10)
	}
	type item struct {
		ID      int64     `json:"id"`
		At      time.Time `json:"at"`
		Actor   string    `json:"actor"`
		Action  string    `json:"action"`
		Subject string    `json:"subject"`
		Details any       `json:"details"`
	}
	items := make([]item, len(entries))
	for i, e := range entries {
		items[i] = item{e.ID, e.At, e.Actor, e.Action, e.Subject, nullJSON(e.Details)}
	}
	writeJSON(w, http.StatusOK, newListPage(items, next))
}
