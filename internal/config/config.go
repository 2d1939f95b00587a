// Package config reads the site's configuration from environment variables once, at start.
package config

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is everything the binary can be told from its environment. It is built once by
// Load and passed down explicitly; nothing reads the environment after that.
type Config struct {
	// Addr is the TCP address the HTTP server listens on (ADDR, default ":8080").
	Addr string
	// BaseURL is the public origin of the site, used in links inside emails (BASE_URL).
	BaseURL *url.URL
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
}

// Load reads the configuration from getenv (os.Getenv in production, a map in tests). Every
// problem found is reported, each naming its variable.
func Load(getenv func(string) string) (Config, error) {
	var errs []error
	c := Config{
		Addr:        or(getenv("ADDR"), ":8080"),
		DatabaseURL: or(getenv("DATABASE_URL"), "sqlite:./data/teachpilot.db"),
		LogLevel:    strings.ToLower(or(getenv("LOG_LEVEL"), "info")),
	}

	base, err := url.Parse(or(getenv("BASE_URL"), "http://localhost:8080"))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		errs = append(errs, fmt.Errorf("BASE_URL: want an absolute http(s) URL such as https://teachpilot.example, got %q", getenv("BASE_URL")))
	} else {
		base.Path = strings.TrimSuffix(base.Path, "/")
		c.BaseURL = base
	}

	c.ShutdownTimeout, err = time.ParseDuration(or(getenv("SHUTDOWN_TIMEOUT"), "15s"))
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

	return c, errors.Join(errs...)
}

// FromEnv is Load with the process environment.
func FromEnv() (Config, error) { return Load(os.Getenv) }

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
