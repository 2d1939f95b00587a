package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// WebhookEndpoint is a URL the site POSTs events to.
type WebhookEndpoint struct {
	ID     int64
	URL    string
	Events []string // event types it receives
	// Secret is the raw signing key. It is stored as is because every delivery must sign
	// with it; the console shows it once, at creation (internal/webhook).
	Secret    []byte
	CreatedAt time.Time
}

func scanEndpoint(row scanner) (WebhookEndpoint, error) {
	var e WebhookEndpoint
	var events string
	if err := row.Scan(&e.ID, &e.URL, &events, &e.Secret, &e.CreatedAt); err != nil {
		return WebhookEndpoint{}, err
	}
	e.CreatedAt = e.CreatedAt.UTC()
	return e, json.Unmarshal([]byte(events), &e.Events)
}

const endpointColumns = `id, url, events, secret, created_at`

// AddWebhookEndpoint stores an endpoint and returns its id.
func (s *Store) AddWebhookEndpoint(ctx context.Context, e WebhookEndpoint) (int64, error) {
	events, err := json.Marshal(e.Events)
	if err != nil {
		return 0, fmt.Errorf("store: add webhook endpoint: %w", err)
	}
	var id int64
	err = s.InTx(ctx, func(tx *Tx) error {
		return tx.queryRow(ctx, `INSERT INTO webhook_endpoints (url, events, secret, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
			e.URL, string(events), e.Secret, utc(e.CreatedAt)).Scan(&id)
	})
	if err != nil {
		return 0, fmt.Errorf("store: add webhook endpoint: %w", err)
	}
	return id, nil
}

// WebhookEndpoint returns the endpoint with the given id, or ErrNotFound.
func (s *Store) WebhookEndpoint(ctx context.Context, id int64) (WebhookEndpoint, error) {
	e, err := scanEndpoint(s.db.QueryRowContext(ctx, `SELECT `+endpointColumns+` FROM webhook_endpoints WHERE id = $1`, id))
	if err != nil {
		return WebhookEndpoint{}, notFound(err, "webhook endpoint")
	}
	return e, nil
}

// WebhookEndpoints lists the endpoints, oldest first; with event set, only those receiving it.
func (s *Store) WebhookEndpoints(ctx context.Context, event string) ([]WebhookEndpoint, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+endpointColumns+` FROM webhook_endpoints ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("store: webhook endpoints: %w", err)
	}
	defer rows.Close()
	out := []WebhookEndpoint{}
	for rows.Next() {
		e, err := scanEndpoint(rows)
		if err != nil {
			return nil, fmt.Errorf("store: webhook endpoints: %w", err)
		}
		if event == "" || contains(e.Events, event) {
			out = append(out, e)
		}
	}
	return out, rows.Err()
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// RemoveWebhookEndpoint deletes an endpoint and its delivery log.
func (s *Store) RemoveWebhookEndpoint(ctx context.Context, id int64) error {
	res, err := s.wexec(ctx, `DELETE FROM webhook_endpoints WHERE id = $1`, id)
	return oneRow(res, err, "remove webhook endpoint")
}

// WebhookDelivery is one attempt to deliver an event to an endpoint.
type WebhookDelivery struct {
	ID         int64
	EndpointID int64
	EventID    string // the same for every attempt of one event
	Event      string
	Attempt    int
	StatusCode int    // 0 when no response came
	Error      string // why the attempt failed; "" when it succeeded
	Duration   time.Duration
	At         time.Time
}

// AddWebhookDelivery logs an attempt.
func (s *Store) AddWebhookDelivery(ctx context.Context, d WebhookDelivery) error {
	_, err := s.wexec(ctx,
		`INSERT INTO webhook_deliveries (endpoint_id, event_id, event, attempt, status_code, error, duration_ms, at)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		d.EndpointID, d.EventID, d.Event, d.Attempt, d.StatusCode, d.Error, d.Duration.Milliseconds(), utc(d.At))
	if err != nil {
		return fmt.Errorf("store: add webhook delivery: %w", err)
	}
	return nil
}

// WebhookDeliveries returns the last limit attempts for an endpoint, newest first.
func (s *Store) WebhookDeliveries(ctx context.Context, endpointID int64, limit int) ([]WebhookDelivery, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT id, endpoint_id, event_id, event, attempt, status_code, error, duration_ms, at FROM webhook_deliveries
		 WHERE endpoint_id = $1 ORDER BY id DESC LIMIT $2`, endpointID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: webhook deliveries: %w", err)
	}
	defer rows.Close()
	out := []WebhookDelivery{}
	for rows.Next() {
		var d WebhookDelivery
		var ms int64
		if err := rows.Scan(&d.ID, &d.EndpointID, &d.EventID, &d.Event, &d.Attempt, &d.StatusCode, &d.Error, &ms, &d.At); err != nil {
			return nil, fmt.Errorf("store: webhook deliveries: %w", err)
		}
		d.Duration, d.At = time.Duration(ms)*time.Millisecond, d.At.UTC()
		out = append(out, d)
	}
	return out, rows.Err()
}
