package server

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// enqueueToVisitor queues msg, addressed to a visitor's address that nobody has verified,
// unless that address already got MAIL_PER_RECIPIENT_DAY messages today (UTC). Anyone can
// type anyone's address into a form: the per-IP rate limit alone would let a few addresses
// send one inbox hundreds of emails a day. The count is kept in the database, in tx, so it
// holds across instances and is undone if tx is.
//
// Over the limit, nothing is queued and a warning is logged (with the kind of message and
// the recipient's domain, not the address); the visitor still gets the usual answer, so the
// limit tells a sender nothing about the address. It reports whether msg was queued.
func (s *Server) enqueueToVisitor(ctx context.Context, tx *store.Tx, msg store.NewMessage, now time.Time) (bool, error) {
	if limit := s.cfg.MailPerRecipientDay; limit > 0 {
		ok, err := tx.CountMail(ctx, store.EmailKey(msg.Recipient), now, limit)
		if err != nil {
			return false, err
		}
		if !ok {
			s.log.LogAttrs(ctx, slog.LevelWarn, "mail not queued: daily limit for this recipient reached",
				slog.String("kind", msg.Kind), slog.String("domain", domainOf(msg.Recipient)), slog.Int("limit", limit))
			return false, nil
		}
	}
	if err := tx.Enqueue(ctx, msg, now); err != nil {
		return false, err
	}
	return true, nil
}

// domainOf is the part of an address after its last @.
func domainOf(addr string) string { return addr[strings.LastIndexByte(addr, '@')+1:] }

// choiceKind reports the kinds of form field whose answer is one of the site's own options
// or a number: the only answers a message to an unverified address may repeat (SPEC B4).
func choiceKind(kind string) bool {
	return kind == "select" || kind == "multiselect" || kind == "integer"
}
