package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/mail"
	"strings"
	"text/tabwriter"
	"time"

	console "github.com/teachpilot/site/internal/admin"
	"github.com/teachpilot/site/internal/store"
)

const adminsUsage = `usage: site admin add EMAIL | list | remove EMAIL | reset EMAIL

  add EMAIL    create a console account. The password is the first line of standard
               input; an empty line makes the command generate one and print it once.
  list         list the accounts
  remove EMAIL delete an account and end its sessions
  reset EMAIL  set a new password (read or generated as for add), turn the second
               factor off and end every session of the account`

// admins runs `site admin …`: the console's accounts are made on the command line only,
// so there is no default account and no sign-up page. Each change is written to the audit
// log, by "cli".
func admins(ctx context.Context, db *store.Store, args []string, in io.Reader, out, prompt io.Writer) error {
	if len(args) == 0 {
		return errors.New(adminsUsage)
	}
	cmd, args := args[0], args[1:]
	now := time.Now()
	switch {
	case cmd == "list" && len(args) == 0:
		list, err := db.Admins(ctx)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "EMAIL\tTOTP\tCREATED")
		for _, a := range list {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", a.Email, map[bool]string{true: "on", false: "off"}[a.TOTPEnabled], a.CreatedAt.Format(time.RFC3339))
		}
		return tw.Flush()
	case (cmd == "add" || cmd == "reset") && len(args) == 1:
		email, err := accountEmail(args[0])
		if err != nil {
			return err
		}
		password, generated, err := readPassword(in, prompt)
		if err != nil {
			return err
		}
		hash, err := console.HashPassword(password, console.DefaultParams)
		if err != nil {
			return err
		}
		if cmd == "add" {
			_, err = db.AddAdmin(ctx, email, hash, now)
		} else {
			err = db.ResetAdmin(ctx, email, hash, now)
		}
		if err != nil {
			return err
		}
		if err := auditCLI(ctx, db, now, "admin."+cmd, email); err != nil {
			return err
		}
		if generated {
			fmt.Fprintf(out, "%s: password %s\n(shown once: keep it in a password manager)\n", email, password)
		} else {
			fmt.Fprintf(out, "%s: done\n", email)
		}
		return nil
	case cmd == "remove" && len(args) == 1:
		email := strings.ToLower(strings.TrimSpace(args[0]))
		if err := db.RemoveAdmin(ctx, email); err != nil {
			return err
		}
		if err := auditCLI(ctx, db, now, "admin.remove", email); err != nil {
			return err
		}
		fmt.Fprintf(out, "%s: removed\n", email)
		return nil
	}
	return errors.New(adminsUsage)
}

// accountEmail checks that s is a bare address and returns it lower-cased.
func accountEmail(s string) (string, error) {
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != strings.TrimSpace(s) || a.Name != "" {
		return "", fmt.Errorf("%q is not an email address", s)
	}
	return strings.ToLower(a.Address), nil
}

// readPassword reads the password from the first line of in. An empty line (or nothing at
// all) generates one. A password given is checked against the policy (console.CheckPassword).
func readPassword(in io.Reader, prompt io.Writer) (password string, generated bool, err error) {
	fmt.Fprintf(prompt, "Password (at least %d characters; empty to generate one): ", console.MinPasswordLength)
	line, err := bufio.NewReader(in).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", false, err
	}
	fmt.Fprintln(prompt)
	line = strings.TrimRight(line, "\r\n")
	if line == "" {
		return console.GeneratePassword(), true, nil
	}
	if err := console.CheckPassword(line); err != nil {
		return "", false, err
	}
	return line, false, nil
}

func auditCLI(ctx context.Context, db *store.Store, now time.Time, action, email string) error {
	details, _ := json.Marshal(map[string]string{"via": "command line"})
	_, err := db.AddAudit(ctx, store.AuditEntry{At: now, Actor: "cli", Action: action, Subject: email, Details: details})
	return err
}
