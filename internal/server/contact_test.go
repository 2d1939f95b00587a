package server

import (
	"encoding/json"
	"net/http"
	"regexp"
	"testing"

	"github.com/teachpilot/site/internal/mail"
)

func TestContactIsStoredAndBothEmailsQueued(t *testing.T) {
	hs := newHarness(t, nil)
	body := `{"name":"  Ada Lovelace ","email":"ada@example.org","reason":"schools","organisation":"Analytical High","message":"<script>alert(1)</script> We would like a demo."}`
	w := hs.do(request{path: "/api/contact", body: body})
	if w.Code != http.StatusCreated {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	var got struct{ ID string }
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || !regexp.MustCompile(`^[0-9a-z]{26}$`).MatchString(got.ID) {
		t.Fatalf("body %s: id not 26 base32 characters", w.Body)
	}
	c, err := hs.st.Contact(t.Context(), got.ID)
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "Ada Lovelace" || c.Organisation != "Analytical High" || c.Message != "<script>alert(1)</script> We would like a demo." || c.Spam {
		t.Errorf("stored %+v (the name trimmed, the message exactly as sent)", c)
	}

	msgs := hs.messages()
	if len(msgs) != 2 {
		t.Fatalf("%d messages queued, want 2", len(msgs))
	}
	tests := []struct {
		name, kind, to, about string
	}{
		{"the team is notified", mail.KindContactTeam, "team@teachpilot.test", "ada@example.org"},
		{"the sender gets a confirmation", mail.KindContactReceipt, "ada@example.org", "ada@example.org"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := msgs[i]
			if m.Kind != tt.kind || m.Recipient != tt.to || m.About != tt.about {
				t.Errorf("message = %s to %s about %s; want %s to %s about %s", m.Kind, m.Recipient, m.About, tt.kind, tt.to, tt.about)
			}
		})
	}
	// The team's email answers the sender.
	rendered, err := mail.Renderer{From: "TeachPilot <hello@teachpilot.test>"}.Render(msgs[0])
	if err != nil {
		t.Fatal(err)
	}
	if rendered.ReplyTo != `"Ada Lovelace" <ada@example.org>` || rendered.Subject != "Contact form: Schools & districts from Ada Lovelace" {
		t.Errorf("team email: Reply-To %q, Subject %q", rendered.ReplyTo, rendered.Subject)
	}
	if hs.notified != 1 {
		t.Errorf("worker notified %d times, want 1", hs.notified)
	}
}
