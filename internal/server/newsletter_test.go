package server

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/mail"
	"github.com/teachpilot/site/internal/mail/mailtest"
	"github.com/teachpilot/site/internal/store"
)

const subscribed = `{"message":"Check your inbox to confirm your subscription."}` + "\n"

// confirmation returns the payload of the newest confirmation email in the outbox.
func (hs *harness) confirmation() mail.NewsletterConfirm {
	hs.t.Helper()
	msgs := hs.messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Kind == mail.KindNewsletterConfirm {
			var p mail.NewsletterConfirm
			if err := json.Unmarshal(msgs[i].Payload, &p); err != nil {
				hs.t.Fatal(err)
			}
			return p
		}
	}
	hs.t.Fatal("no confirmation email in the outbox")
	return mail.NewsletterConfirm{}
}

func tokenOf(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("token")
}

func (hs *harness) status(email string) string {
	hs.t.Helper()
	sub, err := hs.st.Subscriber(hs.t.Context(), email)
	if err != nil {
		hs.t.Fatal(err)
	}
	return sub.Status
}

// TestNewsletterLifecycle walks one address through subscribing (repeatedly), confirming,
// unsubscribing and subscribing again. Each step is a named scenario; the steps share one
// server and run in order.
func TestNewsletterLifecycle(t *testing.T) {
	hs := newHarness(t, nil)
	subscribe := request{path: "/api/newsletter", body: `{"email":"Ada@Example.org","website":""}`}
	var confirmToken, unsubscribeToken string
	steps := []struct {
		name       string
		before     func()
		req        func() request
		wantStatus int
		wantBody   string
		wantMails  int // confirmation emails in the outbox after the step
		wantState  string
	}{
		{"a new address gets a confirmation email", nil, func() request { return subscribe }, 201, subscribed, 1, store.Pending},
		{"subscribing again answers the same and sends nothing more", nil, func() request { return subscribe }, 201, subscribed, 1, store.Pending},
		{"a third time, still nothing more", func() { hs.advance(9 * time.Minute) }, func() request { return subscribe }, 201, subscribed, 1, store.Pending},
		{"after 10 minutes a pending address gets the email again", func() { hs.advance(2 * time.Minute) }, func() request { return subscribe }, 201, subscribed, 2, store.Pending},
		{"GET on the API confirms nothing", func() {
			p := hs.confirmation()
			confirmToken, unsubscribeToken = tokenOf(t, p.ConfirmURL), tokenOf(t, p.OneClickURL)
		}, func() request { return request{method: "GET", path: "/api/newsletter/confirm?token=" + confirmToken} }, 405, "", 2, store.Pending},
		{"an unknown token is 404", nil, func() request { return request{path: "/api/newsletter/confirm", body: `{"token":"bm90LWEtdG9rZW4"}`} }, 404, "not valid", 2, store.Pending},
		{"a missing token is 422", nil, func() request { return request{path: "/api/newsletter/confirm", body: `{"token":""}`} }, 422, `"token"`, 2, store.Pending},
		{"an unknown field is 400", nil, func() request { return request{path: "/api/newsletter/confirm", body: `{"token":"x","email":"y"}`} }, 400, "", 2, store.Pending},
		{"the button confirms", nil, func() request {
			return request{path: "/api/newsletter/confirm", body: jsonOf(t, map[string]string{"token": confirmToken})}
		}, 200, "confirmed", 2, store.Confirmed},
		{"confirming twice is fine", nil, func() request {
			return request{path: "/api/newsletter/confirm", body: jsonOf(t, map[string]string{"token": confirmToken})}
		}, 200, "confirmed", 2, store.Confirmed},
		{"a confirmed address subscribing again gets the same answer and no email", func() { hs.advance(time.Hour) }, func() request { return subscribe }, 201, subscribed, 2, store.Confirmed},
		{"the unsubscribe button unsubscribes", nil, func() request {
			return request{path: "/api/newsletter/unsubscribe", body: jsonOf(t, map[string]string{"token": unsubscribeToken})}
		}, 200, "unsubscribed", 2, store.Unsubscribed},
		{"one-click unsubscribe (RFC 8058) answers 200 again", nil, func() request {
			return request{path: "/api/newsletter/unsubscribe?token=" + unsubscribeToken, contentType: "application/x-www-form-urlencoded", body: "List-Unsubscribe=One-Click"}
		}, 200, "unsubscribed", 2, store.Unsubscribed},
		{"an unsubscribed address subscribing again gets a new confirmation", nil, func() request { return subscribe }, 201, subscribed, 3, store.Pending},
		{"a confirmation link expires after 7 days", func() { hs.advance(8 * 24 * time.Hour) }, func() request {
			return request{path: "/api/newsletter/confirm", body: jsonOf(t, map[string]string{"token": tokenOf(t, hs.confirmation().ConfirmURL)})}
		}, 410, "expired", 3, store.Pending},
	}
	for _, step := range steps {
		if !t.Run(step.name, func(t *testing.T) {
			if step.before != nil {
				step.before()
			}
			w := hs.do(step.req())
			if w.Code != step.wantStatus {
				t.Fatalf("status %d, want %d: %s", w.Code, step.wantStatus, w.Body)
			}
			if step.wantBody == subscribed && w.Body.String() != subscribed {
				t.Errorf("body %q, want exactly %q", w.Body, subscribed)
			} else if !strings.Contains(w.Body.String(), step.wantBody) {
				t.Errorf("body %s lacks %q", w.Body, step.wantBody)
			}
			n := 0
			for _, m := range hs.messages() {
				if m.Kind == mail.KindNewsletterConfirm && m.Recipient == "ada@example.org" {
					n++
				}
			}
			if n != step.wantMails {
				t.Errorf("%d confirmation emails queued, want %d", n, step.wantMails)
			}
			if got := hs.status("ada@example.org"); got != step.wantState {
				t.Errorf("state %s, want %s", got, step.wantState)
			}
		}) {
			t.FailNow()
		}
	}
}

func TestNewsletterTokensAndLinks(t *testing.T) {
	// BASE_URL is an origin (a path is refused at start: config.TestLoadRejectsEachBadVariableByName).
	hs := newHarness(t, map[string]string{"BASE_URL": "https://teachpilot.example"})
	hs.do(request{path: "/api/newsletter", body: `{"email":"ada@example.org"}`})
	p := hs.confirmation()
	linkShapes := map[string]*regexp.Regexp{
		p.ConfirmURL:     regexp.MustCompile(`^https://teachpilot\.example/newsletter/confirm\?token=[A-Za-z0-9_-]{43}$`),
		p.UnsubscribeURL: regexp.MustCompile(`^https://teachpilot\.example/newsletter/unsubscribe\?token=[A-Za-z0-9_-]{43}$`),
		p.OneClickURL:    regexp.MustCompile(`^https://teachpilot\.example/api/newsletter/unsubscribe\?token=[A-Za-z0-9_-]{43}$`),
	}
	for link, re := range linkShapes {
		if !re.MatchString(link) {
			t.Errorf("link %s does not match %s", link, re)
		}
	}
	// Only hashes are stored: the token itself is nowhere in the token table.
	var n int
	if err := hs.st.InTx(t.Context(), func(tx *store.Tx) error {
		_, _, err := tx.SubscriberByToken(t.Context(), []byte(tokenOf(t, p.ConfirmURL)), store.PurposeConfirm)
		if err == nil {
			n++
		}
		_, _, err = tx.SubscriberByToken(t.Context(), hashToken(tokenOf(t, p.ConfirmURL)), store.PurposeConfirm)
		if err != nil {
			t.Errorf("token not found by its hash: %v", err)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Error("a token is stored in clear")
	}
}

func TestNewsletterPlainFormPosts(t *testing.T) {
	form := "application/x-www-form-urlencoded"
	hs := newHarness(t, nil)
	hs.do(request{path: "/api/newsletter", contentType: form, body: "email=ada%40example.org"})
	p := hs.confirmation()
	tests := []struct {
		name         string
		req          request
		wantStatus   int
		wantLocation string
	}{
		{"confirm → 303 to /newsletter/confirmed", request{path: "/api/newsletter/confirm", contentType: form, body: "token=" + tokenOf(t, p.ConfirmURL)}, 303, "/newsletter/confirmed"},
		{"unsubscribe → 303 to /newsletter/unsubscribed", request{path: "/api/newsletter/unsubscribe", contentType: form, body: "token=" + tokenOf(t, p.UnsubscribeURL)}, 303, "/newsletter/unsubscribed"},
		{"an unknown token gets a 404 page", request{path: "/api/newsletter/confirm", contentType: form, body: "token=nope"}, 404, ""},
		{"one-click with an unknown token is 404", request{path: "/api/newsletter/unsubscribe?token=nope", contentType: form, body: "List-Unsubscribe=One-Click"}, 404, ""},
		{"one-click as multipart works", request{path: "/api/newsletter/unsubscribe?token=" + tokenOf(t, p.UnsubscribeURL), contentType: "multipart/form-data; boundary=b",
			body: "--b\r\nContent-Disposition: form-data; name=\"List-Unsubscribe\"\r\n\r\nOne-Click\r\n--b--\r\n"}, 200, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := hs.do(tt.req)
			if w.Code != tt.wantStatus || w.Header().Get("Location") != tt.wantLocation {
				t.Errorf("status %d, Location %q; want %d, %q: %s", w.Code, w.Header().Get("Location"), tt.wantStatus, tt.wantLocation, w.Body)
			}
		})
	}
}

// TestConfirmationEmailOverSMTP holds a real SMTP conversation: the confirmation email
// arrives with the unsubscribe headers, and its links work.
func TestConfirmationEmailOverSMTP(t *testing.T) {
	hs := newHarness(t, map[string]string{"MAIL_FROM": "TeachPilot <news@teachpilot.test>"})
	srv := mailtest.Start(t)
	u, _ := url.Parse(srv.URL())
	sender, err := mail.NewSMTPSender(u)
	if err != nil {
		t.Fatal(err)
	}
	worker := mail.NewWorker(hs.st, sender, mail.Renderer{From: hs.srv.cfg.MailFrom}, slog.New(slog.NewJSONHandler(io.Discard, nil)))

	if w := hs.do(request{path: "/api/newsletter", body: `{"email":"ada@example.org"}`}); w.Code != 201 {
		t.Fatalf("subscribe: %d %s", w.Code, w.Body)
	}
	if hs.notified != 1 {
		t.Errorf("worker notified %d times, want 1", hs.notified)
	}
	if _, err := worker.RunOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	got := srv.Wait(1, 5*time.Second)[0]
	if got.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe-Post = %q", got.Header.Get("List-Unsubscribe-Post"))
	}
	oneClick := strings.Trim(got.Header.Get("List-Unsubscribe"), "<>")
	confirmLink := regexp.MustCompile(`http://teachpilot\.test/newsletter/confirm\?token=[A-Za-z0-9_-]+`).FindString(got.Text)
	if confirmLink == "" || !strings.Contains(got.HTML, confirmLink) {
		t.Fatalf("no confirm link in the email:\n%s", got.Text)
	}

	// The page at the link posts the token to the API.
	w := hs.do(request{path: "/api/newsletter/confirm", body: jsonOf(t, map[string]string{"token": tokenOf(t, confirmLink)})})
	if w.Code != 200 || hs.status("ada@example.org") != store.Confirmed {
		t.Fatalf("confirm with the emailed link: %d %s", w.Code, w.Body)
	}
	// A mail program's one-click unsubscribe, to the header's URL.
	path := strings.TrimPrefix(oneClick, "http://teachpilot.test")
	w = hs.do(request{path: path, contentType: "application/x-www-form-urlencoded", body: "List-Unsubscribe=One-Click"})
	if w.Code != http.StatusOK || hs.status("ada@example.org") != store.Unsubscribed {
		t.Fatalf("one-click unsubscribe to %s: %d %s", oneClick, w.Code, w.Body)
	}
}
