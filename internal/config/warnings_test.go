package config

import (
	"strings"
	"testing"
)

// TestWarningsWithoutBaseURL: an unset BASE_URL works (make run) but is logged at start.
func TestWarningsWithoutBaseURL(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want int
	}{
		{"BASE_URL unset: one warning", map[string]string{}, 1},
		{"BASE_URL set: none", map[string]string{"BASE_URL": "https://teachpilot.example"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Load("TeachPilot", func(k string) string { return tt.env[k] })
			if err != nil {
				t.Fatal(err)
			}
			w := c.Warnings()
			if len(w) != tt.want || (tt.want > 0 && !strings.Contains(w[0], "BASE_URL")) {
				t.Errorf("warnings = %q", w)
			}
		})
	}
}

// TestWarningsAboutTheAIProvider: a key sent over plain http to another machine works but is
// logged at start; loopback (Ollama, llama.cpp on the same host) and https are fine.
func TestWarningsAboutTheAIProvider(t *testing.T) {
	tests := []struct {
		base string
		want bool
	}{
		{"https://api.openai.com/v1", false},
		{"http://127.0.0.1:11434/v1", false},
		{"http://localhost:8000/v1", false},
		{"http://[::1]:8000/v1", false},
		{"http://10.0.0.5:8000/v1", true},
		{"http://models.internal/v1", true},
	}
	for _, tt := range tests {
		t.Run(tt.base, func(t *testing.T) {
			env := map[string]string{"BASE_URL": "https://teachpilot.example", "AI_BASE_URL": tt.base, "AI_API_KEY": testAIKey, "AI_MODEL": "m"}
			c, err := Load("TeachPilot", func(k string) string { return env[k] })
			if err != nil {
				t.Fatal(err)
			}
			w := c.Warnings()
			if got := len(w) == 1 && strings.Contains(w[0], "AI_BASE_URL"); got != tt.want || (!tt.want && len(w) != 0) {
				t.Errorf("warnings = %q", w)
			}
			for _, line := range w {
				if strings.Contains(line, testAIKey) {
					t.Error("a warning shows the key")
				}
			}
		})
	}
}
