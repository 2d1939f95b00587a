package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
)

const testAIKey = "sk-test-S3CRET-0123456789"

// TestAISettings covers AI_*: the three provider variables go together, the cap and the
// timeout have defaults, and mistakes are named.
func TestAISettings(t *testing.T) {
	provider := map[string]string{"AI_BASE_URL": "http://127.0.0.1:11434/v1/", "AI_API_KEY": testAIKey, "AI_MODEL": "llama3.1"}
	with := func(kv ...string) map[string]string {
		m := map[string]string{}
		for k, v := range provider {
			m[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	tests := []struct {
		name    string
		vars    map[string]string
		check   func(c Config) bool
		wantErr string
	}{
		{name: "none: built-in plans only, the defaults", vars: nil, check: func(c Config) bool {
			return !c.AI.On() && c.AI.DailyLimit == 1000 && c.AI.Timeout == 45*time.Second
		}},
		{name: "all three: the AI planner", vars: provider, check: func(c Config) bool {
			return c.AI.On() && c.AI.BaseURL == "http://127.0.0.1:11434/v1" && c.AI.APIKey.Reveal() == testAIKey && c.AI.Model == "llama3.1"
		}},
		{name: "cap and timeout", vars: with("AI_DAILY_LIMIT", "5", "AI_TIMEOUT", "10s"), check: func(c Config) bool {
			return c.AI.DailyLimit == 5 && c.AI.Timeout == 10*time.Second
		}},
		{name: "a cap of 0 means no AI calls", vars: with("AI_DAILY_LIMIT", "0"), check: func(c Config) bool { return c.AI.DailyLimit == 0 }},
		{name: "the key without the others", vars: map[string]string{"AI_API_KEY": testAIKey}, wantErr: "AI_BASE_URL and AI_MODEL not set"},
		{name: "no key", vars: with("AI_API_KEY", ""), wantErr: "AI_API_KEY not set"},
		{name: "a base URL that is not http", vars: with("AI_BASE_URL", "ftp://models.example"), wantErr: "AI_BASE_URL: want"},
		{name: "a key in the base URL's query", vars: with("AI_BASE_URL", "https://api.example/v1?key="+testAIKey), wantErr: "without a query"},
		{name: "a key as user info", vars: with("AI_BASE_URL", "https://u:"+testAIKey+"@api.example/v1"), wantErr: "without user info"},
		{name: "a negative cap", vars: with("AI_DAILY_LIMIT", "-1"), wantErr: "AI_DAILY_LIMIT"},
		{name: "a timeout that is not a duration", vars: with("AI_TIMEOUT", "45"), wantErr: "AI_TIMEOUT"},
		{name: "a timeout too short", vars: with("AI_TIMEOUT", "10ms"), wantErr: "AI_TIMEOUT"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Load("TeachPilot", env(tt.vars))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tt.wantErr)
				}
				if strings.Contains(err.Error(), testAIKey) {
					t.Errorf("the error shows the key: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !tt.check(c) {
				t.Errorf("Load(%v) = %+v", tt.vars, c.AI)
			}
		})
	}
}

// TestTheAIKeyIsNeverPrinted prints the configuration every way a log line or an error
// might: the key never shows.
func TestTheAIKeyIsNeverPrinted(t *testing.T) {
	c, err := Load("TeachPilot", env(map[string]string{"AI_BASE_URL": "https://api.example/v1", "AI_API_KEY": testAIKey, "AI_MODEL": "m"}))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	for _, format := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x"} {
		fmt.Fprintf(&out, format+"\n", c)
		fmt.Fprintf(&out, format+"\n", c.AI.APIKey)
	}
	js, _ := json.Marshal(c)
	out.Write(js)
	slog.New(slog.NewJSONHandler(&out, nil)).Info("config", "ai", c.AI, "key", c.AI.APIKey, "cfg", c)
	slog.New(slog.NewTextHandler(&out, nil)).Info("config", "ai", c.AI, "key", c.AI.APIKey)
	if strings.Contains(out.String(), testAIKey) || strings.Contains(out.String(), fmt.Sprintf("%x", testAIKey)) {
		t.Errorf("the key was printed:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "[redacted]") {
		t.Errorf("no placeholder in:\n%s", out.String())
	}
}
