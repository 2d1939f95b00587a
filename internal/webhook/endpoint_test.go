package webhook_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/teachpilot/site/internal/webhook"
)

func TestNewEndpoint(t *testing.T) {
	now := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name       string
		url        string
		events     []string
		wantErr    error
		wantEvents []string
	}{
		{"a CRM endpoint", "https://crm.example.com/hooks/tp", []string{webhook.ContactReceived, webhook.NewsletterConfirmed, webhook.ContactReceived}, nil,
			[]string{webhook.ContactReceived, webhook.NewsletterConfirmed}},
		{"no events", "https://crm.example.com/", nil, webhook.ErrNoEvents, nil},
		{"an unknown event", "https://crm.example.com/", []string{"user.deleted"}, errors.New("unknown event"), nil},
		{"http", "http://crm.example.com/", []string{webhook.ContactReceived}, webhook.ErrRefusedTarget, nil},
		{"a private address", "https://192.168.0.10/", []string{webhook.ContactReceived}, webhook.ErrRefusedTarget, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ep, shown, err := webhook.NewEndpoint(tc.url, tc.events, false, now)
			if tc.wantErr != nil {
				if err == nil || (!errors.Is(err, tc.wantErr) && !strings.Contains(err.Error(), tc.wantErr.Error())) {
					t.Fatalf("err = %v, want %v", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			raw, perr := webhook.ParseSecret(shown)
			if perr != nil || !strings.HasPrefix(shown, "whsec_") || string(raw) != string(ep.Secret) || len(raw) != 32 {
				t.Errorf("secret %q does not match the stored key (%v)", shown, perr)
			}
			if !slices.Equal(ep.Events, tc.wantEvents) || ep.URL != tc.url || !ep.CreatedAt.Equal(now) {
				t.Errorf("endpoint %+v", ep)
			}
		})
	}
}
