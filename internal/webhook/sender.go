package webhook

import (
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// Sender POSTs events to endpoints.
type Sender struct {
	client *http.Client
	opts   Options
}

// Options configure a Sender.
type Options struct {
	// Timeout bounds one attempt, connection to response headers and body (default 10 s).
	Timeout time.Duration
	// AllowPrivate lets endpoints on loopback and private addresses be reached (a
	// configuration option for a CRM on the same network; the tests use it to reach their
	// receiver on loopback). https:// is required still.
	AllowPrivate bool
	// TLSConfig, when set, replaces the system's TLS settings (tests trust their receiver's
	// certificate with it).
	TLSConfig *tls.Config
	// Now is the clock for webhook-timestamp (nil: time.Now).
	Now func() time.Time
}

// NewSender returns a Sender. Its client uses no proxy from the environment (a proxy would
// make the address check judge the proxy instead of the target) and follows no redirects
// (a redirect could point anywhere, http:// and internal addresses included).
func NewSender(o Options) *Sender {
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Second
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	dialer := &net.Dialer{Timeout: o.Timeout, Control: control(o.AllowPrivate)}
	tr := &http.Transport{
		Proxy:               nil,
		DialContext:         dialer.DialContext,
		TLSClientConfig:     o.TLSConfig,
		TLSHandshakeTimeout: o.Timeout,
		ForceAttemptHTTP2:   true,
		MaxIdleConnsPerHost: 2,
		IdleConnTimeout:     90 * time.Second,
	}
	return &Sender{opts: o, client: &http.Client{
		Transport:     tr,
		Timeout:       o.Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// maxErrorBody is how much of a failed response's body is kept in the delivery log.
const maxErrorBody = 256

// Deliver makes attempt number attempt to deliver ev to ep and returns the delivery log
// entry: the status code (0 when no response came) and, unless the receiver answered 2xx,
// the error. It never returns without a result: the caller logs it and, on failure,
// schedules a retry with the same ev.
func (s *Sender) Deliver(ctx context.Context, ep store.WebhookEndpoint, ev Event, attempt int) store.WebhookDelivery {
	d, _ := s.deliver(ctx, ep, ev, attempt)
	return d
}

// deliver is Deliver that also returns the attempt's error (nil on 2xx), which wraps
// ErrRefusedTarget when the guard refused the address.
func (s *Sender) deliver(ctx context.Context, ep store.WebhookEndpoint, ev Event, attempt int) (store.WebhookDelivery, error) {
	now := s.opts.Now()
	d := store.WebhookDelivery{EndpointID: ep.ID, EventID: ev.ID, Event: ev.Type, Attempt: attempt, At: now}
	start := time.Now()
	code, err := s.post(ctx, ep, ev, now)
	d.Duration, d.StatusCode = time.Since(start), code
	if err != nil {
		d.Error = err.Error()
	}
	return d, err
}

func (s *Sender) post(ctx context.Context, ep store.WebhookEndpoint, ev Event, now time.Time) (int, error) {
	if err := ValidateURL(ep.URL, s.opts.AllowPrivate); err != nil {
		return 0, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(ev.Body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "TeachPilot-Webhooks/1")
	req.Header.Set("webhook-id", ev.ID)
	req.Header.Set("webhook-timestamp", strconv.FormatInt(now.Unix(), 10))
	req.Header.Set("webhook-signature", Sign(ep.Secret, ev.ID, now, ev.Body))
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, err // a refused address wraps ErrRefusedTarget
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10)) // lets the connection be reused
		return resp.StatusCode, nil
	}
	snippet, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	return resp.StatusCode, fmt.Errorf("webhook: %s answered %d: %q", ep.URL, resp.StatusCode, snippet)
}
