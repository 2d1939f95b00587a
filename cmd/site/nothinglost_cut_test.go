package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/mail/mailtest"
	"github.com/teachpilot/site/internal/store"
)

// TestNothingLostNoDuplicateWhenRecordingIsCut is the nothing-lost scenario of a database
// connection cut between the SMTP server's acceptance and the recording of it: the binary,
// built with -tags faultinject and SITE_FAULT_MARKSENT=cut (faults_inject.go), fails the
// first recording of every message. Every acknowledged submission's email arrives, and it
// reports the duplicates (by Message-ID): there must be none.
func TestNothingLostNoDuplicateWhenRecordingIsCut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	if _, err := os.Stat(filepath.Join("..", "..", "web", "build", "client", "index.html")); err != nil {
		t.Skip("web/build is missing: run make build first")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "site")
	if out, err := exec.Command("go", "build", "-tags", "faultinject", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	addr := freeAddr(t)
	smtp := mailtest.Start(t)
	db := filepath.Join(dir, "site.db")
	env := append(os.Environ(),
		"ADDR="+addr, "BASE_URL=http://"+addr, "DATABASE_URL=sqlite:"+db, "RATE_LIMIT=off",
		"SMTP_URL="+smtp.URL(), "LOG_LEVEL=warn", "OUTBOX_LEASE=2s", "SITE_FAULT_MARKSENT=cut")
	cmd, logs := startAt(t, bin, env, addr)

	const each = 10
	for i := range each {
		for _, p := range []struct{ path, body string }{
			{"/api/lesson-plans", fmt.Sprintf(`{"email":"plan%d@example.org","subject":"science","grade":"9","topic":"Cells","duration":50}`, i)},
			{"/api/contact", fmt.Sprintf(`{"name":"Ann","email":"contact%d@example.org","reason":"general","message":"Message number %d."}`, i, i)},
			{"/api/newsletter", fmt.Sprintf(`{"email":"news%d@example.org"}`, i)},
		} {
			resp, err := http.Post("http://"+addr+p.path, "application/json", strings.NewReader(p.body))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != 201 {
				t.Fatalf("%s: %d", p.path, resp.StatusCode)
			}
		}
	}
	want := 4 * each // a receipt per plan, a receipt and a team notification per contact, a confirmation per subscription

	st, err := store.Open(t.Context(), "sqlite:"+db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	deadline := time.Now().Add(30 * time.Second)
	for {
		msgs, err := st.Messages(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		sent := 0
		for _, m := range msgs {
			if m.Status == store.OutboxSent {
				sent++
			}
		}
		if sent == want && len(msgs) == want {
			break // nothing is pending: nothing can be sent again
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d messages sent\n%s", sent, len(msgs), logs)
		}
		time.Sleep(50 * time.Millisecond) // the poll interval of this wait on a condition (all sent), bounded by deadline
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	_ = cmd.Wait()
	if !strings.Contains(logs.String(), "fault injected") {
		t.Fatalf("no recording failed: the scenario did not happen\n%s", logs)
	}

	byID := map[string]int{}
	for _, m := range smtp.Messages() {
		byID[m.Header.Get("Message-Id")]++
	}
	dups := 0
	for _, n := range byID {
		if n > 1 {
			dups++
		}
	}
	t.Logf("connection cut after every acceptance: %d messages delivered, %d distinct, %d delivered more than once", len(smtp.Messages()), len(byID), dups)
	if dups > 0 || len(byID) != want {
		t.Errorf("%d duplicates and %d distinct messages; want none and %d", dups, len(byID), want)
	}
}
