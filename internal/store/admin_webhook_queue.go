package store

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// Webhook deliveries travel through the outbox as rows of kind OutboxWebhook, queued in the
// transaction of the event they announce, so an event is announced if and only if it
// happened. The mail worker's Claim leaves them out; the webhook worker claims them with
// ClaimWebhooks, and records each attempt with the same MarkSent, Retry and MarkFailed.

// WebhookEndpointIDs returns, inside the transaction, the ids of the endpoints receiving
// event, oldest first.
func (tx *Tx) WebhookEndpointIDs(ctx context.Context, event string) ([]int64, error) {
	rows, err := tx.query(ctx, `SELECT `+endpointColumns+` FROM webhook_endpoints ORDER BY id`)
	eps, err := collect(rows, err, scanEndpoint)
	if err != nil {
		return nil, fmt.Errorf("store: webhook endpoints for %s: %w", event, err)
	}
	var ids []int64
	for _, e := range eps {
		if slices.Contains(e.Events, event) {
			ids = append(ids, e.ID)
		}
	}
	return ids, nil
}

// ClaimWebhooks is Claim for webhook deliveries (found through the partial index outbox_webhooks).
func (s *Store) ClaimWebhooks(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Message, error) {
	return s.claim(ctx, now, lease, limit, `kind = '`+OutboxWebhook+`'`)
}
