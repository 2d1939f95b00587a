package csvexport_test

import (
	"bytes"
	"encoding/csv"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/csvexport"
	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/store/storetest"
)

func TestNeutralise(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"a formula", "=HYPERLINK(\"http://evil\",\"x\")", "'=HYPERLINK(\"http://evil\",\"x\")"},
		{"plus", "+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"},
		{"minus", "-2+3", "'-2+3"},
		{"at", "@SUM(A1)", "'@SUM(A1)"},
		{"tab", "\t=1", "'\t=1"},
		{"carriage return", "\r=1", "'\r=1"},
		{"plain text", "Hello = world", "Hello = world"},
		{"an address", "ada@example.org", "ada@example.org"},
		{"empty", "", ""},
		{"already quoted text stays as typed", "'=1", "'=1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := csvexport.Neutralise(tc.in); got != tc.want {
				t.Errorf("Neutralise(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestWriterIsRFC4180(t *testing.T) {
	var buf bytes.Buffer
	w := csvexport.NewWriter(&buf)
	rows := [][]string{{"a", "b,c", "say \"hi\""}, {"line\nbreak", "=1+1", ""}}
	for _, r := range rows {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	// With CRLF line ends, encoding/csv also writes a line break inside a quoted cell as CRLF.
	want := "a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"line\r\nbreak\",'=1+1,\r\n"
	if buf.String() != want {
		t.Errorf("got %q\nwant %q", buf.String(), want)
	}
}

func TestContactsExportNeutralisesVisitorsText(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		at := time.Date(2026, 4, 1, 12, 0, 0, 0, time.UTC)
		for i, c := range []store.Contact{
			{ID: "c1", Name: "=cmd|' /C calc'!A0", Email: "a@example.org", Reason: "general", Message: "@SUM(1,2)\nsecond line, with comma"},
			{ID: "c2", Name: "Ada", Email: "b@example.org", Reason: "press", Organisation: "-Org", Message: "Plain"},
			{ID: "c3", Name: "Spammer", Email: "c@example.org", Reason: "general", Message: "+1", Spam: true},
		} {
			c.CreatedAt = at.Add(time.Duration(i) * time.Minute)
			if err := s.InTx(ctx, func(tx *store.Tx) error { return tx.AddContact(ctx, c) }); err != nil {
				t.Fatal(err)
			}
		}
		var buf bytes.Buffer
		if err := csvexport.Contacts(ctx, &buf, s, store.ListQuery{}); err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(strings.NewReader(buf.String())).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		want := [][]string{
			{"id", "name", "email", "reason", "organisation", "message", "spam", "created_at", "handled_at"},
			{"c2", "Ada", "b@example.org", "press", "'-Org", "Plain", "false", "2026-04-01T12:01:00Z", ""},
			{"c1", "'=cmd|' /C calc'!A0", "a@example.org", "general", "", "'@SUM(1,2)\nsecond line, with comma", "false", "2026-04-01T12:00:00Z", ""},
		}
		if len(recs) != len(want) {
			t.Fatalf("got %d records: %q", len(recs), recs)
		}
		for i := range want {
			if !slices.Equal(recs[i], want[i]) {
				t.Errorf("record %d:\ngot  %q\nwant %q", i, recs[i], want[i])
			}
		}
	})
}

func TestSubscribersAndLessonPlansExport(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		at := time.Date(2026, 4, 1, 12, 0, 0, 0, time.UTC)
		if err := s.InTx(ctx, func(tx *store.Tx) error {
			if _, _, err := tx.AddSubscriber(ctx, "=x@example.org", false, at); err != nil {
				return err
			}
			return tx.AddLessonPlan(ctx, store.LessonPlan{Reference: "TP-1", Email: "p@example.org", Subject: "math", Grade: "9",
				Topic: "+Fractions", Duration: 45, Differentiation: []string{"ell", "gifted"}, CreatedAt: at})
		}); err != nil {
			t.Fatal(err)
		}
		var subs, plans bytes.Buffer
		if err := csvexport.Subscribers(ctx, &subs, s, store.ListQuery{}); err != nil {
			t.Fatal(err)
		}
		if err := csvexport.LessonPlans(ctx, &plans, s, store.ListQuery{}); err != nil {
			t.Fatal(err)
		}
		if want := "email,status,spam,created_at,confirmed_at,unsubscribed_at\r\n'=x@example.org,pending,false,2026-04-01T12:00:00Z,,\r\n"; subs.String() != want {
			t.Errorf("subscribers:\ngot  %q\nwant %q", subs.String(), want)
		}
		if !strings.Contains(plans.String(), "\r\nTP-1,p@example.org,,,math,9,'+Fractions,45,,,,ell; gifted,,false,2026-04-01T12:00:00Z\r\n") {
			t.Errorf("lesson plans: %q", plans.String())
		}
	})
}
