package main

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	console "github.com/teachpilot/site/internal/admin"
	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/store/storetest"
)

func TestAdminAccountCommands(t *testing.T) {
	db := storetest.SQLite(t)
	ctx := t.Context()
	var generated string
	passwordOf := func(t *testing.T, email string) string {
		a, err := db.AdminByEmail(ctx, email)
		if err != nil {
			t.Fatal(err)
		}
		return a.PasswordHash
	}
	verifies := func(t *testing.T, email, password string) {
		t.Helper()
		if ok, err := console.VerifyPassword(password, passwordOf(t, email)); !ok || err != nil {
			t.Errorf("%s: password %q does not verify (%v)", email, password, err)
		}
	}
	for _, tc := range []struct {
		name    string
		args    []string
		stdin   string
		wantErr error  // matched with errors.Is, or…
		errText string // …by text
		wantOut string
		check   func(t *testing.T, out string)
	}{
		{name: "no account exists at first", args: []string{"list"}, wantOut: "EMAIL"},
		{name: "add with a password on stdin", args: []string{"add", "Ada@Example.org"}, stdin: "correct horse battery staple\n",
			wantOut: "ada@example.org: done", check: func(t *testing.T, _ string) { verifies(t, "ada@example.org", "correct horse battery staple") }},
		{name: "add again", args: []string{"add", "ada@example.org"}, stdin: "another long password\n", wantErr: store.ErrExists},
		{name: "add with an empty line generates a password, shown once", args: []string{"add", "bob@example.org"}, stdin: "\n",
			check: func(t *testing.T, out string) {
				m := regexp.MustCompile(`bob@example.org: password (\S+)`).FindStringSubmatch(out)
				if m == nil {
					t.Fatalf("no password in %q", out)
				}
				generated = m[1]
				if console.CheckPassword(generated) != nil {
					t.Errorf("generated %q fails the policy", generated)
				}
				verifies(t, "bob@example.org", generated)
			}},
		{name: "a short password is refused", args: []string{"add", "carol@example.org"}, stdin: "short\n", wantErr: console.ErrPasswordTooShort},
		{name: "a common password is refused", args: []string{"add", "carol@example.org"}, stdin: "Password1234\n", wantErr: console.ErrPasswordCommon},
		{name: "not an address", args: []string{"add", "Carol <carol@example.org>"}, stdin: "correct horse battery staple\n", errText: "is not an email address"},
		{name: "list shows the accounts", args: []string{"list"}, check: func(t *testing.T, out string) {
			if !strings.Contains(out, "ada@example.org") || !strings.Contains(out, "bob@example.org") || strings.Contains(out, "carol") {
				t.Errorf("list: %q", out)
			}
		}},
		{name: "reset gives a new password and ends the sessions", args: []string{"reset", "ada@example.org"}, stdin: "a brand new pass phrase",
			check: func(t *testing.T, _ string) {
				verifies(t, "ada@example.org", "a brand new pass phrase")
				a, _ := db.AdminByEmail(ctx, "ada@example.org")
				if _, err := db.AdminSession(ctx, bytes.Repeat([]byte{1}, 32)); !errors.Is(err, store.ErrNotFound) {
					t.Errorf("session of %d survived the reset: %v", a.ID, err)
				}
			}},
		{name: "reset of an unknown account", args: []string{"reset", "zed@example.org"}, stdin: "\n", wantErr: store.ErrNotFound},
		{name: "remove", args: []string{"remove", "bob@example.org"}, wantOut: "bob@example.org: removed"},
		{name: "remove an unknown account", args: []string{"remove", "bob@example.org"}, wantErr: store.ErrNotFound},
		{name: "no subcommand", args: nil, errText: "usage: site admin"},
		{name: "an unknown subcommand", args: []string{"promote", "ada@example.org"}, errText: "usage: site admin"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "reset gives a new password and ends the sessions" {
				a, _ := db.AdminByEmail(ctx, "ada@example.org")
				now := time.Now()
				if err := db.AddAdminSession(ctx, store.AdminSession{TokenHash: bytes.Repeat([]byte{1}, 32), AdminID: a.ID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
					t.Fatal(err)
				}
			}
			var out, prompt bytes.Buffer
			err := admins(ctx, db, tc.args, strings.NewReader(tc.stdin), &out, &prompt)
			switch {
			case tc.wantErr != nil:
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("err = %v, want %v", err, tc.wantErr)
				}
			case tc.errText != "":
				if err == nil || !strings.Contains(err.Error(), tc.errText) {
					t.Fatalf("err = %v, want %q", err, tc.errText)
				}
			case err != nil:
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), tc.wantOut) {
				t.Errorf("out %q, want %q", out.String(), tc.wantOut)
			}
			if tc.check != nil {
				tc.check(t, out.String())
			}
		})
	}
	log, err := db.AuditLog(ctx, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range log {
		actions = append(actions, e.Actor+" "+e.Action+" "+e.Subject)
	}
	want := []string{"cli admin.remove bob@example.org", "cli admin.reset ada@example.org", "cli admin.add bob@example.org", "cli admin.add ada@example.org"}
	if strings.Join(actions, "|") != strings.Join(want, "|") {
		t.Errorf("audit log %q, want %q", actions, want)
	}
}
