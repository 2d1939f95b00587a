package config

import (
	"cmp"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// AI is the AI planner's provider: any OpenAI-compatible chat-completions API. It is set
// when AI_BASE_URL, AI_API_KEY and AI_MODEL are all given; without them every plan is the
// built-in planner's.
type AI struct {
	// BaseURL is the API's base (AI_BASE_URL), e.g. https://api.openai.com/v1: requests go
	// to BaseURL/chat/completions.
	BaseURL string
	// APIKey is the provider's key (AI_API_KEY). It is sent to the provider and nowhere
	// else: String and LogValue show it redacted.
	APIKey Secret
	// Model is the model's name (AI_MODEL).
	Model string
	// DailyLimit is how many AI calls the site makes per UTC day before the built-in
	// planner takes over until midnight (AI_DAILY_LIMIT, default 1000).
	DailyLimit int
	// Timeout is the whole budget of one AI plan, retries included (AI_TIMEOUT, default
	// 45s); past it the teacher gets the built-in plan.
	Timeout time.Duration
}

// On reports whether an AI provider is configured.
func (a AI) On() bool { return a.BaseURL != "" }

// Secret is a value that must never be printed: fmt and slog show it as [redacted].
type Secret string

// String returns a placeholder, never the secret.
func (Secret) String() string { return "[redacted]" }

// GoString returns a placeholder, never the secret (%#v).
func (Secret) GoString() string { return `"[redacted]"` }

// MarshalText returns a placeholder, never the secret (JSON, slog's JSON handler).
func (Secret) MarshalText() ([]byte, error) { return []byte("[redacted]"), nil }

// LogValue returns a placeholder, never the secret (slog).
func (Secret) LogValue() slog.Value { return slog.StringValue("[redacted]") }

// Reveal returns the secret itself, for the one place that sends it.
func (s Secret) Reveal() string { return string(s) }

// loadAI reads the AI planner's settings: the provider's three variables (all or none), the
// daily cap and the timeout.
func (c *Config) loadAI(getenv func(string) string) []error {
	var errs []error
	base, key, model := strings.TrimSpace(getenv("AI_BASE_URL")), strings.TrimSpace(getenv("AI_API_KEY")), strings.TrimSpace(getenv("AI_MODEL"))
	set := 0
	for _, v := range []string{base, key, model} {
		if v != "" {
			set++
		}
	}
	switch {
	case set == 3:
		u, err := parseAIBaseURL(base)
		if err != nil {
			errs = append(errs, fmt.Errorf("AI_BASE_URL: %w", err))
		}
		c.AI.BaseURL, c.AI.APIKey, c.AI.Model = u, Secret(key), model
	case set > 0:
		var missing []string
		for _, v := range []struct{ name, value string }{{"AI_BASE_URL", base}, {"AI_API_KEY", key}, {"AI_MODEL", model}} {
			if v.value == "" {
				missing = append(missing, v.name)
			}
		}
		errs = append(errs, fmt.Errorf("AI_BASE_URL, AI_API_KEY and AI_MODEL go together (all three for the AI planner, none for the built-in planner only): %s not set",
			strings.Join(missing, " and ")))
	}

	var err error
	c.AI.DailyLimit, err = strconv.Atoi(cmp.Or(getenv("AI_DAILY_LIMIT"), "1000"))
	if err != nil || c.AI.DailyLimit < 0 {
		errs = append(errs, fmt.Errorf("AI_DAILY_LIMIT: want a number of AI calls per day such as 1000 (0: none), got %q", getenv("AI_DAILY_LIMIT")))
	}
	c.AI.Timeout, err = time.ParseDuration(cmp.Or(getenv("AI_TIMEOUT"), "45s"))
	if err != nil || c.AI.Timeout < time.Second || c.AI.Timeout > 5*time.Minute {
		errs = append(errs, fmt.Errorf("AI_TIMEOUT: want a duration from 1s to 5m such as 45s, got %q", getenv("AI_TIMEOUT")))
	}
	return errs
}

// parseAIBaseURL reads the provider's base URL: http or https, a host, an optional path
// (such as /v1), no user info, query or fragment (the key goes in a header, never the URL).
// A trailing slash is dropped.
func parseAIBaseURL(v string) (string, error) {
	u, err := url.Parse(v)
	want := "want the API's base URL such as https://api.openai.com/v1 or http://127.0.0.1:11434/v1"
	// The value is not repeated in these messages: a key pasted into it must not reach a log.
	switch {
	case err != nil, u.Scheme != "http" && u.Scheme != "https", u.Host == "":
		return "", fmt.Errorf("%s (http or https and a host)", want)
	case u.User != nil:
		return "", fmt.Errorf("%s, without user info (the key goes in AI_API_KEY)", want)
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(v, "#"):
		return "", fmt.Errorf("%s, without a query or fragment (the key goes in AI_API_KEY)", want)
	}
	return strings.TrimRight(u.String(), "/"), nil
}
