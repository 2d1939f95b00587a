package webhook

import (
	"errors"
	"fmt"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// ErrNoEvents is returned for an endpoint that would receive nothing.
var ErrNoEvents = errors.New("webhook: choose at least one event")

// NewEndpoint checks what the console's form gives for a new endpoint and returns the
// endpoint to store with a new secret, and that secret as shown to the team, once.
func NewEndpoint(url string, events []string, allowPrivate bool, now time.Time) (store.WebhookEndpoint, string, error) {
	if err := ValidateURL(url, allowPrivate); err != nil {
		return store.WebhookEndpoint{}, "", err
	}
	if len(events) == 0 {
		return store.WebhookEndpoint{}, "", ErrNoEvents
	}
	seen := map[string]bool{}
	var list []string
	for _, e := range events {
		if !ValidEvent(e) {
			return store.WebhookEndpoint{}, "", fmt.Errorf("webhook: unknown event %q", e)
		}
		if !seen[e] {
			seen[e] = true
			list = append(list, e)
		}
	}
	raw, shown := NewSecret()
	return store.WebhookEndpoint{URL: url, Events: list, Secret: raw, CreatedAt: now.UTC()}, shown, nil
}
