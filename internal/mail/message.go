// Package mail renders and delivers the site's email. Requests never send mail themselves:
// they put a message in the outbox (store.Tx.Enqueue, via Outgoing) in the same transaction
// as their data, and the Worker delivers it over SMTP, or to the log when no SMTP server is
// configured.
package mail

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	htmltemplate "html/template"
	"net/mail"
	"reflect"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// The kinds of message, each with its payload type and templates/<kind>.{txt,html}.
const (
	KindNewsletterConfirm = "newsletter_confirm"  // payload NewsletterConfirm
	KindContactTeam       = "contact_team"        // payload ContactTeam
	KindContactReceipt    = "contact_receipt"     // payload ContactReceipt
	KindLessonPlanReceipt = "lesson_plan_receipt" // payload LessonPlanReceipt
)

// NewsletterConfirm asks a new subscriber to confirm (double opt-in).
type NewsletterConfirm struct {
	// ConfirmURL is the page with the Confirm button (BASE_URL/newsletter/confirm?token=…).
	ConfirmURL string `json:"confirmUrl"`
	// UnsubscribeURL is the page with the Unsubscribe button, for people.
	UnsubscribeURL string `json:"unsubscribeUrl"`
	// OneClickURL receives the RFC 8058 one-click POST (List-Unsubscribe header).
	OneClickURL string `json:"oneClickUrl"`
}

// ContactTeam tells the team about a contact message; Reply-To is the visitor.
type ContactTeam struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	Email        string `json:"email"`
	Reason       string `json:"reason"` // the option's label
	Organisation string `json:"organisation,omitempty"`
	Message      string `json:"message"`
}

// The receipts below go to an address nobody has verified: whoever fills in a form can
// make the site write to anyone. So they carry only the site's own words and links, never
// text a visitor typed (SPEC B4), and their payloads have no field that could hold it.

// ContactReceipt confirms to a visitor that their message arrived.
type ContactReceipt struct {
	Reason string `json:"reason"` // the label of the option chosen: the site's words
}

// LessonPlanReceipt confirms a lesson-plan request to the teacher.
type LessonPlanReceipt struct {
	Reference  string `json:"reference"`
	SuccessURL string `json:"successUrl"`
	// Summary holds only the answers chosen from the form's own options and numbers
	// (subject, grade, minutes, model, needs); never a free-text field.
	Summary []Line `json:"summary"`
}

// Line is one labelled value of a summary.
type Line struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// Outgoing builds the outbox entry for a message of kind to recipient about a person's
// address (for deletion on request), with payload as its template data.
func Outgoing(kind, recipient, about string, payload any) (store.NewMessage, error) {
	if _, ok := templates[kind]; !ok {
		return store.NewMessage{}, fmt.Errorf("mail: unknown kind %q", kind)
	}
	b, err := json.Marshal(payload)
	if err != nil {
		return store.NewMessage{}, fmt.Errorf("mail: %s payload: %w", kind, err)
	}
	return store.NewMessage{Kind: kind, Recipient: recipient, About: about, Payload: b}, nil
}

// Message is a rendered email, ready for a Sender.
type Message struct {
	// ID is the outbox id; MessageID is derived from it, so a message sent again after a
	// crash carries the same Message-ID and receivers can tell it is a duplicate.
	ID        int64
	MessageID string
	From      string
	To        string
	ReplyTo   string
	Subject   string
	Text      string
	HTML      string
	// Headers are extra header fields (List-Unsubscribe, List-Unsubscribe-Post).
	Headers map[string]string
	// Link is the main link of the message (for the log when no SMTP server is configured).
	Link string
	Date time.Time
}

//go:embed templates
var templateFS embed.FS

type kindTemplates struct {
	text *texttemplate.Template // defines "subject" and the body
	html *htmltemplate.Template // layout.html with "content" from <kind>.html
}

var templates = func() map[string]kindTemplates {
	m := map[string]kindTemplates{}
	for _, kind := range []string{KindNewsletterConfirm, KindContactTeam, KindContactReceipt, KindLessonPlanReceipt} {
		m[kind] = kindTemplates{
			text: texttemplate.Must(texttemplate.New(kind+".txt").Option("missingkey=error").ParseFS(templateFS, "templates/"+kind+".txt")),
			html: htmltemplate.Must(htmltemplate.New("layout.html").Option("missingkey=error").ParseFS(templateFS, "templates/layout.html", "templates/"+kind+".html")),
		}
	}
	return m
}()

// Renderer turns outbox messages into emails.
type Renderer struct {
	// From is the From address of every message (MAIL_FROM).
	From string
	// ReplyTo is the Reply-To of messages to visitors (MAIL_REPLY_TO); may be empty.
	ReplyTo string
	// Product is the product's name (web.ProductName()); templates show it as {{.Product}}.
	Product string
}

// Render builds the email for an outbox message from its kind's templates and payload.
func (r Renderer) Render(m store.Message) (Message, error) {
	t, ok := templates[m.Kind]
	if !ok {
		return Message{}, fmt.Errorf("mail: unknown kind %q", m.Kind)
	}
	var data any
	out := Message{ID: m.ID, From: r.From, To: m.Recipient, ReplyTo: r.ReplyTo, Headers: map[string]string{}, Date: m.CreatedAt}
	switch m.Kind {
	case KindNewsletterConfirm:
		var p NewsletterConfirm
		if err := json.Unmarshal(m.Payload, &p); err != nil {
			return Message{}, fmt.Errorf("mail: %s payload: %w", m.Kind, err)
		}
		// RFC 2369 and RFC 8058: mail programs show an Unsubscribe button that POSTs
		// "List-Unsubscribe=One-Click" to this URL.
		out.Headers["List-Unsubscribe"] = "<" + p.OneClickURL + ">"
		out.Headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
		out.Link, data = p.ConfirmURL, p
	case KindContactTeam:
		var p ContactTeam
		if err := json.Unmarshal(m.Payload, &p); err != nil {
			return Message{}, fmt.Errorf("mail: %s payload: %w", m.Kind, err)
		}
		out.ReplyTo = (&mail.Address{Name: p.Name, Address: p.Email}).String()
		data = p
	case KindContactReceipt:
		var p ContactReceipt
		if err := json.Unmarshal(m.Payload, &p); err != nil {
			return Message{}, fmt.Errorf("mail: %s payload: %w", m.Kind, err)
		}
		data = p
	case KindLessonPlanReceipt:
		var p LessonPlanReceipt
		if err := json.Unmarshal(m.Payload, &p); err != nil {
			return Message{}, fmt.Errorf("mail: %s payload: %w", m.Kind, err)
		}
		out.Link, data = p.SuccessURL, p
	}

	data = templateData(data, r.Product)

	var subject, text, html bytes.Buffer
	if err := t.text.ExecuteTemplate(&subject, "subject", data); err != nil {
		return Message{}, fmt.Errorf("mail: %s subject: %w", m.Kind, err)
	}
	if err := t.text.Execute(&text, data); err != nil {
		return Message{}, fmt.Errorf("mail: %s text: %w", m.Kind, err)
	}
	if err := t.html.Execute(&html, data); err != nil {
		return Message{}, fmt.Errorf("mail: %s html: %w", m.Kind, err)
	}
	out.Subject = strings.TrimSpace(subject.String())
	out.Text = strings.TrimSpace(text.String()) + "\n"
	out.HTML = html.String()
	out.MessageID = fmt.Sprintf("outbox-%d-%d@%s", m.ID, m.CreatedAt.Unix(), domainOf(r.From))
	return out, nil
}

// templateData is what a message's templates get: the fields of its payload, a struct,
// by their Go names, and Product. The templates fail on a name that is not there
// (missingkey=error), as they would on a struct.
func templateData(payload any, product string) map[string]any {
	data := map[string]any{}
	if v := reflect.ValueOf(payload); v.Kind() == reflect.Struct {
		for i := range v.NumField() {
			data[v.Type().Field(i).Name] = v.Field(i).Interface()
		}
	}
	data["Product"] = product
	return data
}

func domainOf(addr string) string {
	if a, err := mail.ParseAddress(addr); err == nil {
		addr = a.Address
	}
	if _, domain, ok := strings.Cut(addr, "@"); ok && domain != "" {
		return domain
	}
	return "localhost"
}
