package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/webhook"
)

// endpointItem is a webhook endpoint as the console shows it (never its secret).
type endpointItem struct {
	ID        int64     `json:"id"`
	URL       string    `json:"url"`
	Events    []string  `json:"events"`
	CreatedAt time.Time `json:"createdAt"`
}

func newEndpointItem(e store.WebhookEndpoint) endpointItem {
	return endpointItem{e.ID, e.URL, e.Events, e.CreatedAt}
}

// adminWebhooks handles GET /api/admin/webhooks: the event types there are (the console
// reads them from here) and the endpoints.
func (s *Server) adminWebhooks(w http.ResponseWriter, r *http.Request, _ store.Admin) {
	eps, err := s.con.Store.WebhookEndpoints(r.Context(), "")
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	items := make([]endpointItem, len(eps))
	for i, e := range eps {
		items[i] = newEndpointItem(e)
	}
	writeJSON(w, http.StatusOK, struct {
		Events []string       `json:"events"`
		Items  []endpointItem `json:"items"`
	}{webhook.Events, items})
}

// adminAddWebhook handles POST /api/admin/webhooks: {"url", "events": []}. The answer holds
// the signing secret, shown this once.
func (s *Server) adminAddWebhook(w http.ResponseWriter, r *http.Request, a store.Admin) {
	var in struct {
		URL    string   `json:"url"`
		Events []string `json:"events"`
	}
	if !readAdminJSON(w, r, &in) {
		return
	}
	fields := map[string]string{}
	if err := webhook.ValidateURL(in.URL, s.con.AllowPrivateWebhooks); err != nil {
		fields["url"] = "Enter an https:// address on the public internet, such as https://crm.example.com/hooks/teachpilot."
	}
	if len(in.Events) == 0 {
		fields["events"] = "Choose at least one event."
	}
	for _, e := range in.Events {
		if !webhook.ValidEvent(e) {
			fields["events"] = "Choose events from the list."
		}
	}
	if len(fields) > 0 {
		writeJSON(w, http.StatusUnprocessableEntity, struct {
			Error  string            `json:"error"`
			Fields map[string]string `json:"fields"`
		}{"The endpoint was not added. Correct the fields below.", fields})
		return
	}
	ep, secret, err := webhook.NewEndpoint(in.URL, in.Events, s.con.AllowPrivateWebhooks, s.consoleNow())
	if err != nil { // checked above: a bug if it happens
		s.adminError(w, r, err)
		return
	}
	if ep.ID, err = s.con.Store.AddWebhookEndpoint(r.Context(), ep); err != nil {
		s.adminError(w, r, err)
		return
	}
	if !s.audited(w, r, a, "webhook.add", ep.URL, map[string]any{"id": ep.ID, "events": ep.Events}) {
		return
	}
	writeJSON(w, http.StatusCreated, struct {
		Endpoint endpointItem `json:"endpoint"`
		Secret   string       `json:"secret"`
	}{newEndpointItem(ep), secret})
}

// endpointFor reads the {id} of a webhook path and loads the endpoint, or answers 404.
func (s *Server) endpointFor(w http.ResponseWriter, r *http.Request) (store.WebhookEndpoint, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	var ep store.WebhookEndpoint
	if err == nil {
		ep, err = s.con.Store.WebhookEndpoint(r.Context(), id)
	}
	if err == nil {
		return ep, true
	}
	var numErr *strconv.NumError
	if errors.As(err, &numErr) || errors.Is(err, store.ErrNotFound) {
		writeJSON(w, http.StatusNotFound, apiError{Error: "There is no such webhook endpoint. It may have been removed."})
	} else {
		s.adminError(w, r, err)
	}
	return ep, false
}

// adminRemoveWebhook handles DELETE /api/admin/webhooks/{id}. Deliveries still queued for
// it are dropped by the worker.
func (s *Server) adminRemoveWebhook(w http.ResponseWriter, r *http.Request, a store.Admin) {
	ep, ok := s.endpointFor(w, r)
	if !ok {
		return
	}
	s.deleteRecord(w, r, a, "webhook.remove", ep.URL, func(ctx context.Context) error {
		return s.con.Store.RemoveWebhookEndpoint(ctx, ep.ID)
	})
}

// adminTestWebhook handles POST /api/admin/webhooks/{id}/test: a test event is queued for
// this endpoint through the outbox, as any event is (202).
func (s *Server) adminTestWebhook(w http.ResponseWriter, r *http.Request, a store.Admin) {
	ep, ok := s.endpointFor(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	now := s.consoleNow()
	ev, err := webhook.NewEvent(webhook.Test, map[string]any{
		"endpoint": ep.ID, "message": "A test event sent from the " + s.cfg.Product + " console.",
	}, now)
	if err == nil {
		err = s.con.Store.InTx(ctx, func(tx *store.Tx) error { return webhook.EnqueueTo(ctx, tx, ep.ID, ev, "", now) })
	}
	if err == nil {
		err = s.audit(ctx, a.Email, "webhook.test", ep.URL, map[string]any{"id": ep.ID, "event": ev.ID})
	}
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	if s.con.NotifyWebhooks != nil {
		s.con.NotifyWebhooks()
	}
	writeJSON(w, http.StatusAccepted, message{"A test event is on its way. Its delivery appears in the log below."})
}

// adminWebhookDeliveries handles GET /api/admin/webhooks/{id}/deliveries: the last 100
// attempts, newest first.
func (s *Server) adminWebhookDeliveries(w http.ResponseWriter, r *http.Request, _ store.Admin) {
	ep, ok := s.endpointFor(w, r)
	if !ok {
		return
	}
	log, err := s.con.Store.WebhookDeliveries(r.Context(), ep.ID, 100)
	if err != nil {
		s.adminError(w, r, err)
		return
	}
	type item struct {
		ID      int64     `json:"id"`
		EventID string    `json:"eventId"`
		Event   string    `json:"event"`
		Attempt int       `json:"attempt"`
		Status  int       `json:"status"`
		Error   string    `json:"error"`
		At      time.Time `json:"at"`
	}
	items := make([]item, len(log))
	for i, d := range log {
		items[i] = item{d.ID, d.EventID, d.Event, d.Attempt, d.StatusCode, d.Error, d.At}
	}
	writeJSON(w, http.StatusOK, struct {
		Items []item `json:"items"`
	}{items})
}
