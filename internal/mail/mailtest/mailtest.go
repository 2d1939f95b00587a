// Package mailtest runs a real SMTP server on loopback for tests, and keeps what it receives.
package mailtest

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Received is one message the server accepted.
type Received struct {
	From   string
	To     []string
	Header mail.Header
	Text   string // the text/plain body, decoded
	HTML   string // the text/html body, decoded
	Raw    []byte
}

// Server is an SMTP server on 127.0.0.1 that accepts every message without TLS or auth.
type Server struct {
	// Addr is host:port.
	Addr string

	mu   sync.Mutex
	msgs []Received
	srv  *smtp.Server
	t    testing.TB
}

// Start runs a server on a free loopback port until the test ends.
func Start(t testing.TB) *Server { return StartAt(t, "127.0.0.1:0") }

// StartAt runs a server at addr (to bring one back on the port of one that was stopped).
func StartAt(t testing.TB, addr string) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("mailtest: listen: %v", err)
	}
	s := &Server{Addr: ln.Addr().String(), t: t}
	s.srv = smtp.NewServer(backend{s})
	s.srv.Domain = "localhost"
	s.srv.ReadTimeout = 10 * time.Second
	s.srv.WriteTimeout = 10 * time.Second
	s.srv.MaxMessageBytes = 1 << 20
	go func() { _ = s.srv.Serve(ln) }()
	t.Cleanup(s.Close)
	return s
}

// URL is the SMTP_URL that reaches the server.
func (s *Server) URL() string { return "smtp://" + s.Addr + "?tls=none" }

// Close stops the server.
func (s *Server) Close() { _ = s.srv.Close() }

// Messages returns what the server received so far.
func (s *Server) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.msgs...)
}

// Wait waits until at least n messages arrived, or fails the test after timeout.
func (s *Server) Wait(n int, timeout time.Duration) []Received {
	s.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		msgs := s.Messages()
		if len(msgs) >= n {
			return msgs
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("mailtest: %d messages after %v, want %d", len(msgs), timeout, n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

type backend struct{ s *Server }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{s: b.s}, nil }

type session struct {
	s    *Server
	from string
	to   []string
}

func (x *session) Reset()        { x.from, x.to = "", nil }
func (x *session) Logout() error { return nil }
func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	x.from = from
	return nil
}
func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.to = append(x.to, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	rec, err := Parse(raw)
	if err != nil {
		return &smtp.SMTPError{Code: 554, Message: err.Error()}
	}
	rec.From, rec.To = x.from, x.to
	x.s.mu.Lock()
	x.s.msgs = append(x.s.msgs, rec)
	x.s.mu.Unlock()
	return nil
}

// Parse reads a MIME message and decodes its text and HTML bodies.
func Parse(raw []byte) (Received, error) {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return Received{}, fmt.Errorf("read message: %w", err)
	}
	rec := Received{Header: m.Header, Raw: raw}
	err = walk(m.Header.Get("Content-Type"), m.Header.Get("Content-Transfer-Encoding"), m.Body, &rec)
	return rec, err
}

func walk(contentType, encoding string, body io.Reader, rec *Received) error {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt = "text/plain"
	}
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if err := walk(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p, rec); err != nil {
				return err
			}
		}
	}
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	switch mt {
	case "text/plain":
		rec.Text += string(b)
	case "text/html":
		rec.HTML += string(b)
	}
	return nil
}
