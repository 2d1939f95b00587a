package store

import (
	"context"
	"fmt"
	"time"
)

// Contact is a message sent through the contact form.
type Contact struct {
	ID           string
	Name         string
	Email        string
	Reason       string
	Organisation string // empty when not given
	Message      string
	Spam         bool // the honeypot field was filled
	CreatedAt    time.Time
}

const contactColumns = `id, name, email, reason, organisation, message, spam, created_at`

func scanContact(row scanner) (Contact, error) {
	var c Contact
	err := row.Scan(&c.ID, &c.Name, &c.Email, &c.Reason, &c.Organisation, &c.Message, &c.Spam, &c.CreatedAt)
	c.CreatedAt = c.CreatedAt.UTC()
	return c, err
}

// AddContact stores a contact message. c.ID must be set and unique.
func (tx *Tx) AddContact(ctx context.Context, c Contact) error {
	err := tx.execLater(ctx,
		`INSERT INTO contacts (`+contactColumns+`, email_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		c.ID, c.Name, c.Email, c.Reason, c.Organisation, c.Message, c.Spam, utc(c.CreatedAt), EmailKey(c.Email))
	if err != nil {
		return fmt.Errorf("store: add contact: %w", err)
	}
	return nil
}

// Contact returns the contact message with the given id.
func (s *Store) Contact(ctx context.Context, id string) (Contact, error) {
	c, err := scanContact(s.db.QueryRowContext(ctx,
		`SELECT `+contactColumns+` FROM contacts WHERE id = $1`, id))
	if err != nil {
		return Contact{}, notFound(err, "contact")
	}
	return c, nil
}
