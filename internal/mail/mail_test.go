package mail_test

// This file is a little over the usual length: one scenario table per message kind and the
// SMTP delivery scenarios, against a real SMTP server on loopback.

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/mail"
	"github.com/teachpilot/site/internal/mail/mailtest"
	"github.com/teachpilot/site/internal/store"
)

var renderer = mail.Renderer{From: "TeachPilot <hello@teachpilot.example>", ReplyTo: "help@teachpilot.example", Product: "TeachPilot"}

func openStore(t *testing.T) *store.Store {
	t.Helper()
	s, err := store.Open(t.Context(), filepath.Join(t.TempDir(), "mail.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func enqueue(t *testing.T, s *store.Store, msgs ...store.NewMessage) {
	t.Helper()
	err := s.InTx(t.Context(), func(tx *store.Tx) error {
		for _, m := range msgs {
			if err := tx.Enqueue(t.Context(), m, time.Now()); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func outgoing(t *testing.T, kind, to string, payload any) store.NewMessage {
	t.Helper()
	m, err := mail.Outgoing(kind, to, to, payload)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func smtpSender(t *testing.T, rawURL string) *mail.SMTPSender {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	s, err := mail.NewSMTPSender(u)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func newWorker(q mail.Queue, s mail.Sender, log io.Writer) *mail.Worker {
	w := mail.NewWorker(q, s, renderer, slog.New(slog.NewJSONHandler(log, nil)))
	w.Poll, w.Backoff, w.MaxBackoff = 20*time.Millisecond, 20*time.Millisecond, 50*time.Millisecond
	return w
}

var confirm = mail.NewsletterConfirm{
	ConfirmURL:     "http://localhost:8080/newsletter/confirm?token=abc123",
	UnsubscribeURL: "http://localhost:8080/newsletter/unsubscribe?token=def456",
	OneClickURL:    "http://localhost:8080/api/newsletter/unsubscribe?token=def456",
}

func TestConfirmationArrivesOverSMTPWithUnsubscribeHeaders(t *testing.T) {
	srv := mailtest.Start(t)
	st := openStore(t)
	enqueue(t, st, outgoing(t, mail.KindNewsletterConfirm, "ada@example.org", confirm))
	w := newWorker(st, smtpSender(t, srv.URL()), io.Discard)
	if n, err := w.RunOnce(t.Context()); n != 1 || err != nil {
		t.Fatalf("RunOnce = %d, %v", n, err)
	}
	got := srv.Wait(1, 5*time.Second)[0]
	checks := []struct{ name, got, want string }{
		{"envelope recipient", strings.Join(got.To, ","), "ada@example.org"},
		{"To", got.Header.Get("To"), "<ada@example.org>"},
		{"From", got.Header.Get("From"), `"TeachPilot" <hello@teachpilot.example>`},
		{"Reply-To", got.Header.Get("Reply-To"), "<help@teachpilot.example>"},
		{"Subject", got.Header.Get("Subject"), "Confirm your TeachPilot newsletter subscription"},
		{"List-Unsubscribe", got.Header.Get("List-Unsubscribe"), "<" + confirm.OneClickURL + ">"},
		{"List-Unsubscribe-Post", got.Header.Get("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.name, c.got, c.want)
		}
	}
	if !strings.HasPrefix(got.Header.Get("Message-Id"), "<outbox-1-") {
		t.Errorf("Message-ID = %q", got.Header.Get("Message-Id"))
	}
	for _, body := range []string{got.Text, got.HTML} {
		if !strings.Contains(body, confirm.ConfirmURL) || !strings.Contains(body, confirm.UnsubscribeURL) {
			t.Errorf("body lacks the confirm or unsubscribe link:\n%s", body)
		}
	}
	if !strings.Contains(got.HTML, `<html lang="en">`) {
		t.Errorf("HTML body is not a document:\n%s", got.HTML)
	}
	msgs, _ := st.Messages(t.Context())
	if msgs[0].Status != store.OutboxSent || string(msgs[0].Payload) != "{}" {
		t.Errorf("after sending: status %s, payload %s", msgs[0].Status, msgs[0].Payload)
	}
}

func TestMessagesWaitWhileTheServerIsDownAndArriveExactlyOnce(t *testing.T) {
	// Reserve a port, then leave it closed: the "server" is down.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()

	st := openStore(t)
	enqueue(t, st,
		outgoing(t, mail.KindNewsletterConfirm, "a@example.org", confirm),
		outgoing(t, mail.KindContactReceipt, "b@example.org", mail.ContactReceipt{Reason: "Press"}),
		outgoing(t, mail.KindLessonPlanReceipt, "c@example.org", mail.LessonPlanReceipt{Reference: "TP-1", SuccessURL: "http://x/s"}),
	)
	w := newWorker(st, smtpSender(t, "smtp://"+addr+"?tls=none"), io.Discard)
	if n, err := w.RunOnce(t.Context()); n != 3 || err != nil {
		t.Fatalf("RunOnce with the server down = %d, %v", n, err)
	}
	msgs, _ := st.Messages(t.Context())
	for _, m := range msgs {
		if m.Status != store.OutboxPending || m.Attempts != 1 || !strings.Contains(m.LastError, "connect") {
			t.Errorf("message %d after a failed attempt: %s, %d attempts, %q", m.ID, m.Status, m.Attempts, m.LastError)
		}
	}

	ctx, cancel := context.WithCancel(t.Context())
	var wg sync.WaitGroup
	wg.Go(func() { _ = w.Run(ctx) })
	time.Sleep(100 * time.Millisecond) // a few more failed attempts
	srv := mailtest.StartAt(t, addr)
	srv.Wait(3, 10*time.Second)
	time.Sleep(200 * time.Millisecond) // give a duplicate the chance to arrive
	cancel()
	wg.Wait()

	got := srv.Messages()
	perRecipient := map[string]int{}
	for _, m := range got {
		perRecipient[strings.Join(m.To, ",")]++
	}
	for _, to := range []string{"a@example.org", "b@example.org", "c@example.org"} {
		if perRecipient[to] != 1 {
			t.Errorf("%s received %d messages, want 1", to, perRecipient[to])
		}
	}
	msgs, _ = st.Messages(t.Context())
	for _, m := range msgs {
		if m.Status != store.OutboxSent || m.Attempts < 2 {
			t.Errorf("message %d: %s after %d attempts", m.ID, m.Status, m.Attempts)
		}
	}
}

// fakeSender fails the first failures calls with err, then accepts.
type fakeSender struct {
	mu       sync.Mutex
	err      error
	failures int
	sent     []mail.Message
}

func (f *fakeSender) Send(_ context.Context, msgs []mail.Message, done func(int, error)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i, m := range msgs {
		if f.failures > 0 {
			f.failures--
			done(i, f.err)
			continue
		}
		f.sent = append(f.sent, m)
		done(i, nil)
	}
}

func TestFailures(t *testing.T) {
	tests := []struct {
		name         string
		err          error
		failures     int
		maxAttempts  int
		rounds       int
		wantStatus   string
		wantAttempts int
	}{
		{"a temporary error is retried", io.ErrUnexpectedEOF, 2, 5, 5, store.OutboxSent, 3},
		{"after max attempts the message fails", io.ErrUnexpectedEOF, 99, 3, 6, store.OutboxFailed, 3},
		{"a permanent error fails at once", &mail.PermanentError{Err: io.EOF}, 1, 5, 3, store.OutboxFailed, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := openStore(t)
			enqueue(t, st, outgoing(t, mail.KindContactReceipt, "b@example.org", mail.ContactReceipt{Reason: "Press"}))
			f := &fakeSender{err: tt.err, failures: tt.failures}
			w := newWorker(st, f, io.Discard)
			w.MaxAttempts = tt.maxAttempts
			now := time.Now()
			w.Now = func() time.Time { return now }
			for range tt.rounds {
				if _, err := w.RunOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				now = now.Add(time.Minute) // past any backoff
			}
			msgs, _ := st.Messages(t.Context())
			if msgs[0].Status != tt.wantStatus || msgs[0].Attempts != tt.wantAttempts {
				t.Errorf("status %s after %d attempts; want %s after %d", msgs[0].Status, msgs[0].Attempts, tt.wantStatus, tt.wantAttempts)
			}
			if wantSent := tt.wantStatus == store.OutboxSent; (len(f.sent) == 1) != wantSent {
				t.Errorf("sent %d messages", len(f.sent))
			}
		})
	}
}

func TestLogSenderShowsTheLink(t *testing.T) {
	st := openStore(t)
	enqueue(t, st, outgoing(t, mail.KindNewsletterConfirm, "ada@example.org", confirm))
	var log bytes.Buffer
	w := newWorker(st, mail.LogSender{Log: slog.New(slog.NewJSONHandler(&log, nil))}, io.Discard)
	if _, err := w.RunOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	var line struct{ To, Subject, Link, Text string }
	if err := json.Unmarshal(bytes.SplitN(log.Bytes(), []byte("\n"), 2)[0], &line); err != nil {
		t.Fatalf("log line: %v\n%s", err, log.String())
	}
	if line.To != "ada@example.org" || line.Link != confirm.ConfirmURL || !strings.Contains(line.Text, confirm.ConfirmURL) {
		t.Errorf("log line = %+v", line)
	}
}

func TestRenderEscapesWhatVisitorsWrote(t *testing.T) {
	p := mail.ContactTeam{ID: "x1", Name: `Eve <script>alert(1)</script>`, Email: "eve@example.org", Reason: "Press",
		Message: `<img src=x onerror=alert(1)> & "quotes"`}
	b, _ := json.Marshal(p)
	m, err := renderer.Render(store.Message{ID: 7, Kind: mail.KindContactTeam, Recipient: "team@example.org", Payload: b})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, "<img") {
		t.Errorf("HTML body contains the visitor's markup:\n%s", m.HTML)
	}
	if !strings.Contains(m.Text, p.Message) {
		t.Errorf("text body lost the message:\n%s", m.Text)
	}
	if m.ReplyTo != `"Eve <script>alert(1)</script>" <eve@example.org>` {
		t.Errorf("Reply-To = %q, want the visitor", m.ReplyTo)
	}
	if _, err := renderer.Render(store.Message{Kind: "nope", Payload: []byte(`{}`)}); err == nil {
		t.Error("an unknown kind rendered")
	}
}

// TestTemplatesShowTheProductNameGiven renders every kind of message for another product:
// its name is where TeachPilot was (subjects, bodies, the HTML layout), escaped in HTML, and
// no template still spells TeachPilot itself.
func TestTemplatesShowTheProductNameGiven(t *testing.T) {
	r := mail.Renderer{From: "Lesson & Lab <hi@lab.example>", Product: "Lesson & Lab"}
	receipt := mail.LessonPlanReceipt{Reference: "TP-1", SuccessURL: "http://localhost/submission-success/TP-1",
		Summary: []mail.Line{{Label: "Grade", Value: "Grade 9"}}}
	tests := []struct {
		name, kind string
		payload    any
		// inSubject, inText: where the name must show besides the HTML layout.
		inSubject, inText bool
	}{
		{name: "newsletter confirmation", kind: mail.KindNewsletterConfirm, payload: confirm, inSubject: true, inText: true},
		{name: "contact receipt", kind: mail.KindContactReceipt, payload: mail.ContactReceipt{Reason: "Press"}, inText: true},
		{name: "lesson plan receipt", kind: mail.KindLessonPlanReceipt, payload: receipt, inText: true},
		{name: "contact to the team", kind: mail.KindContactTeam, payload: mail.ContactTeam{ID: "c1", Name: "Ada", Email: "ada@example.org", Reason: "Press", Message: "Hi"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(tt.payload)
			if err != nil {
				t.Fatal(err)
			}
			m, err := r.Render(store.Message{ID: 1, Kind: tt.kind, Recipient: "ada@example.org", Payload: b})
			if err != nil {
				t.Fatal(err)
			}
			for part, text := range map[string]string{"subject": m.Subject, "text": m.Text, "HTML": m.HTML} {
				if strings.Contains(text, "TeachPilot") {
					t.Errorf("%s still names TeachPilot:\n%s", part, text)
				}
			}
			if tt.inSubject && !strings.Contains(m.Subject, "Lesson & Lab") {
				t.Errorf("subject %q lacks the product name", m.Subject)
			}
			if tt.inText && !strings.Contains(m.Text, "Lesson & Lab") {
				t.Errorf("text lacks the product name:\n%s", m.Text)
			}
			if !strings.Contains(m.HTML, "<title>Lesson &amp; Lab</title>") || strings.Contains(m.HTML, "Lesson & Lab") {
				t.Errorf("HTML lacks the product name, escaped, in its layout:\n%s", m.HTML)
			}
		})
	}
}
