package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Sender delivers rendered messages.
type Sender interface {
	// Send delivers msgs in order and calls done once for each, as soon as its fate is known:
	// with nil when the server accepted it, or with the error. Permanent reports whether an
	// error means the message can never be delivered (a 5xx answer), so retrying is useless.
	Send(ctx context.Context, msgs []Message, done func(i int, err error))
}

// PermanentError marks a delivery error that retrying will not fix.
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

// LogSender "delivers" messages by writing each as one JSON log line with its recipient,
// subject, main link and plain text, so that a site without SMTP still works and its
// confirmation links can be followed (end-to-end tests read them from the log).
type LogSender struct {
	Log *slog.Logger
}

// Send logs every message; it never fails.
func (s LogSender) Send(ctx context.Context, msgs []Message, done func(int, error)) {
	for i, m := range msgs {
		s.Log.LogAttrs(ctx, slog.LevelInfo, "mail not sent: SMTP_URL is not set",
			slog.String("to", m.To),
			slog.String("subject", m.Subject),
			slog.String("link", m.Link),
			slog.String("reply_to", m.ReplyTo),
			slog.String("text", m.Text),
		)
		done(i, nil)
	}
}

// SMTPSender delivers messages to an SMTP server, several per connection.
type SMTPSender struct {
	host string
	opts []gomail.Option
}

// NewSMTPSender prepares delivery to the server named by u:
//
//	smtp://user:pass@host:587            STARTTLS, required (the default port is 587)
//	smtp://host:25?tls=opportunistic     STARTTLS when the server offers it
//	smtp://host:2525?tls=none            no TLS: only for a relay on loopback
//	smtps://user:pass@host:465           TLS from the first byte (the default port is 465)
//
// With a user name, the client authenticates with the best mechanism the server offers.
func NewSMTPSender(u *url.URL) (*SMTPSender, error) {
	opts := []gomail.Option{gomail.WithTimeout(10 * time.Second)}
	port := 587
	switch u.Scheme {
	case "smtps":
		port = 465
		opts = append(opts, gomail.WithSSL())
	case "smtp":
		switch u.Query().Get("tls") {
		case "", "starttls":
			opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
		case "opportunistic":
			opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
		case "none":
			opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
		default:
			return nil, fmt.Errorf("mail: SMTP_URL: unknown tls=%q", u.Query().Get("tls"))
		}
	default:
		return nil, fmt.Errorf("mail: SMTP_URL: unknown scheme %q", u.Scheme)
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil {
			return nil, fmt.Errorf("mail: SMTP_URL: port: %w", err)
		}
		port = n
	}
	opts = append(opts, gomail.WithPort(port))
	if u.User != nil && u.User.Username() != "" {
		pass, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(pass))
	}
	return &SMTPSender{host: u.Hostname(), opts: opts}, nil
}

// Send opens one connection for msgs and sends them one by one.
func (s *SMTPSender) Send(ctx context.Context, msgs []Message, done func(int, error)) {
	fail := func(from int, err error) {
		for i := from; i < len(msgs); i++ {
			done(i, err)
		}
	}
	c, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		fail(0, fmt.Errorf("mail: smtp client: %w", err))
		return
	}
	if err := c.DialWithContext(ctx); err != nil {
		fail(0, fmt.Errorf("mail: connect to %s: %w", s.host, err))
		return
	}
	defer c.Close()
	for i, m := range msgs {
		if err := ctx.Err(); err != nil {
			fail(i, err)
			return
		}
		msg, err := build(m)
		if err != nil {
			done(i, &PermanentError{Err: err})
			continue
		}
		if err := c.Send(msg); err != nil {
			var se *gomail.SendError
			if errors.As(err, &se) && se.ErrorCode() >= 500 && se.ErrorCode() < 600 {
				err = &PermanentError{Err: err}
			}
			done(i, fmt.Errorf("mail: send to %s: %w", m.To, err))
			continue
		}
		done(i, nil)
	}
}

// build turns a Message into a go-mail message with a plain-text body and an HTML
// alternative.
func build(m Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg()
	if err := msg.From(m.From); err != nil {
		return nil, fmt.Errorf("mail: from %q: %w", m.From, err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("mail: to %q: %w", m.To, err)
	}
	if m.ReplyTo != "" {
		if err := msg.ReplyTo(m.ReplyTo); err != nil {
			return nil, fmt.Errorf("mail: reply-to %q: %w", m.ReplyTo, err)
		}
	}
	msg.Subject(m.Subject)
	msg.SetMessageIDWithValue(m.MessageID)
	if m.Date.IsZero() {
		msg.SetDate()
	} else {
		msg.SetDateWithValue(m.Date)
	}
	for k, v := range m.Headers {
		msg.SetGenHeader(gomail.Header(k), v)
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	return msg, nil
}
