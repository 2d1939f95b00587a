package web

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
)

// RetentionDays is web/retention.json: how long each kind of data is kept, in days. The
// retention job deletes by these values and the privacy page's text is written from them.
type RetentionDays struct {
	// ContactMessages: contact messages, counted from when they were received.
	ContactMessages int `json:"contactMessagesDays"`
	// LessonPlanRequests: lesson-plan requests with their plans and feedback.
	LessonPlanRequests int `json:"lessonPlanRequestsDays"`
	// UnconfirmedSignUps: newsletter sign-ups never confirmed, from the sign-up.
	UnconfirmedSignUps int `json:"unconfirmedSignUpsDays"`
	// ExpiredLinks: confirmation links, after they expired (0: as soon as they expire).
	ExpiredLinks int `json:"expiredLinksDays"`
	// SentMail: emails in the outbox (their payload holds the address and the message),
	// after they were sent or given up on.
	SentMail int `json:"sentMailDays"`
}

//go:embed retention.json
var retentionJSON []byte

// retention is retention.json parsed once; TestRetention checks retentionErr is nil.
var retention, retentionErr = ParseRetention(retentionJSON)

// Retention returns web/retention.json, parsed and checked once.
func Retention() RetentionDays { return retention }

// ParseRetention reads a retention.json: every period given, none negative, and only
// ExpiredLinks may be 0 (data the privacy page says is kept for a while is kept at least a
// day).
func ParseRetention(b []byte) (RetentionDays, error) {
	var r RetentionDays
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return r, fmt.Errorf("retention.json: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var withComment struct {
		Comment string `json:"$comment"`
		RetentionDays
	}
	if err := dec.Decode(&withComment); err != nil {
		return r, fmt.Errorf("retention.json: %w", err)
	}
	r = withComment.RetentionDays
	for _, f := range []struct {
		key string
		v   int
		min int
	}{
		{"contactMessagesDays", r.ContactMessages, 1}, {"lessonPlanRequestsDays", r.LessonPlanRequests, 1},
		{"unconfirmedSignUpsDays", r.UnconfirmedSignUps, 1}, {"expiredLinksDays", r.ExpiredLinks, 0}, {"sentMailDays", r.SentMail, 1},
	} {
		if _, ok := raw[f.key]; !ok {
			return r, fmt.Errorf("retention.json: %s is missing", f.key)
		}
		if f.v < f.min {
			return r, fmt.Errorf("retention.json: %s must be at least %d, got %d", f.key, f.min, f.v)
		}
	}
	return r, nil
}
