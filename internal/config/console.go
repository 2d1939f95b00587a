package config

import (
	"cmp"
	"encoding/base64"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"time"
)

// Console is the configuration of the team's console, its webhooks and the metrics.
type Console struct {
	// IdleTimeout ends a console session nobody used for this long (ADMIN_IDLE_TIMEOUT,
	// default 30m); AbsoluteTimeout ends any session this long after sign-in
	// (ADMIN_ABSOLUTE_TIMEOUT, default 12h).
	IdleTimeout, AbsoluteTimeout time.Duration
	// SecretKey seals the TOTP secrets of console accounts (ADMIN_SECRET_KEY: base64 of 32
	// random bytes, e.g. `openssl rand -base64 32`). Without it, TOTP cannot be turned on.
	// It is never logged (see String).
	SecretKey SecretKey
	// WebhookAllowPrivate lets webhook endpoints be on loopback or private addresses
	// (WEBHOOK_ALLOW_PRIVATE=true, default false: the console cannot reach internal services).
	WebhookAllowPrivate bool
	// MetricsAddr is a separate listen address for /metrics (METRICS_ADDR, e.g.
	// 127.0.0.1:9090); MetricsToken lets /metrics be read on the site's own address with
	// "Authorization: Bearer <token>" (METRICS_TOKEN). With neither, /metrics is not served.
	MetricsAddr  string
	MetricsToken Secret
}

// SecretKey is a key that must never reach a log: it prints as "[redacted]".
type SecretKey []byte

// String hides the key.
func (k SecretKey) String() string {
	if len(k) == 0 {
		return ""
	}
	return "[redacted]"
}

// GoString hides the key from %#v too.
func (k SecretKey) GoString() string { return k.String() }

// LogValue hides the key from slog.
func (k SecretKey) LogValue() slog.Value { return slog.StringValue(k.String()) }

// MarshalText hides the key from JSON and other encoders.
func (k SecretKey) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Secret is a text that must never reach a log (a bearer token): it prints as "[redacted]".
type Secret string

// String hides the secret.
func (s Secret) String() string { return SecretKey(s).String() }

// GoString hides the secret from %#v too.
func (s Secret) GoString() string { return s.String() }

// LogValue hides the secret from slog.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.String()) }

// MarshalText hides the secret from JSON and other encoders.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// minMetricsToken is the shortest METRICS_TOKEN accepted: a guessable token would make the
// metrics public.
const minMetricsToken = 16

// loadConsole reads the console's settings.
func (c *Config) loadConsole(getenv func(string) string) []error {
	var errs []error
	dur := func(name, def string, min time.Duration) time.Duration {
		v := cmp.Or(getenv(name), def)
		d, err := time.ParseDuration(v)
		if err != nil || d < min {
			errs = append(errs, fmt.Errorf("%s: want a duration of at least %s such as %s, got %q", name, min, def, v))
		}
		return d
	}
	c.Console.IdleTimeout = dur("ADMIN_IDLE_TIMEOUT", "30m", time.Minute)
	c.Console.AbsoluteTimeout = dur("ADMIN_ABSOLUTE_TIMEOUT", "12h", time.Minute)
	if c.Console.AbsoluteTimeout < c.Console.IdleTimeout {
		errs = append(errs, fmt.Errorf("ADMIN_ABSOLUTE_TIMEOUT: want at least ADMIN_IDLE_TIMEOUT (%s), got %s", c.Console.IdleTimeout, c.Console.AbsoluteTimeout))
	}

	if v := getenv("ADMIN_SECRET_KEY"); v != "" {
		key, err := base64.StdEncoding.DecodeString(v)
		if err != nil || len(key) != 32 {
			// The value is never repeated: it is a secret, even when malformed.
			errs = append(errs, fmt.Errorf("ADMIN_SECRET_KEY: want base64 of 32 random bytes (openssl rand -base64 32), got %d characters that are not", len(v)))
		} else {
			c.Console.SecretKey = key
		}
	}

	if v := getenv("WEBHOOK_ALLOW_PRIVATE"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			errs = append(errs, fmt.Errorf("WEBHOOK_ALLOW_PRIVATE: want true or false, got %q", v))
		}
		c.Console.WebhookAllowPrivate = b
	}

	if v := getenv("METRICS_ADDR"); v != "" {
		if _, port, err := net.SplitHostPort(v); err != nil || !validPort(port) {
			errs = append(errs, fmt.Errorf("METRICS_ADDR: want host:port or :port such as 127.0.0.1:9090, got %q", v))
		} else if v == c.Addr {
			errs = append(errs, fmt.Errorf("METRICS_ADDR: want an address other than ADDR (%s)", c.Addr))
		}
		c.Console.MetricsAddr = v
	}
	if v := getenv("METRICS_TOKEN"); v != "" {
		if len(v) < minMetricsToken {
			errs = append(errs, fmt.Errorf("METRICS_TOKEN: want at least %d characters (openssl rand -hex 16), got %d", minMetricsToken, len(v)))
		}
		c.Console.MetricsToken = Secret(v)
	}
	return errs
}
