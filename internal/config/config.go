// Package config reads the site's configuration from environment variables once, at start.
package config

import (
	"cmp"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is everything the binary can be told from its environment. It is built once by
// Load and passed down explicitly; nothing reads the environment after that.
type Config struct {
	// Product is the product's name, from web/brand.json: the caller gives it to Load (it is
	// not read from the environment). The pages the server renders and the default MAIL_FROM
	// show it.
	Product string
	// Addr is the TCP address the HTTP server listens on (ADDR, default ":8080").
	Addr string
	// BaseURL is the public origin of the site (BASE_URL, default http://localhost:8080):
	// scheme and host only. Every absolute URL follows it: the pages, feed, sitemap and
	// robots.txt (the build's placeholder origin is replaced at start) and email links.
	BaseURL *url.URL
	// BaseURLSet reports whether BASE_URL was given: without it BaseURL is
	// http://localhost:8080, right only on a developer's machine.
	BaseURLSet bool
	// DatabaseURL selects the store: a file path or "sqlite:" URL for SQLite, or a
	// "postgres://" URL for PostgreSQL (DATABASE_URL, default "sqlite:./data/teachpilot.db").
	DatabaseURL string
	// ShutdownTimeout bounds how long in-flight requests may run after SIGTERM (SHUTDOWN_TIMEOUT).
	ShutdownTimeout time.Duration
	// LogLevel is debug, info, warn or error (LOG_LEVEL).
	LogLevel string
	// HSTS sends Strict-Transport-Security; set it when the site is served over HTTPS,
	// including behind a TLS-terminating proxy (HSTS=true).
	HSTS bool

	// SMTPURL is where the outbox worker delivers email (SMTP_URL): smtp://user:pass@host:587
	// (STARTTLS required), smtps://user:pass@host:465 (TLS), or smtp://host:25?tls=none for a
	// loopback relay. Nil means no SMTP: messages are written to the log instead.
	SMTPURL *url.URL
	// MailFrom is the From address of every email (MAIL_FROM).
	MailFrom string
	// MailReplyTo is the Reply-To of emails sent to visitors (MAIL_REPLY_TO, optional).
	MailReplyTo string
	// TeamEmail receives contact-form notifications (TEAM_EMAIL).
	TeamEmail string
	// TrustedProxies lists the proxies whose X-Forwarded-For is believed when finding a
	// client's address for rate limiting (TRUSTED_PROXIES, comma-separated IPs or CIDRs; or
	// TRUST_PROXY=true for loopback and private networks). Empty: X-Forwarded-For is ignored.
	TrustedProxies []netip.Prefix
	// RateLimit is how many form posts one client may make per period (RATE_LIMIT, e.g.
	// "30/min", "5/s", "100/hour", or "off"). Zero Events means no limit.
	RateLimit RateLimit
	// OutboxLease is how long one instance's mail worker reserves the emails it claimed
	// (OUTBOX_LEASE, default 30s). After a crash, the emails it held wait this long before
	// another worker, or the restarted one, sends them.
	OutboxLease time.Duration
	// MailPerRecipientDay is how many emails one visitor address may be sent per day (UTC),
	// counted in the database across instances (MAIL_PER_RECIPIENT_DAY, default 10; 0: no
	// limit). Mail to TEAM_EMAIL is not counted.
	MailPerRecipientDay int

	// Console is the team's console, its webhooks and the metrics (console.go).
	Console Console
}

// RateLimit allows Events requests per Per, with bursts of up to Events.
type RateLimit struct {
	Events int
	Per    time.Duration
}

// Off reports whether rate limiting is disabled.
func (r RateLimit) Off() bool { return r.Events <= 0 }

// Load reads the configuration of the product named product (web.ProductName()) from getenv
// (os.Getenv in production, a map in tests). Every problem found is reported, each naming its
// variable.
func Load(product string, getenv func(string) string) (Config, error) {
	var errs []error
	c := Config{
		Product:     product,
		Addr:        cmp.Or(getenv("ADDR"), ":8080"),
		DatabaseURL: cmp.Or(getenv("DATABASE_URL"), "sqlite:./data/teachpilot.db"),
		LogLevel:    strings.ToLower(cmp.Or(getenv("LOG_LEVEL"), "info")),
	}

	if _, port, err := net.SplitHostPort(c.Addr); err != nil || !validPort(port) {
		errs = append(errs, fmt.Errorf("ADDR: want host:port or :port such as :8080, got %q", c.Addr))
	}

	base, err := parseBaseURL(cmp.Or(getenv("BASE_URL"), "http://localhost:8080"))
	if err != nil {
		errs = append(errs, fmt.Errorf("BASE_URL: %w", err))
	}
	c.BaseURL, c.BaseURLSet = base, getenv("BASE_URL") != ""

	c.ShutdownTimeout, err = time.ParseDuration(cmp.Or(getenv("SHUTDOWN_TIMEOUT"), "15s"))
	if err != nil || c.ShutdownTimeout <= 0 {
		errs = append(errs, fmt.Errorf("SHUTDOWN_TIMEOUT: want a positive duration such as 15s, got %q", getenv("SHUTDOWN_TIMEOUT")))
	}

	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		errs = append(errs, fmt.Errorf("LOG_LEVEL: want debug, info, warn or error, got %q", c.LogLevel))
	}

	if v := getenv("HSTS"); v != "" {
		c.HSTS, err = strconv.ParseBool(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("HSTS: want true or false, got %q", v))
		}
	}

	errs = append(errs, c.loadForms(getenv)...)
	errs = append(errs, c.loadConsole(getenv)...)

	return c, errors.Join(errs...)
}

// loadForms reads the settings of the form API: email delivery, proxies and the rate limit.
func (c *Config) loadForms(getenv func(string) string) []error {
	var errs []error
	if v := getenv("SMTP_URL"); v != "" {
		u, err := parseSMTPURL(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("SMTP_URL: %w", err))
		}
		c.SMTPURL = u
	}

	addr := func(name, def string, optional bool) string {
		v := strings.TrimSpace(cmp.Or(getenv(name), def))
		if v == "" && optional {
			return ""
		}
		if _, err := mail.ParseAddress(v); err != nil {
			errs = append(errs, fmt.Errorf("%s: want an email address such as %q, got %q", name, c.Product+" <hello@teachpilot.example>", v))
		}
		return v
	}
	c.MailFrom = addr("MAIL_FROM", (&mail.Address{Name: c.Product, Address: "hello@teachpilot.example"}).String(), false)
	c.MailReplyTo = addr("MAIL_REPLY_TO", "", true)
	c.TeamEmail = addr("TEAM_EMAIL", "team@teachpilot.example", false)

	if v := getenv("TRUST_PROXY"); v != "" {
		trust, err := strconv.ParseBool(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("TRUST_PROXY: want true or false, got %q", v))
		} else if trust && getenv("TRUSTED_PROXIES") == "" {
			for _, p := range []string{"127.0.0.0/8", "::1/128", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"} {
				c.TrustedProxies = append(c.TrustedProxies, netip.MustParsePrefix(p))
			}
		}
	}
	if v := getenv("TRUSTED_PROXIES"); v != "" {
		for item := range strings.SplitSeq(v, ",") {
			item = strings.TrimSpace(item)
			if item == "" {
				continue
			}
			p, err := netip.ParsePrefix(item)
			if err != nil {
				a, aerr := netip.ParseAddr(item)
				if aerr != nil {
					errs = append(errs, fmt.Errorf("TRUSTED_PROXIES: want IP addresses or CIDRs separated by commas, got %q", item))
					continue
				}
				p = netip.PrefixFrom(a, a.BitLen())
			}
			c.TrustedProxies = append(c.TrustedProxies, p.Masked())
		}
	}

	rl, err := parseRateLimit(cmp.Or(getenv("RATE_LIMIT"), "30/min"))
	if err != nil {
		errs = append(errs, fmt.Errorf("RATE_LIMIT: %w", err))
	}
	c.RateLimit = rl

	c.OutboxLease, err = time.ParseDuration(cmp.Or(getenv("OUTBOX_LEASE"), "30s"))
	if err != nil || c.OutboxLease < time.Second {
		errs = append(errs, fmt.Errorf("OUTBOX_LEASE: want a duration of at least 1s such as 30s, got %q", getenv("OUTBOX_LEASE")))
	}

	c.MailPerRecipientDay, err = strconv.Atoi(cmp.Or(getenv("MAIL_PER_RECIPIENT_DAY"), "10"))
	if err != nil || c.MailPerRecipientDay < 0 {
		errs = append(errs, fmt.Errorf("MAIL_PER_RECIPIENT_DAY: want a number of emails such as 10, or 0 for no limit, got %q", getenv("MAIL_PER_RECIPIENT_DAY")))
	}
	return errs
}

// parseBaseURL reads the site's public origin: http or https, a host and an optional port,
// nothing else (a path, query, fragment or user info is refused: the site is served at the
// root of its origin, and the origin is written into every page as it is). A trailing slash
// is dropped; scheme and host are lower-cased.
func parseBaseURL(v string) (*url.URL, error) {
	u, err := url.Parse(v)
	want := "want an origin such as https://teachpilot.example (http or https, a host, an optional port, nothing after it)"
	switch {
	case err != nil, u.Scheme == "", u.Host == "":
		return nil, fmt.Errorf("%s, got %q", want, redact(v))
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, fmt.Errorf("%s, got the scheme %q", want, u.Scheme)
	case u.User != nil:
		return nil, fmt.Errorf("%s, got user info in %q", want, redact(v))
	case u.Path != "" && u.Path != "/", u.RawPath != "":
		return nil, fmt.Errorf("%s, got the path %q", want, u.Path)
	case u.RawQuery != "" || u.ForceQuery:
		return nil, fmt.Errorf("%s, got a query in %q", want, v)
	case u.Fragment != "" || strings.Contains(v, "#"):
		return nil, fmt.Errorf("%s, got a fragment in %q", want, v)
	}
	host := strings.ToLower(u.Hostname())
	if !validHost(host) {
		return nil, fmt.Errorf("%s, got the host %q", want, u.Hostname())
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("%s, got the port %q", want, p)
		}
	}
	// The origin is written into pages, feeds and JSON as it is: only plain host characters.
	return &url.URL{Scheme: strings.ToLower(u.Scheme), Host: strings.ToLower(u.Host)}, nil
}

// validHost reports a DNS name of letters, digits, dots and hyphens, or an IP address.
func validHost(h string) bool {
	if _, err := netip.ParseAddr(h); err == nil {
		return true
	}
	if h == "" || len(h) > 253 {
		return false
	}
	for _, r := range h {
		plain := r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '-'
		if !plain {
			return false
		}
	}
	return true
}

func parseSMTPURL(v string) (*url.URL, error) {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return nil, fmt.Errorf("want smtp://user:pass@host:587, smtps://user:pass@host:465 or smtp://host:25?tls=none, got %q", redact(v))
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("port %q is not a number from 1 to 65535", p)
		}
	}
	switch t := u.Query().Get("tls"); t {
	case "", "starttls", "opportunistic", "none":
	default:
		return nil, fmt.Errorf("tls=%q: want starttls, opportunistic or none", t)
	}
	return u, nil
}

// redact hides the password of a URL-like string so it never reaches an error message.
func redact(v string) string {
	if u, err := url.Parse(v); err == nil && u.User != nil {
		return u.Redacted()
	}
	return v
}

func parseRateLimit(v string) (RateLimit, error) {
	if strings.EqualFold(v, "off") {
		return RateLimit{}, nil
	}
	n, unit, ok := strings.Cut(v, "/")
	events, err := strconv.Atoi(strings.TrimSpace(n))
	per, known := map[string]time.Duration{
		"s": time.Second, "sec": time.Second, "second": time.Second,
		"m": time.Minute, "min": time.Minute, "minute": time.Minute,
		"h": time.Hour, "hour": time.Hour,
	}[strings.TrimSpace(unit)]
	if !ok || err != nil || events < 1 || !known {
		return RateLimit{}, fmt.Errorf("want requests per period such as 30/min, 5/s or 100/hour, or off, got %q", v)
	}
	return RateLimit{Events: events, Per: per}, nil
}

// validPort reports whether port is a number from 0 to 65535 (0 picks a free port).
func validPort(port string) bool {
	n, err := strconv.Atoi(port)
	return err == nil && n >= 0 && n <= 65535
}

// FromEnv is Load with the process environment.
func FromEnv(product string) (Config, error) { return Load(product, os.Getenv) }
