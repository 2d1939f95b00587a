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
