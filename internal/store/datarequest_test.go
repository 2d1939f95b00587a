package store_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// elodie is one address in the spellings a person, a mail program and a keyboard with
// combining accents might give it: non-ASCII capitals, which SQLite's lower() does not fold.
var elodie = struct{ asked, subscribed, contact, plan, decomposed string }{
	asked:      "ÉLODIE.Del@exämple.com",
	subscribed: "élodie.del@exämple.com",
	contact:    "ÉLODIE.DEL@EXÄMPLE.COM",
	plan:       "Élodie.Del@Exämple.Com",
	decomposed: "E\u0301lodie.del@exa\u0308mple.com", // É and ä as letter + combining mark
}

// fill stores, for elodie and for a bystander, a row in every table that holds an address:
// a subscription with its tokens, a contact message, a lesson-plan request, mail to and
// about them, a day's mail count and an answer kept by Idempotency-Key.
func fill(t *testing.T, s *store.Store) {
	t.Helper()
	ctx := t.Context()
	for i, who := range []struct{ sub, contact, plan, mailTo string }{
		{elodie.subscribed, elodie.contact, elodie.plan, elodie.decomposed},
		{"ada@example.org", "Ada@Example.org", "ADA@example.org", "ada@EXAMPLE.org"},
	} {
		err := s.InTx(ctx, func(tx *store.Tx) error {
			id, _, err := tx.AddSubscriber(ctx, who.sub, false, t0)
			if err != nil {
				return err
			}
			if err := tx.AddSubscriberToken(ctx, hash(fmt.Sprint("tok", i)), id, store.PurposeUnsubscribe, t0, nil); err != nil {
				return err
			}
			if err := tx.AddContact(ctx, store.Contact{ID: fmt.Sprint("c", i), Name: "Name", Email: who.contact, Reason: "general",
				Message: "MARKER-MESSAGE written by " + who.contact, CreatedAt: t0}); err != nil {
				return err
			}
			if err := tx.AddLessonPlan(ctx, store.LessonPlan{Reference: fmt.Sprint("TP-", i), Email: who.plan, Subject: "science",
				Grade: "9", Topic: "Cells", Duration: 50, Notes: "MARKER-NOTES for " + who.plan, CreatedAt: t0}); err != nil {
				return err
			}
			for _, m := range []store.NewMessage{
				{Kind: "contact_receipt", Recipient: who.mailTo, About: who.contact, Payload: []byte(`{}`)},
				{Kind: "contact_team", Recipient: "team@teachpilot.test", About: who.contact, Payload: []byte(`{"email":"` + who.contact + `"}`)},
				{Kind: "lesson_plan_receipt", Recipient: who.plan, About: who.plan, Payload: []byte(`{}`)},
				// A webhook delivery announcing their contact message (internal/webhook).
				{Kind: store.OutboxWebhook, Recipient: "webhook:1", About: who.contact, Payload: []byte(`{"endpoint":1,"body":{"data":{"email":"` + who.contact + `"}}}`)},
			} {
				if err := tx.Enqueue(ctx, m, t0); err != nil {
					return err
				}
			}
			_, err = tx.CountMail(ctx, store.EmailKey(who.mailTo), t0, 10)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		// Feedback on their plan, and a console sign-in tried with their address.
		if _, err := s.AddFeedback(ctx, store.Feedback{Reference: fmt.Sprint("TP-", i), Useful: true, Comment: "Thanks, " + who.plan, CreatedAt: t0}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RecordSignInFailure(ctx, "account:"+store.EmailKey(who.sub), t0, time.Hour, 5, time.Hour); err != nil {
			t.Fatal(err)
		}
		if ok, _, err := s.ReserveIdempotency(ctx, "/api/contact", fmt.Sprint("key", i), hash("body"), store.EmailKey(who.contact), t0); err != nil || !ok {
			t.Fatalf("reserve: %v %v", ok, err)
		}
	}
}

// tables lists the tables of the schema, from the database itself, so a table added later
// is searched too.
func tables(t *testing.T, s *store.Store) []string {
	t.Helper()
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if s.Dialect() == store.Postgres {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
	}
	rows, err := store.DBOf(s).QueryContext(t.Context(), q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(names) < 8 {
		t.Fatalf("tables = %v: the schema was not read", names)
	}
	return names
}

// rowsMentioning counts, per table, the rows with a value holding address in any spelling.
func rowsMentioning(t *testing.T, s *store.Store, address string) map[string]int {
	t.Helper()
	key := store.EmailKey(address)
	found := map[string]int{}
	for _, table := range tables(t, s) {
		if n := countRows(t, s, table, key); n > 0 {
			found[table] = n
		}
	}
	return found
}

// countRows counts the rows of table with a value holding key.
func countRows(t *testing.T, s *store.Store, table, key string) int {
	t.Helper()
	n := 0
	rows, err := store.DBOf(s).QueryContext(t.Context(), `SELECT * FROM `+table)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for _, v := range vals {
			text := fmt.Sprint(v)
			if b, ok := v.([]byte); ok {
				text = string(b)
			}
			if strings.Contains(store.EmailKey(text), key) {
				n++
				break
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestEmailKeyIsOneFormForEverySpelling(t *testing.T) {
	want := store.EmailKey(elodie.asked)
	for _, spelling := range []string{elodie.subscribed, elodie.contact, elodie.plan, elodie.decomposed, "  " + elodie.asked + "\t"} {
		if got := store.EmailKey(spelling); got != want {
			t.Errorf("EmailKey(%q) = %q, want %q", spelling, got, want)
		}
	}
	if store.EmailKey("elodie.del@example.com") == want {
		t.Error("the address without accents has the same key: a different mailbox")
	}
}

// TestDataRequestFindsEveryRowOfAnAddressInAnySpelling writes one address in four
// spellings with non-ASCII capitals into every table, asks for it in a fifth, and then
// reads every table of the schema: nothing of it is left, and the bystander is untouched.
func TestDataRequestFindsEveryRowOfAnAddressInAnySpelling(t *testing.T) {
	stores(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		fill(t, s)
		before := rowsMentioning(t, s, elodie.asked)
		for _, table := range []string{"subscribers", "contacts", "lesson_plans", "plan_feedback", "outbox", "mail_quota", "idempotency", "sign_in_throttle"} {
			if before[table] == 0 {
				t.Fatalf("before: no row of %s mentions the address: %v", table, before)
			}
		}

		e, err := s.ExportByEmail(ctx, elodie.asked)
		if err != nil {
			t.Fatal(err)
		}
		got := fmt.Sprintf("%d subscribers, %d contacts, %d lesson plans, %d messages, %d mail counts, %d kept answers",
			len(e.Subscribers), len(e.Contacts), len(e.LessonPlans), len(e.Messages), len(e.MailQuota), len(e.Idempotency))
		if want := "1 subscribers, 1 contacts, 1 lesson plans, 4 messages, 1 mail counts, 1 kept answers"; got != want {
			t.Errorf("export: %s, want %s", got, want)
		}

		d, err := s.DeleteByEmail(ctx, elodie.asked)
		if err != nil {
			t.Fatal(err)
		}
		if want := (store.Deleted{Subscribers: 1, Contacts: 1, LessonPlans: 1, Messages: 4, MailQuota: 1, Idempotency: 1, SignInThrottle: 1}); d != want {
			t.Errorf("deleted %+v, want %+v", d, want)
		}
		if left := rowsMentioning(t, s, elodie.asked); len(left) > 0 {
			t.Errorf("after delete-email, rows still mention the address: %v", left)
		}
		var tokens int
		if err := store.DBOf(s).QueryRowContext(ctx, `SELECT COUNT(*) FROM subscriber_tokens`).Scan(&tokens); err != nil || tokens != 1 {
			t.Errorf("%d tokens left (%v), want the bystander's 1", tokens, err)
		}
		if kept := rowsMentioning(t, s, "ada@example.org"); kept["contacts"] != 1 || kept["outbox"] != 4 || kept["subscribers"] != 1 || kept["sign_in_throttle"] != 1 {
			t.Errorf("the bystander's rows: %v", kept)
		}
		if e, err := s.ExportByEmail(ctx, elodie.decomposed); err != nil || len(e.Contacts)+len(e.Messages)+len(e.Subscribers) != 0 {
			t.Errorf("export after delete = %+v, %v", e, err)
		}
	})
}

// TestDeletedAddressIsGoneFromTheSQLiteFile searches the raw database file and its WAL for
// what delete-email removed: secure_delete zeroes it, VACUUM and the TRUNCATE checkpoint
// leave no old page behind.
func TestDeletedAddressIsGoneFromTheSQLiteFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "site.db")
	s, err := store.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	fill(t, s)
	// More rows, so the deleted ones share pages with rows that stay.
	for i := range 200 {
		err := s.InTx(t.Context(), func(tx *store.Tx) error {
			return tx.AddContact(t.Context(), store.Contact{ID: fmt.Sprint("more", i), Name: "N", Email: fmt.Sprint("p", i, "@example.org"),
				Reason: "general", Message: strings.Repeat("filler ", 40), CreatedAt: t0})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	needles := [][]byte{[]byte(elodie.contact), []byte(elodie.plan), []byte(elodie.subscribed), []byte(elodie.decomposed),
		[]byte(store.EmailKey(elodie.asked)), []byte("written by " + elodie.contact), []byte("MARKER-NOTES for " + elodie.plan)}
	count := func() map[string]int {
		n := map[string]int{}
		for _, f := range []string{path, path + "-wal"} {
			b, err := os.ReadFile(f)
			if errors.Is(err, os.ErrNotExist) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, needle := range needles {
				if c := bytes.Count(b, needle); c > 0 {
					n[filepath.Base(f)+": "+string(needle)] += c
				}
			}
		}
		return n
	}
	if before := count(); len(before) == 0 {
		t.Fatal("the address is not in the files before the delete: the search proves nothing")
	}
	if _, err := s.DeleteByEmail(t.Context(), elodie.asked); err != nil {
		t.Fatal(err)
	}
	if left := count(); len(left) > 0 {
		t.Errorf("after delete-email the files still hold: %v", left)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	if _, err := s.Contact(ctx, "c1"); err != nil {
		t.Errorf("the bystander's contact is gone: %v", err)
	}
}

// TestMigrationBackfillsEmailKeys: rows written before the keys existed got them from SQL
// lower() (ASCII only); the Go migration recomputes them, so a data request finds them too.
func TestMigrationBackfillsEmailKeys(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	s, err := store.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	fill(t, s)
	// As the database was after migration 3 alone: keys from SQL lower(), the Go migration
	// (4) not run yet. (It is run by hand below: goose refuses to apply a version lower than
	// the database's, and later migrations exist.)
	for _, q := range []string{
		`UPDATE subscribers SET email_key = lower(email)`, `UPDATE contacts SET email_key = lower(email)`,
		`UPDATE lesson_plans SET email_key = lower(email)`, `UPDATE outbox SET recipient_key = lower(recipient), about_key = lower(about)`,
	} {
		if _, err := store.DBOf(s).ExecContext(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	}
	if e, err := s.ExportByEmail(t.Context(), elodie.asked); err != nil || len(e.Contacts) != 0 {
		t.Fatalf("with SQL lower() keys, the contact was found (%d, %v): the test proves nothing", len(e.Contacts), err)
	}
	if err := store.BackfillEmailKeys(t.Context(), s); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	e, err := s.ExportByEmail(t.Context(), elodie.asked)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Subscribers) != 1 || len(e.Contacts) != 1 || len(e.LessonPlans) != 1 || len(e.Messages) != 4 {
		t.Errorf("after the backfill: %d subscribers, %d contacts, %d plans, %d messages; want 1, 1, 1, 4",
			len(e.Subscribers), len(e.Contacts), len(e.LessonPlans), len(e.Messages))
	}
}
