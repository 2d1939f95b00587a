package server

import (
	"crypto/rand"
	"fmt"
	"net/http"
	"strings"

	"github.com/teachpilot/site/internal/mail"
	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/webhook"
)

// contactForm is a message: forms.json's contact form.
type contactForm struct {
	Name         string `json:"name"`
	Email        string `json:"email"`
	Reason       string `json:"reason"`
	Organisation string `json:"organisation"`
	Message      string `json:"message"`
}

// createContact handles POST /api/contact:
//
//	{"name", "email", "reason", "organisation"?, "message", "website"?}
//
// It stores the message and, in the same transaction, queues two emails: a notification to
// TEAM_EMAIL with Reply-To set to the sender, and a confirmation to the sender. It answers
// 201 {"id": "…"}; a plain form post gets 303 to the form's success page. With the honeypot filled
// the message is stored marked as spam, the answer is the same, and no email is queued.
func (s *Server) createContact(w http.ResponseWriter, r *http.Request) {
	sub, ok := decodeForm[contactForm](s, w, r, "contact")
	if !ok {
		return
	}
	ctx := r.Context()
	rules := s.api.rules.Forms["contact"]
	f := sub.Fields
	c := store.Contact{
		ID: newID(), Name: f.Name, Email: f.Email, Reason: f.Reason, Organisation: f.Organisation, Message: f.Message,
		Spam: sub.Spam, CreatedAt: s.api.now(),
	}
	reason := rules.byName["reason"].optionLabel(c.Reason)
	err := s.api.store.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.AddContact(ctx, c); err != nil || c.Spam {
			return err
		}
		team, err := mail.Outgoing(mail.KindContactTeam, s.cfg.TeamEmail, c.Email, mail.ContactTeam{
			ID: c.ID, Name: c.Name, Email: c.Email, Reason: reason, Organisation: c.Organisation, Message: c.Message,
		})
		if err != nil {
			return err
		}
		// The receipt goes to an unverified address: the site's words only (mail.ContactReceipt).
		receipt, err := mail.Outgoing(mail.KindContactReceipt, c.Email, c.Email, mail.ContactReceipt{Reason: reason})
		if err != nil {
			return err
		}
		if err := tx.Enqueue(ctx, team, c.CreatedAt); err != nil {
			return err
		}
		if _, err = s.enqueueToVisitor(ctx, tx, receipt, c.CreatedAt); err != nil {
			return err
		}
		return s.emit(ctx, tx, webhook.ContactReceived, newContactEvent(c), c.Email, c.CreatedAt)
	})
	if err != nil {
		s.serverError(w, r, fmt.Errorf("contact: %w", err))
		return
	}
	s.queued(!c.Spam)
	success(w, r, http.StatusCreated, struct {
		ID string `json:"id"`
	}{c.ID}, rules.successPath)
}

// crockford is Crockford's base32 alphabet: no I, L, O or U, so a reference read aloud or
// typed from paper is hard to get wrong.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// randomBase32 returns n random Crockford base32 characters (5 bits each).
func randomBase32(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	for i := range b {
		b[i] = crockford[b[i]&31]
	}
	return string(b)
}

// newID returns a random contact id: 26 characters, 130 bits.
func newID() string { return strings.ToLower(randomBase32(26)) }
