package store_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// TestConfirmationTokensDieWhenUsedOrSuperseded: a confirmation token confirms once, a newer
// one or an unsubscribe kills the older ones, and unsubscribe tokens keep working.
func TestConfirmationTokensDieWhenUsedOrSuperseded(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		var id int64
		step := func(name string, fn func(tx *store.Tx) error) {
			t.Helper()
			if err := s.InTx(ctx, fn); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		valid := func(token, purpose string) bool {
			t.Helper()
			var ok bool
			step("look up "+token, func(tx *store.Tx) error {
				_, _, err := tx.SubscriberByToken(ctx, hash(token), purpose)
				if errors.Is(err, store.ErrNotFound) {
					return nil
				}
				ok = err == nil
				return err
			})
			return ok
		}
		step("subscribe", func(tx *store.Tx) error {
			var err error
			if id, _, err = tx.AddSubscriber(ctx, "ada@example.org", false, t0); err != nil {
				return err
			}
			if err := tx.AddSubscriberToken(ctx, hash("confirm-1"), id, store.PurposeConfirm, t0, nil); err != nil {
				return err
			}
			return tx.AddSubscriberToken(ctx, hash("unsub-1"), id, store.PurposeUnsubscribe, t0, nil)
		})
		step("a second confirmation email", func(tx *store.Tx) error {
			return tx.AddSubscriberToken(ctx, hash("confirm-2"), id, store.PurposeConfirm, t0.Add(time.Hour), nil)
		})
		if valid("confirm-1", store.PurposeConfirm) {
			t.Error("the older confirmation token still works after a newer one was sent")
		}
		if !valid("confirm-2", store.PurposeConfirm) || !valid("unsub-1", store.PurposeUnsubscribe) {
			t.Fatal("the newest confirmation token, or the unsubscribe token, does not work")
		}
		var first, second bool
		step("use it twice", func(tx *store.Tx) error {
			var err error
			if first, err = tx.UseConfirmToken(ctx, hash("confirm-2"), t0); err != nil {
				return err
			}
			second, err = tx.UseConfirmToken(ctx, hash("confirm-2"), t0)
			return err
		})
		if !first || second {
			t.Errorf("UseConfirmToken: first %v, second %v; want true, false", first, second)
		}
		step("unsubscribe", func(tx *store.Tx) error { return tx.Unsubscribe(ctx, id, t0) })
		if valid("confirm-2", store.PurposeConfirm) {
			t.Error("after an unsubscribe the confirmation token still works")
		}
		if !valid("unsub-1", store.PurposeUnsubscribe) {
			t.Error("the unsubscribe token stopped working")
		}
	})
}

// TestOutboxKeepsNoLinksOnceDone: a sent or failed message keeps no payload, so a copy of
// the database holds no confirmation or unsubscribe link of it.
func TestOutboxKeepsNoLinksOnceDone(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		secret := `{"confirmUrl":"http://x/newsletter/confirm?token=SECRET-TOKEN"}`
		for range 2 {
			if err := s.InTx(ctx, func(tx *store.Tx) error {
				err := tx.Enqueue(ctx, store.NewMessage{Kind: "newsletter_confirm", Recipient: "ada@example.org", About: "ada@example.org", Payload: []byte(secret)}, t0)
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		claimed, err := s.Claim(ctx, t0, time.Minute, 10)
		if err != nil || len(claimed) != 2 {
			t.Fatalf("claimed %d, %v", len(claimed), err)
		}
		if err := s.MarkSent(ctx, claimed[0].ID, t0); err != nil {
			t.Fatal(err)
		}
		if err := s.MarkFailed(ctx, claimed[1].ID, "550 no such user"); err != nil {
			t.Fatal(err)
		}
		msgs, err := s.Messages(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			if strings.Contains(string(m.Payload), "SECRET-TOKEN") {
				t.Errorf("%s message %d still holds its link: %s", m.Status, m.ID, m.Payload)
			}
		}
	})
}
