package webhook

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// queued is the payload of an outbox row of kind store.OutboxWebhook: which endpoint, and
// the event as it is sent on every attempt (same id, same body).
type queued struct {
	Endpoint int64           `json:"endpoint"`
	ID       string          `json:"id"`
	Type     string          `json:"type"`
	Body     json.RawMessage `json:"body"`
}

// Enqueue queues ev for every endpoint that receives its type, in tx: the deliveries exist
// if and only if the transaction that records the event commits. about is the address of
// the person the event concerns ("" for none), so a data request finds and deletes the
// queued payload. It returns how many deliveries it queued.
func Enqueue(ctx context.Context, tx *store.Tx, ev Event, about string, now time.Time) (int, error) {
	ids, err := tx.WebhookEndpointIDs(ctx, ev.Type)
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		if err := EnqueueTo(ctx, tx, id, ev, about, now); err != nil {
			return 0, err
		}
	}
	return len(ids), nil
}

// EnqueueTo queues ev for the endpoint with id alone ("send a test event").
func EnqueueTo(ctx context.Context, tx *store.Tx, endpoint int64, ev Event, about string, now time.Time) error {
	payload, err := json.Marshal(queued{Endpoint: endpoint, ID: ev.ID, Type: ev.Type, Body: ev.Body})
	if err != nil {
		return fmt.Errorf("webhook: queue %s: %w", ev.Type, err)
	}
	err = tx.Enqueue(ctx, store.NewMessage{
		Kind: store.OutboxWebhook, Recipient: "webhook:" + strconv.FormatInt(endpoint, 10), About: about, Payload: payload,
	}, now)
	return err
}

// decode reads an outbox row's payload back.
func decode(m store.Message) (int64, Event, error) {
	var q queued
	if err := json.Unmarshal(m.Payload, &q); err != nil || q.ID == "" {
		return 0, Event{}, fmt.Errorf("webhook: outbox message %d: not a webhook delivery", m.ID)
	}
	return q.Endpoint, Event{ID: q.ID, Type: q.Type, Body: q.Body}, nil
}
