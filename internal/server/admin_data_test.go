package server

import (
	"database/sql"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/teachpilot/site/internal/admin"
	"github.com/teachpilot/site/internal/store"
)

// TestConsoleListsDetailsAndDashboard: a submission made a moment ago is on the dashboard
// and in its list, found by search, shown in detail, and each list pages with its cursor.
func TestConsoleListsDetailsAndDashboard(t *testing.T) {
	ch := newConsoleHarness(t, admin.Config{}, nil)
	tok := ch.signIn()
	ch.post("/api/contact", map[string]any{"name": "Ada Lovelace", "email": "ada@example.org", "reason": "general", "message": "Hello there, a question."})
	ch.post("/api/contact", map[string]any{"name": "Bob Spam", "email": "bob@example.org", "reason": "general", "message": "Buy things now please", "website": "http://spam"})
	ch.post("/api/newsletter", map[string]any{"email": "ada@example.org"})
	ch.post("/api/lesson-plans", map[string]any{"email": "grace@school.org", "subject": "science", "grade": "10", "topic": "Photosynthesis", "duration": 50})
	get := func(path string) map[string]any {
		t.Helper()
		w := ch.do(call{method: "GET", path: path, token: tok})
		if w.Code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, w.Code, w.Body)
		}
		return jsonBody(t, w)
	}

	d := get("/api/admin/dashboard")
	days := d["days"].([]any)
	today := days[len(days)-1].(map[string]any)
	if len(days) != 30 || d["to"] != "2026-11-23" || d["from"] != "2026-10-25" || today["date"] != "2026-11-23" ||
		today["contact"] != 1.0 || today["newsletter"] != 1.0 || today["lessonPlan"] != 1.0 {
		t.Errorf("dashboard days: %d, from %v to %v, today %v (spam left out)", len(days), d["from"], d["to"], today)
	}
	if nl := d["newsletter"].(map[string]any); nl["pending"] != 1.0 || nl["confirmed"] != 0.0 {
		t.Errorf("newsletter %v", nl)
	}
	if m := d["mail"].(map[string]any); m["waiting"].(float64) < 3 || m["failed"] != 0.0 {
		t.Errorf("mail %v", m)
	}

	contacts := get("/api/admin/contacts?q=LOVELACE")["items"].([]any)
	if len(contacts) != 1 || contacts[0].(map[string]any)["email"] != "ada@example.org" || contacts[0].(map[string]any)["handledAt"] != nil {
		t.Fatalf("search: %v", contacts)
	}
	if spam := get("/api/admin/contacts?spam=1")["items"].([]any); len(spam) != 1 || spam[0].(map[string]any)["name"] != "Bob Spam" {
		t.Errorf("spam tab: %v", spam)
	}
	id := contacts[0].(map[string]any)["id"].(string)
	if w := ch.do(call{method: "POST", path: "/api/admin/contacts/" + id + "/handled", token: tok, body: `{"handled":true}`}); w.Code != http.StatusNoContent {
		t.Fatalf("handled: %d %s", w.Code, w.Body)
	}
	if got := get("/api/admin/contacts?status=handled")["items"].([]any); len(got) != 1 {
		t.Errorf("handled filter: %v", got)
	}
	if got := get("/api/admin/contacts?status=new")["items"].([]any); len(got) != 0 {
		t.Errorf("new filter: %v", got)
	}

	plans := get("/api/admin/lesson-plans")["items"].([]any)
	if len(plans) != 1 {
		t.Fatalf("lesson plans: %v", plans)
	}
	ref := plans[0].(map[string]any)["reference"].(string)
	detail := get("/api/admin/lesson-plans/" + ref)
	if req := detail["request"].(map[string]any); req["topic"] != "Photosynthesis" || detail["planUrl"] != "/submission-success/"+ref ||
		detail["feedback"] == nil || len(detail["feedback"].([]any)) != 0 || detail["plan"] != nil {
		t.Errorf("detail %v", detail)
	}
	// With a plan stored and feedback given, the detail shows both, and the list row counts.
	if err := ch.st.InTx(t.Context(), func(tx *store.Tx) error {
		return tx.SetPlan(t.Context(), store.StoredPlan{Reference: ref, JSON: []byte(`{"title":"Photosynthesis in 50 minutes"}`),
			Generator: "builtin", AIState: store.AINone, UpdatedAt: ch.clock()})
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := ch.st.AddFeedback(t.Context(), store.Feedback{Reference: ref, Useful: false, Comment: "Too long", CreatedAt: ch.clock()}); err != nil {
		t.Fatal(err)
	}
	detail = get("/api/admin/lesson-plans/" + ref)
	fb := detail["feedback"].([]any)
	if plan, _ := detail["plan"].(map[string]any); plan["title"] != "Photosynthesis in 50 minutes" || detail["generator"] != "builtin" ||
		len(fb) != 1 || fb[0].(map[string]any)["comment"] != "Too long" || fb[0].(map[string]any)["useful"] != false {
		t.Errorf("detail with a plan: %v", detail)
	}
	if row := get("/api/admin/lesson-plans")["items"].([]any)[0].(map[string]any); row["generator"] != "builtin" || row["notUseful"] != 1.0 || row["useful"] != 0.0 {
		t.Errorf("list row %v", row)
	}
	if w := ch.do(call{method: "GET", path: "/api/admin/lesson-plans/TP-NOPE", token: tok}); w.Code != http.StatusNotFound {
		t.Errorf("unknown reference: %d", w.Code)
	}

	for i := range 3 {
		ch.post("/api/newsletter", map[string]any{"email": fmt.Sprintf("reader%d@example.org", i)})
	}
	first := get("/api/admin/subscribers?limit=3")
	next, _ := first["next"].(string)
	if len(first["items"].([]any)) != 3 || next == "" {
		t.Fatalf("first page %v", first)
	}
	second := get("/api/admin/subscribers?limit=3&cursor=" + next)
	if len(second["items"].([]any)) != 1 || second["next"] != nil {
		t.Errorf("second page %v", second)
	}
	if w := ch.do(call{method: "GET", path: "/api/admin/subscribers?cursor=garbage", token: tok}); w.Code != http.StatusBadRequest {
		t.Errorf("bad cursor: %d", w.Code)
	}

	// Deleting one record is audited.
	subID := fmt.Sprint(second["items"].([]any)[0].(map[string]any)["id"])
	if w := ch.do(call{method: "DELETE", path: "/api/admin/subscribers/" + subID, token: tok}); w.Code != http.StatusNoContent {
		t.Fatalf("delete subscriber: %d %s", w.Code, w.Body)
	}
	if w := ch.do(call{method: "DELETE", path: "/api/admin/subscribers/" + subID, token: tok}); w.Code != http.StatusNotFound {
		t.Errorf("delete twice: %d", w.Code)
	}
	audit := get("/api/admin/audit?limit=1")
	if items := audit["items"].([]any); len(items) != 1 || items[0].(map[string]any)["action"] != "delete.subscriber" || audit["next"] == nil {
		t.Errorf("audit %v", audit)
	}
}

// TestCSVExportNeutralisesFormulas: cells a visitor starts with =, +, - or @ come out
// quoted as text, the export is a download named for the list and the day, and it is
// audited without the search term.
func TestCSVExportNeutralisesFormulas(t *testing.T) {
	ch := newConsoleHarness(t, admin.Config{}, nil)
	tok := ch.signIn()
	hostile := []string{`=HYPERLINK("https://evil.example","x")`, "+1+cmd|' /C calc'!A0", "-2+3 is a formula too", "@SUM(1,2) and more"}
	for i, h := range hostile {
		ch.post("/api/contact", map[string]any{"name": fmt.Sprintf("Visitor %d", i), "email": fmt.Sprintf("v%d@example.org", i), "reason": "general", "message": h})
	}
	w := ch.do(call{method: "GET", path: "/api/admin/contacts.csv?q=example.org", token: tok})
	if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "text/csv; charset=utf-8" ||
		w.Header().Get("Content-Disposition") != `attachment; filename="contacts-2026-11-23.csv"` || w.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("%d %v", w.Code, w.Header())
	}
	rows, err := csv.NewReader(strings.NewReader(w.Body.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(hostile)+1 {
		t.Fatalf("%d rows: %q", len(rows), rows)
	}
	msgCol := 5 // id, name, email, reason, organisation, message
	got := map[string]bool{}
	for _, r := range rows[1:] {
		got[r[msgCol]] = true
		if c := r[msgCol][0]; strings.ContainsRune("=+-@", rune(c)) {
			t.Errorf("cell %q starts with %q: a spreadsheet would run it", r[msgCol], c)
		}
	}
	for _, h := range hostile {
		if !got["'"+h] {
			t.Errorf("%q not exported as the text '%s: %v", h, h, got)
		}
	}
	if !strings.Contains(w.Body.String(), "\r\n") {
		t.Error("not CRLF (RFC 4180)")
	}
	log, err := ch.st.AuditLog(t.Context(), 0, 5)
	if err != nil || len(log) == 0 || log[0].Action != "export.csv" || log[0].Subject != "contacts" || strings.Contains(string(log[0].Details), "example.org") {
		t.Errorf("audit %+v, %v", log, err)
	}
}

// TestDataRequestLeavesNothing: an address that signed up, wrote, asked for a plan, got
// mail and webhook deliveries queued about it, and was tried as a console account name, is
// shown, exported, then deleted; afterwards no text column of any table of the database
// holds it, the audit log included, and a bystander is untouched.
func TestDataRequestLeavesNothing(t *testing.T) {
	ch := newConsoleHarness(t, admin.Config{}, map[string]string{"WEBHOOK_ALLOW_PRIVATE": "true"})
	tok := ch.signIn()
	const who, bystander = "Elodie.Del@Example.org", "ada@example.org"
	if w := ch.do(call{method: "POST", path: "/api/admin/webhooks", token: tok,
		body: `{"url":"https://127.0.0.1:9/hook","events":["contact.received","lesson_plan.created","newsletter.confirmed"]}`}); w.Code != http.StatusCreated {
		t.Fatalf("add webhook: %d %s", w.Code, w.Body)
	}
	for _, addr := range []string{who, bystander} {
		ch.post("/api/newsletter", map[string]any{"email": addr})
		ch.post("/api/contact", map[string]any{"name": "Someone", "email": addr, "reason": "general", "message": "A message from " + addr})
		ch.post("/api/lesson-plans", map[string]any{"email": addr, "subject": "science", "grade": "10", "topic": "Cells", "duration": 50})
	}
	// Someone tried the address as a console account.
	ch.do(call{method: "POST", path: "/api/admin/session", body: signInBody(strings.ToLower(who), "a guess at a password", "")})

	key := store.EmailKey(who)
	if n := mentions(t, ch.dbPath, key); n["outbox"] < 4 || n["sign_in_throttle"] != 1 {
		t.Fatalf("before: rows mentioning the address %v (want mail and webhook rows, a throttle row)", n)
	}
	msgs, err := ch.st.Messages(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	hooks := 0
	for _, m := range msgs {
		if m.Kind == store.OutboxWebhook && store.EmailKey(m.About) == key && strings.Contains(string(m.Payload), "Elodie.Del") {
			hooks++
		}
	}
	if hooks != 2 {
		t.Fatalf("%d webhook deliveries queued about the address, want 2 (contact, lesson plan)", hooks)
	}
	w := ch.do(call{method: "POST", path: "/api/admin/data-request", token: tok, body: `{"email":"` + who + `"}`})
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "A message from "+who) {
		t.Fatalf("show: %d %s", w.Code, w.Body)
	}
	w = ch.do(call{method: "POST", path: "/api/admin/data-request/export", token: tok, body: `{"email":"` + who + `"}`})
	if w.Code != http.StatusOK || w.Header().Get("Content-Disposition") != `attachment; filename="data-request.json"` {
		t.Fatalf("export: %d %v", w.Code, w.Header())
	}
	w = ch.do(call{method: "POST", path: "/api/admin/data-request/delete", token: tok, body: `{"email":"ELODIE.DEL@example.org"}`})
	if w.Code != http.StatusOK {
		t.Fatalf("delete: %d %s", w.Code, w.Body)
	}
	del := jsonBody(t, w)["deleted"].(map[string]any)
	if del["subscribers"] != 1.0 || del["contacts"] != 1.0 || del["lessonPlans"] != 1.0 || del["outbox"].(float64) < 4 || del["signInThrottle"] != 1.0 {
		t.Errorf("deleted %v", del)
	}
	if left := mentions(t, ch.dbPath, key); len(left) > 0 {
		t.Errorf("after the deletion, rows still hold the address: %v", left)
	}
	if n := mentions(t, ch.dbPath, bystander); n["subscribers"] != 1 || n["contacts"] != 1 || n["lesson_plans"] != 1 {
		t.Errorf("the bystander's rows: %v", n)
	}
	log, _ := ch.st.AuditLog(t.Context(), 0, 10)
	var actions []string
	for _, e := range log {
		actions = append(actions, e.Action)
	}
	if got := strings.Join(actions[:3], " "); got != "data_request.delete data_request.export data_request.show" {
		t.Errorf("audit actions %v", actions)
	}
	if log[0].Subject != subjectEmail(who) || !strings.HasPrefix(log[0].Subject, "email sha256:") {
		t.Errorf("audit subject %q", log[0].Subject)
	}
}

// mentions opens the SQLite file beside the store and counts, per table of its schema, the
// rows with a text or blob value holding key (lower-cased).
func mentions(t *testing.T, path, key string) map[string]int {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var tables []string
	eachRow(t, db, `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`, func(vals []any) {
		tables = append(tables, fmt.Sprint(vals[0]))
	})
	if len(tables) < 10 {
		t.Fatalf("tables %v: the schema was not read", tables)
	}
	found := map[string]int{}
	for _, table := range tables {
		eachRow(t, db, `SELECT * FROM `+table, func(vals []any) {
			for _, v := range vals {
				text := fmt.Sprint(v)
				if b, ok := v.([]byte); ok {
					text = string(b)
				}
				if strings.Contains(store.EmailKey(text), key) {
					found[table]++
					return
				}
			}
		})
	}
	return found
}

// eachRow calls fn with the values of each row query returns.
func eachRow(t *testing.T, db *sql.DB, query string, fn func([]any)) {
	t.Helper()
	rows, err := db.QueryContext(t.Context(), query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		fn(vals)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}
