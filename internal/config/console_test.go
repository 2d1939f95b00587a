package config

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestConsoleDefaults(t *testing.T) {
	c, err := Load("TeachPilot", env(nil))
	if err != nil {
		t.Fatal(err)
	}
	want := Console{IdleTimeout: 30 * time.Minute, AbsoluteTimeout: 12 * time.Hour}
	if fmt.Sprint(c.Console) != fmt.Sprint(want) {
		t.Errorf("Console = %+v, want %+v (no key, no private webhooks, no metrics)", c.Console, want)
	}
}

func TestConsoleValidValues(t *testing.T) {
	key := bytes.Repeat([]byte{7}, 32)
	c, err := Load("TeachPilot", env(map[string]string{
		"ADMIN_IDLE_TIMEOUT": "10m", "ADMIN_ABSOLUTE_TIMEOUT": "8h",
		"ADMIN_SECRET_KEY":      base64.StdEncoding.EncodeToString(key),
		"WEBHOOK_ALLOW_PRIVATE": "true", "METRICS_ADDR": "127.0.0.1:9090", "METRICS_TOKEN": "0123456789abcdef0123",
	}))
	if err != nil {
		t.Fatal(err)
	}
	k := c.Console
	if k.IdleTimeout != 10*time.Minute || k.AbsoluteTimeout != 8*time.Hour || !bytes.Equal(k.SecretKey, key) ||
		!k.WebhookAllowPrivate || k.MetricsAddr != "127.0.0.1:9090" || k.MetricsToken != "0123456789abcdef0123" {
		t.Errorf("Console = %+v", k)
	}
}

func TestConsoleRejectsEachBadVariableByName(t *testing.T) {
	for _, tt := range []struct{ key, value string }{
		{"ADMIN_IDLE_TIMEOUT", "soon"},
		{"ADMIN_IDLE_TIMEOUT", "1s"},
		{"ADMIN_ABSOLUTE_TIMEOUT", "-1h"},
		{"ADMIN_ABSOLUTE_TIMEOUT", "10m"}, // shorter than the idle timeout
		{"ADMIN_SECRET_KEY", "not base64!"},
		{"ADMIN_SECRET_KEY", base64.StdEncoding.EncodeToString([]byte("sixteen bytes!!!"))},
		{"WEBHOOK_ALLOW_PRIVATE", "maybe"},
		{"METRICS_ADDR", "9090"},
		{"METRICS_ADDR", ":8080"}, // the site's own address
		{"METRICS_TOKEN", "short"},
	} {
		t.Run(tt.key+"="+tt.value, func(t *testing.T) {
			_, err := Load("TeachPilot", env(map[string]string{tt.key: tt.value}))
			if err == nil || !strings.Contains(err.Error(), tt.key+":") {
				t.Fatalf("Load(%s=%q) = %v, want an error naming %s", tt.key, tt.value, err, tt.key)
			}
		})
	}
}

func TestSecretKeyNeverPrinted(t *testing.T) {
	secret := base64.StdEncoding.EncodeToString([]byte("0123456789abcdef0123456789abcdef"))
	token := "tok-9f8e7d6c5b4a39281706"
	c, err := Load("TeachPilot", env(map[string]string{"ADMIN_SECRET_KEY": secret, "METRICS_TOKEN": token}))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("config", "key", c.Console.SecretKey, "console", c.Console)
	for _, out := range []string{buf.String(), fmt.Sprintf("%v %+v %#v %s", c.Console, c.Console, c.Console, c.Console.SecretKey)} {
		if strings.Contains(out, "0123456789abcdef") || strings.Contains(out, secret) || strings.Contains(out, token) {
			t.Errorf("the key is printed: %s", out)
		}
	}
	// A malformed key is not repeated in the error either.
	_, err = Load("TeachPilot", env(map[string]string{"ADMIN_SECRET_KEY": "hunter2-secret"}))
	if err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("error = %v, want one that does not repeat the value", err)
	}
}
