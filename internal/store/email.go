package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/pressly/goose/v3"
	"golang.org/x/text/unicode/norm"
)

// EmailKey is the one canonical form of an email address, by which every table finds an
// address: the whole address, trimmed, lower-cased with Unicode rules (strings.ToLower) and
// put in Unicode normal form C, so "ÉLODIE.Del@exämple.com", "élodie.del@EXÄMPLE.com" and
// the same letters typed with combining accents are one person.
//
// It is computed in Go when a row is written and never by SQL: SQLite's lower() folds
// ASCII only, and PostgreSQL's depends on the database's locale. Lower-casing the local
// part is stricter than RFC 5321 allows a mail server to be, but no provider people use
// tells two mailboxes apart by case, and a data request must find every spelling. The
// address as typed is kept beside the key, for display and sending.
func EmailKey(addr string) string {
	return norm.NFC.String(strings.ToLower(strings.TrimSpace(addr)))
}

// emailKeyBackfill is migration 4: it recomputes, in Go, the keys migration 3 filled with
// SQL lower() (right for ASCII only), so rows written before the keys existed are found by
// the same key as new ones.
var emailKeyBackfill = goose.NewGoMigration(4, &goose.GoFunc{RunTx: backfillEmailKeys}, &goose.GoFunc{RunTx: func(context.Context, *sql.Tx) error { return nil }})

func backfillEmailKeys(ctx context.Context, tx *sql.Tx) error {
	for _, t := range []struct{ table, id, from, key string }{
		{"subscribers", "id", "email", "email_key"},
		{"contacts", "id", "email", "email_key"},
		{"lesson_plans", "reference", "email", "email_key"},
		{"outbox", "id", "recipient", "recipient_key"},
		{"outbox", "id", "about", "about_key"},
	} {
		type fix struct{ id, key string }
		rows, err := tx.QueryContext(ctx, `SELECT `+t.id+`, `+t.from+`, `+t.key+` FROM `+t.table)
		all, err := collect(rows, err, func(row scanner) (fix, error) {
			var id, addr, key string
			err := row.Scan(&id, &addr, &key)
			if k := EmailKey(addr); k != key {
				return fix{id, k}, err
			}
			return fix{}, err
		})
		if err != nil {
			return fmt.Errorf("store: backfill %s.%s: %w", t.table, t.key, err)
		}
		for _, f := range all {
			if f.id == "" {
				continue // already right
			}
			q := `UPDATE ` + t.table + ` SET ` + t.key + ` = $1 WHERE ` + t.id + ` = $2`
			if t.id == "id" {
				q = `UPDATE ` + t.table + ` SET ` + t.key + ` = $1 WHERE CAST(` + t.id + ` AS TEXT) = $2`
			}
			if _, err := tx.ExecContext(ctx, q, f.key, f.id); err != nil {
				return fmt.Errorf("store: backfill %s.%s: %w", t.table, t.key, err)
			}
		}
	}
	return nil
}
