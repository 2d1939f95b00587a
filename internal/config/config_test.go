package config

import (
	"strings"
	"testing"
	"time"
)

// env returns a getenv over a fixed map, as Load is called in tests.
func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestLoadDefaults(t *testing.T) {
	c, err := Load("TeachPilot", env(nil))
	if err != nil {
		t.Fatalf("Load with an empty environment: %v", err)
	}
	tests := []struct {
		name      string
		got, want any
	}{
		{"ADDR listens on every interface, port 8080", c.Addr, ":8080"},
		{"BASE_URL is the local site", c.BaseURL.String(), "http://localhost:8080"},
		{"DATABASE_URL is SQLite under ./data", c.DatabaseURL, "sqlite:./data/teachpilot.db"},
		{"SHUTDOWN_TIMEOUT is 15 seconds", c.ShutdownTimeout, 15 * time.Second},
		{"LOG_LEVEL is info", c.LogLevel, "info"},
		{"HSTS is off for plain HTTP", c.HSTS, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %v, want %v", tt.got, tt.want)
			}
		})
	}
}

func TestLoadValidValues(t *testing.T) {
	c, err := Load("TeachPilot", env(map[string]string{
		"ADDR":             "127.0.0.1:18080",
		"BASE_URL":         "https://teachpilot.example/",
		"SHUTDOWN_TIMEOUT": "30s",
		"LOG_LEVEL":        "DEBUG",
		"HSTS":             "true",
	}))
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if c.Addr != "127.0.0.1:18080" || c.BaseURL.String() != "https://teachpilot.example" ||
		c.ShutdownTimeout != 30*time.Second || c.LogLevel != "debug" || !c.HSTS {
		t.Errorf("Load = %+v", c)
	}
}

func TestLoadRejectsEachBadVariableByName(t *testing.T) {
	tests := []struct {
		name  string
		key   string
		value string
	}{
		{"ADDR without a port", "ADDR", "localhost"},
		{"ADDR with a port out of range", "ADDR", ":70000"},
		{"ADDR with a named port", "ADDR", ":http"},
		{"BASE_URL without a scheme", "BASE_URL", "teachpilot.example"},
		{"BASE_URL with another scheme", "BASE_URL", "ftp://teachpilot.example"},
		{"BASE_URL without a host", "BASE_URL", "https://"},
		{"BASE_URL with a path", "BASE_URL", "https://teachpilot.example/site"},
		{"BASE_URL with a query", "BASE_URL", "https://teachpilot.example/?x=1"},
		{"BASE_URL with an empty query", "BASE_URL", "https://teachpilot.example?"},
		{"BASE_URL with a fragment", "BASE_URL", "https://teachpilot.example#top"},
		{"BASE_URL with user info", "BASE_URL", "https://user:secret@teachpilot.example"},
		{"BASE_URL with a quote in the host", "BASE_URL", `https://teach"pilot.example`},
		{"BASE_URL with a bad port", "BASE_URL", "https://teachpilot.example:99999"},
		{"SHUTDOWN_TIMEOUT without a unit", "SHUTDOWN_TIMEOUT", "15"},
		{"SHUTDOWN_TIMEOUT of zero", "SHUTDOWN_TIMEOUT", "0s"},
		{"SHUTDOWN_TIMEOUT negative", "SHUTDOWN_TIMEOUT", "-1s"},
		{"LOG_LEVEL unknown", "LOG_LEVEL", "verbose"},
		{"HSTS not a boolean", "HSTS", "yes please"},
		{"SMTP_URL with another scheme", "SMTP_URL", "http://mail.example"},
		{"SMTP_URL without a host", "SMTP_URL", "smtp://"},
		{"MAIL_FROM not an address", "MAIL_FROM", "not an address"},
		{"MAIL_REPLY_TO not an address", "MAIL_REPLY_TO", "reply@"},
		{"TEAM_EMAIL not an address", "TEAM_EMAIL", "team"},
		{"TRUST_PROXY not a boolean", "TRUST_PROXY", "maybe"},
		{"TRUSTED_PROXIES not an address", "TRUSTED_PROXIES", "10.0.0.0/8, proxy.example"},
		{"RATE_LIMIT without a period", "RATE_LIMIT", "30"},
		{"RATE_LIMIT with an unknown period", "RATE_LIMIT", "30/fortnight"},
		{"RATE_LIMIT of zero", "RATE_LIMIT", "0/min"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load("TeachPilot", env(map[string]string{tt.key: tt.value}))
			if err == nil {
				t.Fatalf("Load accepted %s=%q", tt.key, tt.value)
			}
			if strings.Contains(err.Error(), "secret") {
				t.Errorf("error %q shows a password", err)
			}
			if !strings.HasPrefix(err.Error(), tt.key+":") {
				t.Errorf("error %q does not start by naming %s", err, tt.key)
			}
			if strings.Count(err.Error(), "\n") != 0 {
				t.Errorf("one bad variable gave several errors: %q", err)
			}
		})
	}
}

// TestBaseURLIsAnOrigin: BASE_URL is the site's origin, written as people do.
func TestBaseURLIsAnOrigin(t *testing.T) {
	tests := []struct{ name, value, want string }{
		{"a host", "https://teachpilot.example", "https://teachpilot.example"},
		{"a trailing slash is trimmed", "https://teachpilot.example/", "https://teachpilot.example"},
		{"a port", "http://127.0.0.1:8080", "http://127.0.0.1:8080"},
		{"an IPv6 host", "http://[::1]:8080/", "http://[::1]:8080"},
		{"a capitalised scheme and host", "HTTPS://TeachPilot.Example", "https://teachpilot.example"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Load("TeachPilot", env(map[string]string{"BASE_URL": tt.value}))
			if err != nil {
				t.Fatal(err)
			}
			if got := c.BaseURL.String(); got != tt.want {
				t.Errorf("BaseURL = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestLoadReportsEveryBadVariableAtOnce(t *testing.T) {
	_, err := Load("TeachPilot", env(map[string]string{
		"ADDR":             "nope",
		"BASE_URL":         "nope",
		"SHUTDOWN_TIMEOUT": "nope",
		"LOG_LEVEL":        "nope",
		"HSTS":             "nope",
	}))
	if err == nil {
		t.Fatal("Load accepted five bad variables")
	}
	for _, name := range []string{"ADDR", "BASE_URL", "SHUTDOWN_TIMEOUT", "LOG_LEVEL", "HSTS"} {
		if !strings.Contains(err.Error(), name+":") {
			t.Errorf("error does not name %s:\n%v", name, err)
		}
	}
}

func TestSMTPPasswordNeverInErrors(t *testing.T) {
	_, err := Load("TeachPilot", env(map[string]string{"SMTP_URL": "ftp://user:s3cret@mail.example"}))
	if err == nil {
		t.Fatal("Load accepted an ftp SMTP_URL")
	}
	if strings.Contains(err.Error(), "s3cret") {
		t.Errorf("the password leaked into the error: %v", err)
	}
}
