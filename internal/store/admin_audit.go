package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// AuditEntry is one line of the console's audit log: who did what, when, to what.
type AuditEntry struct {
	ID      int64
	At      time.Time
	Actor   string // the account's address, or "cli" / "retention" for the machine
	Action  string // e.g. "export.csv", "delete.email", "admin.add"
	Subject string // what it was done to (an address, a list, an endpoint), may be empty
	// Details is a JSON object with whatever else is worth keeping; nil is stored as {}.
	Details json.RawMessage
}

// AddAudit appends an entry to the audit log and returns its id.
func (s *Store) AddAudit(ctx context.Context, e AuditEntry) (int64, error) {
	details := string(e.Details)
	if len(e.Details) == 0 {
		details = "{}"
	}
	if !json.Valid([]byte(details)) {
		return 0, fmt.Errorf("store: add audit %s: details are not JSON", e.Action)
	}
	ids, err := wcollect(ctx, s, func(r scanner) (int64, error) {
		var id int64
		return id, r.Scan(&id)
	}, `INSERT INTO audit_log (at, actor, action, subject, details) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
		utc(e.At), e.Actor, e.Action, e.Subject, details)
	if err == nil && len(ids) != 1 {
		err = fmt.Errorf("%d ids returned", len(ids))
	}
	if err != nil {
		return 0, fmt.Errorf("store: add audit %s: %w", e.Action, err)
	}
	return ids[0], nil
}

// AuditLog returns up to limit entries older than the entry with id before (0: the newest),
// newest first. The id is the cursor: entries are appended in id order.
func (s *Store) AuditLog(ctx context.Context, before int64, limit int) ([]AuditEntry, error) {
	if before <= 0 {
		before = 1<<63 - 1
	}
	rows, err := s.db.QueryContext(ctx,
		`SELECT id, at, actor, action, subject, details FROM audit_log WHERE id < $1 ORDER BY id DESC LIMIT $2`,
		before, limit)
	if err != nil {
		return nil, fmt.Errorf("store: audit log: %w", err)
	}
	defer rows.Close()
	out := []AuditEntry{}
	for rows.Next() {
		var e AuditEntry
		var details string
		if err := rows.Scan(&e.ID, &e.At, &e.Actor, &e.Action, &e.Subject, &details); err != nil {
			return nil, fmt.Errorf("store: audit log: %w", err)
		}
		e.At, e.Details = e.At.UTC(), json.RawMessage(details)
		out = append(out, e)
	}
	return out, rows.Err()
}
