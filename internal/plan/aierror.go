package plan

import (
	"fmt"
	"strings"
	"time"
)

// Reason says why an AI plan could not be used; the fallback names it to the teacher.
type Reason string

// The reasons an AI plan fails.
const (
	ReasonTimeout     Reason = "timeout"     // no answer, or no progress, within the deadline
	ReasonBusy        Reason = "busy"        // 429 after the retries
	ReasonUnavailable Reason = "unavailable" // 5xx, a network error, an error in the stream
	ReasonRejected    Reason = "rejected"    // another 4xx: a wrong key, model or request
	ReasonRefused     Reason = "refused"     // the model refused (refusal, content filter)
	ReasonBadOutput   Reason = "bad-output"  // broken JSON or a section that fails validation
	ReasonIncomplete  Reason = "incomplete"  // the stream stopped before the plan was complete
	ReasonLimit       Reason = "limit"       // the daily cap on AI calls was reached
)

// Because completes "the built-in planner made this plan because the AI service …".
func (r Reason) Because() string {
	switch r {
	case ReasonTimeout:
		return "did not answer in time"
	case ReasonBusy:
		return "was too busy to answer"
	case ReasonRejected:
		return "is not set up correctly"
	case ReasonRefused:
		return "declined to write this plan"
	case ReasonBadOutput:
		return "returned a plan that did not pass the site's checks"
	case ReasonIncomplete:
		return "stopped before the plan was complete"
	case ReasonLimit:
		return "has reached today's limit"
	default:
		return "was unavailable"
	}
}

// Error is an AI planner's failure. Its text is the site's own words (the reason, the HTTP
// status, what was wrong), never the provider's response, and never the API key.
type Error struct {
	Reason Reason
	Status int // the provider's HTTP status, 0 if none
	detail string

	retryAfter    time.Duration // the provider's Retry-After, if hasRetryAfter
	hasRetryAfter bool
}

func (e *Error) Error() string {
	s := "plan: AI service " + string(e.Reason)
	if e.Status != 0 {
		s += fmt.Sprintf(" (HTTP %d)", e.Status)
	}
	if e.detail != "" {
		s += ": " + e.detail
	}
	return s
}

// newError makes an Error whose detail has the key scrubbed out (a network error names the
// URL, and a base URL could hold a key).
func (a *AI) newError(reason Reason, status int, detail string) *Error {
	if a.APIKey != "" {
		detail = strings.ReplaceAll(detail, a.APIKey, "[redacted]")
	}
	return &Error{Reason: reason, Status: status, detail: detail}
}
