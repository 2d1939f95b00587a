package server

import (
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/mail"
	"github.com/teachpilot/site/internal/mail/mailtest"
	"github.com/teachpilot/site/internal/store"
)

// formBody fills every field of a form of forms.json: a marker in every free-text field
// (text, textarea), the first option of every choice, the address given.
func formBody(t *testing.T, hs *harness, form, email string, markers map[string]bool) string {
	t.Helper()
	body := map[string]any{}
	for _, f := range hs.srv.api.rules.Forms[form].Fields {
		switch f.Kind {
		case "email":
			body[f.Name] = email
		case "text", "textarea":
			m := fmt.Sprintf("Zq%sMark%s", form, f.Name)
			markers[m] = true
			body[f.Name] = m + " typed by a stranger"
		case "select":
			body[f.Name] = f.Options[0].Value
		case "multiselect":
			body[f.Name] = []string{f.Options[0].Value}
		case "integer":
			body[f.Name] = *f.Min
		}
	}
	return jsonOf(t, body)
}

// TestMailToVisitorsCarriesNoVisitorText posts every form with a marker in every free-text
// field and delivers the outbox over real SMTP on loopback: no message to a visitor's
// address contains a marker (anyone can type anyone's address), while the team's does.
func TestMailToVisitorsCarriesNoVisitorText(t *testing.T) {
	hs := newHarness(t, nil)
	smtp := mailtest.Start(t)
	u, _ := url.Parse(smtp.URL())
	sender, err := mail.NewSMTPSender(u)
	if err != nil {
		t.Fatal(err)
	}
	worker := mail.NewWorker(hs.st, sender, mail.Renderer{From: hs.srv.cfg.MailFrom, Product: "TeachPilot"}, slog.New(slog.NewJSONHandler(io.Discard, nil)))

	markers := map[string]bool{}
	posts := []struct{ path, form string }{
		{"/api/contact", "contact"},
		{"/api/lesson-plans", "lessonPlan"},
		{"/api/newsletter", "newsletter"},
	}
	for _, p := range posts {
		w := hs.do(request{path: p.path, body: formBody(t, hs, p.form, "victim@example.org", markers)})
		if w.Code != 201 {
			t.Fatalf("%s: %d %s", p.path, w.Code, w.Body)
		}
	}
	if len(markers) < 8 {
		t.Fatalf("only %d free-text fields found in forms.json", len(markers))
	}
	if _, err := worker.RunOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	got := smtp.Wait(4, 5*time.Second) // team notification, contact receipt, plan receipt, confirmation
	toTeam := 0
	for _, m := range got {
		raw := string(m.Raw) + m.Text + m.HTML
		var found []string
		for marker := range markers {
			if strings.Contains(raw, marker) {
				found = append(found, marker)
			}
		}
		if strings.Join(m.To, ",") == "team@teachpilot.test" {
			toTeam++
			if len(found) == 0 {
				t.Errorf("the team's notification lost what the visitor wrote:\n%s", m.Text)
			}
			continue
		}
		if len(found) > 0 {
			t.Errorf("mail to %v (%q) repeats visitor text %v:\n%s", m.To, m.Header.Get("Subject"), found, m.Text)
		}
	}
	if toTeam != 1 || len(got) != 4 {
		t.Errorf("%d messages, %d to the team; want 4 and 1", len(got), toTeam)
	}
}

// TestMailPerRecipientDailyLimit: one address, in any spelling, gets at most
// MAIL_PER_RECIPIENT_DAY messages a day; over it the visitor's answer is the same, nothing
// is queued to them, and the team still hears of a contact message. The next day it may
// receive again.
func TestMailPerRecipientDailyLimit(t *testing.T) {
	hs := newHarness(t, map[string]string{"MAIL_PER_RECIPIENT_DAY": "3"})
	spellings := []string{"Ann@Example.org", "ann@example.org", "ANN@EXAMPLE.ORG"}
	toAnn := func() (n int) {
		for _, m := range hs.messages() {
			if store.EmailKey(m.Recipient) == "ann@example.org" {
				n++
			}
		}
		return n
	}
	for i := range 5 {
		w := hs.do(request{path: "/api/lesson-plans", body: fmt.Sprintf(`{"email":%q,"subject":"science","grade":"9","topic":"Cells","duration":50}`, spellings[i%3])})
		if w.Code != 201 || !strings.Contains(w.Body.String(), `"reference"`) {
			t.Fatalf("post %d: %d %s", i, w.Code, w.Body)
		}
	}
	if n := toAnn(); n != 3 {
		t.Errorf("%d receipts queued for 5 requests, want the limit, 3", n)
	}
	w := hs.do(request{path: "/api/contact", body: `{"name":"Ann","email":"ann@example.org","reason":"general","message":"Hello, one more time."}`})
	if w.Code != 201 {
		t.Fatalf("contact: %d %s", w.Code, w.Body)
	}
	team := 0
	for _, m := range hs.messages() {
		if m.Kind == mail.KindContactTeam {
			team++
		}
	}
	if team != 1 || toAnn() != 3 {
		t.Errorf("over the limit: %d team notifications (want 1), %d messages to the visitor (want 3)", team, toAnn())
	}
	hs.advance(24 * time.Hour)
	if w := hs.do(request{path: "/api/newsletter", body: `{"email":"aNN@example.org"}`}); w.Code != 201 || w.Body.String() != subscribed {
		t.Fatalf("subscribe: %d %s", w.Code, w.Body)
	}
	if n := toAnn(); n != 4 {
		t.Errorf("the next day: %d messages to the visitor, want 4", n)
	}
}

// TestOldConfirmationLinkRefusedAfterUnsubscribe: subscribe, unsubscribe (one click), then
// the first email's confirmation link: refused, and the address stays unsubscribed.
func TestOldConfirmationLinkRefusedAfterUnsubscribe(t *testing.T) {
	hs := newHarness(t, nil)
	if w := hs.do(request{path: "/api/newsletter", body: `{"email":"ada@example.org"}`}); w.Code != 201 {
		t.Fatalf("subscribe: %d %s", w.Code, w.Body)
	}
	p := hs.confirmation()
	confirm := jsonOf(t, map[string]string{"token": tokenOf(t, p.ConfirmURL)})
	steps := []struct {
		name       string
		req        request
		wantStatus int
		wantState  string
	}{
		{"confirm", request{path: "/api/newsletter/confirm", body: confirm}, 200, store.Confirmed},
		{"the same link again, still confirmed: same answer", request{path: "/api/newsletter/confirm", body: confirm}, 200, store.Confirmed},
		{"one-click unsubscribe", request{path: strings.TrimPrefix(p.OneClickURL, "http://teachpilot.test"), contentType: "application/x-www-form-urlencoded", body: "List-Unsubscribe=One-Click"}, 200, store.Unsubscribed},
		{"the old confirmation link is refused", request{path: "/api/newsletter/confirm", body: confirm}, 404, store.Unsubscribed},
	}
	for _, s := range steps {
		w := hs.do(s.req)
		if w.Code != s.wantStatus || hs.status("ada@example.org") != s.wantState {
			t.Fatalf("%s: %d %s, state %s; want %d, %s", s.name, w.Code, w.Body, hs.status("ada@example.org"), s.wantStatus, s.wantState)
		}
	}
	// A newer confirmation email supersedes the older one.
	hs.advance(time.Hour)
	if w := hs.do(request{path: "/api/newsletter", body: `{"email":"ada@example.org"}`}); w.Code != 201 {
		t.Fatalf("subscribe again: %d", w.Code)
	}
	newer := hs.confirmation()
	if w := hs.do(request{path: "/api/newsletter/confirm", body: confirm}); w.Code != 404 {
		t.Errorf("the first link after a newer email: %d, want 404", w.Code)
	}
	if w := hs.do(request{path: "/api/newsletter/confirm", body: jsonOf(t, map[string]string{"token": tokenOf(t, newer.ConfirmURL)})}); w.Code != 200 {
		t.Errorf("the newest link: %d %s, want 200", w.Code, w.Body)
	}
}

// TestCrossOriginWithoutBaseURL: with BASE_URL unset, its default origin
// (http://localhost:8080) is not trusted by a server that is reached elsewhere; requests
// to the server's own host still pass, and a BASE_URL that is set is trusted.
func TestCrossOriginWithoutBaseURL(t *testing.T) {
	tests := []struct {
		name       string
		baseURL    string
		origin     string
		wantStatus int
	}{
		{"unset: a page on localhost:8080 cannot post here", "", "http://localhost:8080", 403},
		{"unset: this server's own origin can", "", "http://teachpilot.test", 201},
		{"set to localhost:8080: that origin is trusted", "http://localhost:8080", "http://localhost:8080", 201},
		{"set: another origin is not", "https://teachpilot.example", "http://localhost:8080", 403},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hs := newHarness(t, map[string]string{"BASE_URL": tt.baseURL})
			w := hs.do(request{path: "/api/newsletter", body: `{"email":"ada@example.org"}`,
				header: map[string]string{"Origin": tt.origin}})
			if w.Code != tt.wantStatus {
				t.Errorf("status %d, want %d: %s", w.Code, tt.wantStatus, w.Body)
			}
		})
	}
}
