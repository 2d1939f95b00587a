package config

import (
	"net/mail"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestFormSettings covers the form API's variables: what each accepts and what it means.
func TestFormSettings(t *testing.T) {
	tests := []struct {
		name  string
		vars  map[string]string
		check func(c Config) bool
	}{
		{"defaults: 30 posts a minute, no proxy trusted, mail logged", nil, func(c Config) bool {
			return c.RateLimit == RateLimit{30, time.Minute} && c.TrustedProxies == nil && c.SMTPURL == nil &&
				c.MailFrom == `"TeachPilot" <hello@teachpilot.example>` && c.TeamEmail == "team@teachpilot.example" &&
				c.MailReplyTo == "" && c.OutboxLease == 30*time.Second
		}},
		{"RATE_LIMIT 5/s", map[string]string{"RATE_LIMIT": "5/s"}, func(c Config) bool { return c.RateLimit == RateLimit{5, time.Second} }},
		{"RATE_LIMIT 100/hour", map[string]string{"RATE_LIMIT": "100/hour"}, func(c Config) bool { return c.RateLimit == RateLimit{100, time.Hour} }},
		{"RATE_LIMIT off", map[string]string{"RATE_LIMIT": "off"}, func(c Config) bool { return c.RateLimit.Off() }},
		{"TRUSTED_PROXIES takes addresses and CIDRs", map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8, 192.0.2.7 ,::1"}, func(c Config) bool {
			return slices.Equal(c.TrustedProxies, []netip.Prefix{
				netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.0.2.7/32"), netip.MustParsePrefix("::1/128")})
		}},
		{"TRUST_PROXY=true trusts loopback and private networks", map[string]string{"TRUST_PROXY": "true"}, func(c Config) bool {
			return slices.ContainsFunc(c.TrustedProxies, func(p netip.Prefix) bool { return p.Contains(netip.MustParseAddr("127.0.0.1")) }) &&
				!slices.ContainsFunc(c.TrustedProxies, func(p netip.Prefix) bool { return p.Contains(netip.MustParseAddr("8.8.8.8")) })
		}},
		{"TRUST_PROXY=false trusts nobody", map[string]string{"TRUST_PROXY": "false"}, func(c Config) bool { return c.TrustedProxies == nil }},
		{"SMTP_URL with STARTTLS and a password", map[string]string{"SMTP_URL": "smtp://user:pa%40ss@mail.example:587"}, func(c Config) bool {
			p, _ := c.SMTPURL.User.Password()
			return c.SMTPURL.Hostname() == "mail.example" && p == "pa@ss"
		}},
		{"SMTP_URL smtps", map[string]string{"SMTP_URL": "smtps://mail.example"}, func(c Config) bool { return c.SMTPURL.Scheme == "smtps" }},
		{"SMTP_URL without TLS for a loopback relay", map[string]string{"SMTP_URL": "smtp://127.0.0.1:2525?tls=none"}, func(c Config) bool {
			return c.SMTPURL.Query().Get("tls") == "none"
		}},
		{"addresses with display names", map[string]string{"MAIL_FROM": "Team <a@b.org>", "MAIL_REPLY_TO": "help@b.org", "TEAM_EMAIL": "t@b.org"}, func(c Config) bool {
			return c.MailFrom == "Team <a@b.org>" && c.MailReplyTo == "help@b.org" && c.TeamEmail == "t@b.org"
		}},
		{"OUTBOX_LEASE", map[string]string{"OUTBOX_LEASE": "2s"}, func(c Config) bool { return c.OutboxLease == 2*time.Second }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Load("TeachPilot", env(tt.vars))
			if err != nil {
				t.Fatal(err)
			}
			if !tt.check(c) {
				t.Errorf("Load(%v) = %+v", tt.vars, c)
			}
		})
	}
}

func TestFormSettingsRejected(t *testing.T) {
	tests := []struct{ key, value string }{
		{"SMTP_URL", "smtp://mail.example?tls=sometimes"},
		{"SMTP_URL", "smtp://mail.example:99999"},
		{"OUTBOX_LEASE", "10ms"},
		{"OUTBOX_LEASE", "soon"},
		{"RATE_LIMIT", "-3/min"},
	}
	for _, tt := range tests {
		t.Run(tt.key+"="+tt.value, func(t *testing.T) {
			_, err := Load("TeachPilot", env(map[string]string{tt.key: tt.value}))
			if err == nil || !strings.HasPrefix(err.Error(), tt.key+":") {
				t.Errorf("Load(%s=%q) = %v, want an error naming %s", tt.key, tt.value, err, tt.key)
			}
		})
	}
}

// TestDefaultMailFromNamesTheProduct: without MAIL_FROM, mail comes from the product Load is
// given, so renaming the product (web/brand.json) renames the sender too.
func TestDefaultMailFromNamesTheProduct(t *testing.T) {
	tests := []struct{ name, product, want string }{
		{"TeachPilot", "TeachPilot", `"TeachPilot" <hello@teachpilot.example>`},
		{"a name with spaces and an ampersand", "Lesson & Lab", `"Lesson & Lab" <hello@teachpilot.example>`},
		{"no name: the bare address", "", "<hello@teachpilot.example>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Load(tt.product, env(nil))
			if err != nil {
				t.Fatal(err)
			}
			if c.Product != tt.product || c.MailFrom != tt.want {
				t.Errorf("Load(%q): Product %q, MailFrom %q; want MailFrom %q", tt.product, c.Product, c.MailFrom, tt.want)
			}
			if a, err := mail.ParseAddress(c.MailFrom); err != nil || a.Name != tt.product {
				t.Errorf("MailFrom %q parses to %v, %v; want the name %q", c.MailFrom, a, err, tt.product)
			}
		})
	}
}
