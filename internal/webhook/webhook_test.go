package webhook_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/internal/store/storetest"
	"github.com/teachpilot/site/internal/webhook"
)

// verify checks a delivery as a receiver would, written from the Standard Webhooks
// specification rather than from the package: the secret is the base64 after "whsec_", the
// signed content is id.timestamp.body, the header holds space-separated "v1,<base64>"
// signatures, and a timestamp more than five minutes off is refused.
func verify(shownSecret string, h http.Header, body []byte, now time.Time) error {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(shownSecret, "whsec_"))
	if err != nil {
		return err
	}
	id, ts := h.Get("webhook-id"), h.Get("webhook-timestamp")
	if id == "" || ts == "" {
		return errors.New("missing headers")
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return err
	}
	if d := now.Unix() - sec; d > 300 || d < -300 {
		return errors.New("timestamp too far from now")
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + ts + "." + string(body)))
	want := mac.Sum(nil)
	for _, sig := range strings.Fields(h.Get("webhook-signature")) {
		v, b64, ok := strings.Cut(sig, ",")
		if !ok || v != "v1" {
			continue
		}
		got, err := base64.StdEncoding.DecodeString(b64)
		if err == nil && hmac.Equal(got, want) {
			return nil
		}
	}
	return errors.New("no valid signature")
}

type received struct {
	header http.Header
	body   []byte
}

// receiver is a real HTTPS server on loopback that answers with the statuses it is given,
// then 204, and records what it received.
type receiver struct {
	*httptest.Server
	mu       sync.Mutex
	got      []received
	statuses []int
}

func newReceiver(t *testing.T, statuses ...int) *receiver {
	rc := &receiver{statuses: statuses}
	rc.Server = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rc.mu.Lock()
		rc.got = append(rc.got, received{r.Header.Clone(), body})
		status := http.StatusNoContent
		if len(rc.statuses) > 0 {
			status, rc.statuses = rc.statuses[0], rc.statuses[1:]
		}
		rc.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(rc.Close)
	return rc
}

func (rc *receiver) tlsConfig() *tls.Config {
	pool := x509.NewCertPool()
	pool.AddCert(rc.Certificate())
	return &tls.Config{RootCAs: pool}
}

func TestDeliveryIsSignedPerTheSpec(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := t.Context()
		now := time.Now()
		rc := newReceiver(t, http.StatusServiceUnavailable, http.StatusInternalServerError)
		raw, shown := webhook.NewSecret()
		if back, err := webhook.ParseSecret(shown); err != nil || string(back) != string(raw) {
			t.Fatalf("ParseSecret: %v", err)
		}
		id, err := s.AddWebhookEndpoint(ctx, store.WebhookEndpoint{URL: rc.URL + "/hook", Events: []string{webhook.ContactReceived}, Secret: raw, CreatedAt: now})
		if err != nil {
			t.Fatal(err)
		}
		ep, err := s.WebhookEndpoint(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		sender := webhook.NewSender(webhook.Options{AllowPrivate: true, TLSConfig: rc.tlsConfig(), Timeout: 5 * time.Second})
		ev, err := webhook.NewEvent(webhook.ContactReceived, map[string]string{"id": "c1", "email": "ada@example.org"}, now)
		if err != nil {
			t.Fatal(err)
		}
		// The receiver is down for two attempts, then takes the event: the outbox worker
		// retries with the same event, so the same webhook-id each time.
		for attempt, want := range []int{503, 500, 204} {
			d := sender.Deliver(ctx, ep, ev, attempt+1)
			if d.StatusCode != want || (d.Error == "") != (want == 204) || d.EventID != ev.ID || d.Attempt != attempt+1 {
				t.Fatalf("attempt %d: %+v", attempt+1, d)
			}
			if err := s.AddWebhookDelivery(ctx, d); err != nil {
				t.Fatal(err)
			}
		}
		if len(rc.got) != 3 {
			t.Fatalf("received %d requests", len(rc.got))
		}
		for i, r := range rc.got {
			if err := verify(shown, r.header, r.body, time.Now()); err != nil {
				t.Errorf("request %d: %v", i, err)
			}
			if r.header.Get("webhook-id") != ev.ID || r.header.Get("Content-Type") != "application/json" {
				t.Errorf("request %d headers %v", i, r.header)
			}
		}
		if !strings.Contains(string(rc.got[0].body), `"type":"contact.received"`) {
			t.Errorf("body %s", rc.got[0].body)
		}
		tampered := append([]byte{}, rc.got[2].body...)
		tampered[len(tampered)-2] ^= 1
		if verify(shown, rc.got[2].header, tampered, time.Now()) == nil {
			t.Error("a changed body still verifies")
		}
		_, other := webhook.NewSecret()
		if verify(other, rc.got[2].header, rc.got[2].body, time.Now()) == nil {
			t.Error("another secret verifies")
		}
		log, err := s.WebhookDeliveries(ctx, ep.ID, 10)
		if err != nil || len(log) != 3 || log[0].StatusCode != 204 || log[2].StatusCode != 503 || log[2].Error == "" || log[0].EventID != ev.ID {
			t.Errorf("delivery log %+v, %v", log, err)
		}
		if eps, err := s.WebhookEndpoints(ctx, webhook.NewsletterConfirmed); err != nil || len(eps) != 0 {
			t.Errorf("endpoints for another event: %v, %v", eps, err)
		}
		if err := s.RemoveWebhookEndpoint(ctx, ep.ID); err != nil {
			t.Fatal(err)
		}
		if log, _ := s.WebhookDeliveries(ctx, ep.ID, 10); len(log) != 0 {
			t.Errorf("the log outlived its endpoint: %v", log)
		}
	})
}

func TestRefusedTargets(t *testing.T) {
	rc := newReceiver(t)
	port := rc.URL[strings.LastIndex(rc.URL, ":"):]
	guarded := webhook.NewSender(webhook.Options{TLSConfig: rc.tlsConfig(), Timeout: 2 * time.Second})
	for _, tc := range []struct {
		name string
		url  string
	}{
		{"loopback by address", rc.URL},
		{"loopback by name (checked on the resolved address)", "https://localhost" + port},
		{"plain http", "http://example.com/hook"},
		{"a private address", "https://10.1.2.3/hook"},
		{"the cloud metadata service (link-local)", "https://169.254.169.254/latest"},
		{"IPv6 loopback", "https://[::1]" + port},
		{"IPv4-mapped loopback", "https://[::ffff:127.0.0.1]" + port},
		{"credentials in the URL", "https://user:pw@example.com/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := guarded.Deliver(t.Context(), store.WebhookEndpoint{ID: 1, URL: tc.url, Secret: []byte("k")}, webhook.Event{ID: "msg_1", Type: webhook.Test, Body: []byte("{}")}, 1)
			if d.StatusCode != 0 || !strings.Contains(d.Error, "target refused") {
				t.Errorf("delivery %+v, want refused", d)
			}
		})
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if len(rc.got) != 0 {
		t.Errorf("the receiver got %d requests", len(rc.got))
	}
}

func TestRefusedAddresses(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1": true, "10.0.0.1": true, "172.16.5.4": true, "192.168.1.1": true, "169.254.169.254": true,
		"100.64.0.1": true, "0.0.0.0": true, "0.1.2.3": true, "224.0.0.1": true, "::1": true, "fe80::1": true,
		"fc00::1": true, "::": true, "::ffff:10.0.0.1": true, "ff02::1": true,
		"93.184.215.14": false, "2606:4700::1111": false, "8.8.8.8": false,
	} {
		ip := netip.MustParseAddr(addr)
		if got := webhook.ValidateURL("https://"+netip.AddrPortFrom(ip, 443).String()+"/", false) != nil; got != want {
			t.Errorf("%s refused = %v, want %v", addr, got, want)
		}
	}
}

func TestTimeoutAndRedirectsAreFailures(t *testing.T) {
	release := make(chan struct{})
	slow := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select { // answers only once the test is over
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer slow.Close()
	defer close(release) // before Close, which waits for the handler
	redirect := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "https://10.0.0.1/", http.StatusTemporaryRedirect)
	}))
	defer redirect.Close()
	for _, tc := range []struct {
		name     string
		srv      *httptest.Server
		wantCode int
		wantErr  string
		// timeout is the sender's: short where the timeout is what is tested, long enough
		// for a TLS handshake on a busy machine where it is not (300 ms failed here with two
		// test suites running side by side).
		timeout time.Duration
	}{
		{"a receiver that never answers", slow, 0, "Client.Timeout", 300 * time.Millisecond},
		{"a redirect is not followed", redirect, 307, "answered 307", 30 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pool := x509.NewCertPool()
			pool.AddCert(tc.srv.Certificate())
			s := webhook.NewSender(webhook.Options{AllowPrivate: true, TLSConfig: &tls.Config{RootCAs: pool}, Timeout: tc.timeout})
			d := s.Deliver(t.Context(), store.WebhookEndpoint{URL: tc.srv.URL, Secret: []byte("k")}, webhook.Event{ID: "msg_1", Body: []byte("{}")}, 1)
			if d.StatusCode != tc.wantCode || !strings.Contains(d.Error, tc.wantErr) {
				t.Errorf("delivery %+v", d)
			}
		})
	}
}
