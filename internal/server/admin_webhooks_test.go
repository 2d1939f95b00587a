package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/teachpilot/site/internal/admin"
	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/webhook"
)

// TestConsoleWebhookEndpoints: adding an endpoint checks the URL and the events (422 with a
// message per field), shows the secret once, lists the events from internal/webhook, queues
// a test event through the outbox, and removing it is audited.
func TestConsoleWebhookEndpoints(t *testing.T) {
	ch := newConsoleHarness(t, admin.Config{}, nil)
	tok := ch.signIn()
	for _, tt := range []struct{ body, field string }{
		{`{"url":"http://crm.example.com/h","events":["contact.received"]}`, "url"},
		{`{"url":"https://127.0.0.1/h","events":["contact.received"]}`, "url"},
		{`{"url":"https://10.1.2.3/h","events":["contact.received"]}`, "url"},
		{`{"url":"https://crm.example.com/h","events":[]}`, "events"},
		{`{"url":"https://crm.example.com/h","events":["everything"]}`, "events"},
	} {
		w := ch.do(call{method: "POST", path: "/api/admin/webhooks", token: tok, body: tt.body})
		var m struct {
			Error  string
			Fields map[string]string
		}
		_ = json.Unmarshal(w.Body.Bytes(), &m)
		if w.Code != http.StatusUnprocessableEntity || m.Error == "" || m.Fields[tt.field] == "" {
			t.Errorf("%s: %d %s, want 422 naming %s", tt.body, w.Code, w.Body, tt.field)
		}
	}
	w := ch.do(call{method: "POST", path: "/api/admin/webhooks", token: tok, body: `{"url":"https://crm.example.com/h","events":["contact.received","feedback.given"]}`})
	if w.Code != http.StatusCreated {
		t.Fatalf("add: %d %s", w.Code, w.Body)
	}
	var added struct {
		Endpoint struct {
			ID     int64
			URL    string
			Events []string
		}
		Secret string
	}
	_ = json.Unmarshal(w.Body.Bytes(), &added)
	if !strings.HasPrefix(added.Secret, "whsec_") || added.Endpoint.URL != "https://crm.example.com/h" || len(added.Endpoint.Events) != 2 {
		t.Fatalf("added %+v", added)
	}
	w = ch.do(call{method: "GET", path: "/api/admin/webhooks", token: tok})
	if w.Code != http.StatusOK || strings.Contains(w.Body.String(), added.Secret) || strings.Contains(w.Body.String(), "secret") {
		t.Errorf("list shows the secret again: %s", w.Body)
	}
	var list struct {
		Events []string
		Items  []map[string]any
	}
	_ = json.Unmarshal(w.Body.Bytes(), &list)
	if strings.Join(list.Events, ",") != strings.Join(webhook.Events, ",") || len(list.Items) != 1 {
		t.Errorf("list %s", w.Body)
	}
	id := jsonNumber(added.Endpoint.ID)
	if w := ch.do(call{method: "POST", path: "/api/admin/webhooks/" + id + "/test", token: tok}); w.Code != http.StatusAccepted {
		t.Fatalf("test event: %d %s", w.Code, w.Body)
	}
	msgs, _ := ch.st.Messages(t.Context())
	last := msgs[len(msgs)-1]
	if last.Kind != store.OutboxWebhook || !strings.Contains(string(last.Payload), `"type":"webhook.test"`) || last.Recipient != "webhook:"+id {
		t.Errorf("queued %+v", last)
	}
	if w := ch.do(call{method: "GET", path: "/api/admin/webhooks/" + id + "/deliveries", token: tok}); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"items":[]`) {
		t.Errorf("deliveries: %d %s", w.Code, w.Body)
	}
	for _, p := range []string{"/api/admin/webhooks/999/test", "/api/admin/webhooks/abc/deliveries"} {
		if w := ch.do(call{method: map[bool]string{true: "POST", false: "GET"}[strings.HasSuffix(p, "test")], path: p, token: tok}); w.Code != http.StatusNotFound {
			t.Errorf("%s: %d", p, w.Code)
		}
	}
	if w := ch.do(call{method: "DELETE", path: "/api/admin/webhooks/" + id, token: tok}); w.Code != http.StatusNoContent {
		t.Fatalf("remove: %d %s", w.Code, w.Body)
	}
	log, _ := ch.st.AuditLog(t.Context(), 0, 10)
	var actions []string
	for _, e := range log {
		actions = append(actions, e.Action)
	}
	if got := strings.Join(actions, " "); !strings.HasPrefix(got, "webhook.remove webhook.test webhook.add session.sign_in") {
		t.Errorf("audit: %s", got)
	}
}

func jsonNumber(n int64) string { b, _ := json.Marshal(n); return string(b) }

// TestEventsQueueOneDeliveryPerSubscribedEndpoint: an event is queued, in the transaction
// that records it, once for each endpoint receiving its type and for no other; about the
// visitor's address, so a data request finds it. (feedback.given stands for the lot; the
// form endpoints' events are checked in TestDataRequestLeavesNothing.)
func TestEventsQueueOneDeliveryPerSubscribedEndpoint(t *testing.T) {
	ch := newConsoleHarness(t, admin.Config{}, nil)
	tok := ch.signIn()
	for _, events := range []string{`["feedback.given"]`, `["contact.received"]`, `["feedback.given","lesson_plan.created"]`} {
		if w := ch.do(call{method: "POST", path: "/api/admin/webhooks", token: tok, body: `{"url":"https://crm.example.com/h","events":` + events + `}`}); w.Code != http.StatusCreated {
			t.Fatalf("add: %d %s", w.Code, w.Body)
		}
	}
	ctx := t.Context()
	before, _ := ch.st.Messages(ctx)
	err := ch.st.InTx(ctx, func(tx *store.Tx) error {
		return ch.srv.emitFeedback(ctx, tx, store.Feedback{Reference: "TP-1", Useful: true, Comment: "Thanks", CreatedAt: ch.clock()}, "grace@school.org")
	})
	if err != nil {
		t.Fatal(err)
	}
	after, _ := ch.st.Messages(ctx)
	queued := after[len(before):]
	var to []string
	for _, m := range queued {
		to = append(to, m.Recipient)
		if m.Kind != store.OutboxWebhook || m.About != "grace@school.org" || !strings.Contains(string(m.Payload), `"type":"feedback.given"`) ||
			!strings.Contains(string(m.Payload), `"comment":"Thanks"`) {
			t.Errorf("queued %+v: %s", m, m.Payload)
		}
	}
	if strings.Join(to, ",") != "webhook:1,webhook:3" {
		t.Errorf("queued for %v, want endpoints 1 and 3", to)
	}
	// A transaction that fails queues nothing.
	_ = ch.st.InTx(ctx, func(tx *store.Tx) error {
		if err := ch.srv.emitFeedback(ctx, tx, store.Feedback{Reference: "TP-2", CreatedAt: ch.clock()}, "x@example.org"); err != nil {
			return err
		}
		return errors.New("the feedback could not be stored")
	})
	if again, _ := ch.st.Messages(ctx); len(again) != len(after) {
		t.Errorf("a rolled-back event was queued: %d rows, want %d", len(again), len(after))
	}
}
