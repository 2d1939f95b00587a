package store

import (
	"context"
	"database/sql"
	"time"
)

// ContactRow is a contact message as the console lists it: with when it was handled.
type ContactRow struct {
	Contact
	HandledAt *time.Time // nil while the message is new
}

const contactRowColumns = contactColumns + `, handled_at`

func scanContactRow(row scanner) (ContactRow, error) {
	var c ContactRow
	var handled sql.NullTime
	err := row.Scan(&c.ID, &c.Name, &c.Email, &c.Reason, &c.Organisation, &c.Message, &c.Spam, &c.CreatedAt, &handled)
	c.CreatedAt, c.HandledAt = c.CreatedAt.UTC(), nullTime(handled)
	return c, err
}

// SetContactHandled marks a contact message handled at the given time, or new again with nil.
func (s *Store) SetContactHandled(ctx context.Context, id string, at *time.Time) error {
	var v sql.NullTime
	if at != nil {
		v = sql.NullTime{Time: utc(*at), Valid: true}
	}
	res, err := s.wexec(ctx, `UPDATE contacts SET handled_at = $2 WHERE id = $1`, id, v)
	return oneRow(res, err, "set contact handled")
}
