// Package webhook sends the site's events to the team's endpoints (a CRM, say), signed as
// the Standard Webhooks specification says (https://www.standardwebhooks.com): headers
// webhook-id, webhook-timestamp and webhook-signature, the last "v1," + base64 of
// HMAC-SHA256(secret, id + "." + timestamp + "." + body).
//
// Deliveries are queued through the outbox; its worker calls Sender.Deliver for each
// attempt with the same Event (so the same webhook-id, which receivers use to drop
// duplicates) and logs the result. Only https:// endpoints on public addresses are reached
// (see guard.go), so the console cannot be used to probe internal services.
package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Event types an endpoint can subscribe to.
const (
	NewsletterConfirmed = "newsletter.confirmed"
	ContactReceived     = "contact.received"
	LessonPlanCreated   = "lesson_plan.created"
	FeedbackGiven       = "feedback.given"
	// Test is the event "send a test event" sends; every endpoint receives it.
	Test = "webhook.test"
)

// Events lists the event types endpoints subscribe to, in the order the console shows them.
var Events = []string{NewsletterConfirmed, ContactReceived, LessonPlanCreated, FeedbackGiven}

// ValidEvent reports whether name is an event type endpoints can subscribe to.
func ValidEvent(name string) bool {
	for _, e := range Events {
		if e == name {
			return true
		}
	}
	return false
}

// Event is one occurrence to deliver: its ID stays the same across every attempt.
type Event struct {
	ID   string // "msg_" + random; the webhook-id header
	Type string
	// Body is the JSON sent: {"type", "timestamp", "data"} as the specification suggests.
	Body []byte
}

// NewEvent makes an event of type typ about data (marshalled to JSON) at now, with a new id.
func NewEvent(typ string, data any, now time.Time) (Event, error) {
	body, err := json.Marshal(struct {
		Type      string    `json:"type"`
		Timestamp time.Time `json:"timestamp"`
		Data      any       `json:"data"`
	}{typ, now.UTC(), data})
	if err != nil {
		return Event{}, err
	}
	return Event{ID: "msg_" + rand.Text(), Type: typ, Body: body}, nil
}

const secretPrefix = "whsec_"

// NewSecret returns a new signing secret: the raw key to store, and the text shown to the
// team once ("whsec_" + base64), to paste into the receiving end.
func NewSecret() (raw []byte, shown string) {
	raw = make([]byte, 32)
	_, _ = rand.Read(raw) // crypto/rand.Read never fails
	return raw, secretPrefix + base64.StdEncoding.EncodeToString(raw)
}

// ParseSecret reads a secret as NewSecret shows it.
func ParseSecret(shown string) ([]byte, error) {
	rest, ok := strings.CutPrefix(shown, secretPrefix)
	if !ok {
		return nil, errors.New("webhook: a secret starts with whsec_")
	}
	return base64.StdEncoding.DecodeString(rest)
}

// Sign returns the webhook-signature header for body sent as message id at ts.
func Sign(secret []byte, id string, ts time.Time, body []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(id + "." + strconv.FormatInt(ts.Unix(), 10) + "."))
	m.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(m.Sum(nil))
}
