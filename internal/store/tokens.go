package store

import (
	"context"
	"fmt"
	"time"
)

// Confirmation tokens are single-purpose and die when used or superseded:
//   - a confirmation token confirms once (UseConfirmToken records when); the same link
//     opened again while the address is still confirmed is answered as before, but it can
//     never confirm the address again after an unsubscribe;
//   - a newer confirmation token deletes the older ones of the address (DropConfirmTokens,
//     called by AddSubscriberToken), so only the latest email's link works;
//   - an unsubscribe deletes every confirmation token of the address.
//
// Unsubscribe tokens are left alone: they can only take an address off the list, and the
// List-Unsubscribe header of every email sent must keep working (RFC 8058).

// DropConfirmTokens deletes the confirmation tokens of subscriber id.
func (tx *Tx) DropConfirmTokens(ctx context.Context, id int64) error {
	if _, err := tx.exec(ctx, `DELETE FROM subscriber_tokens WHERE subscriber_id = $1 AND purpose = $2`, id, PurposeConfirm); err != nil {
		return fmt.Errorf("store: drop confirmation tokens: %w", err)
	}
	return nil
}

// UseConfirmToken marks a confirmation token (by its hash) used at now. It reports false
// when the token was used already.
func (tx *Tx) UseConfirmToken(ctx context.Context, hash []byte, now time.Time) (bool, error) {
	res, err := tx.exec(ctx,
		`UPDATE subscriber_tokens SET used_at = $2 WHERE token_hash = $1 AND purpose = $3 AND used_at IS NULL`,
		hash, utc(now), PurposeConfirm)
	if err != nil {
		return false, fmt.Errorf("store: use confirmation token: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: use confirmation token: %w", err)
	}
	return n == 1, nil
}
