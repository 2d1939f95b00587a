package server

import (
	"bytes"
	"cmp"
	"crypto/tls"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/teachpilot/site/internal/config"
	"github.com/teachpilot/site/internal/static"
)

// wantSecurityHeaders are the headers of DESIGN §4 every response carries, apart from the
// CSP (checked directive by directive below) and HSTS (only over HTTPS).
var wantSecurityHeaders = map[string]string{
	"X-Content-Type-Options":       "nosniff",
	"X-Frame-Options":              "DENY",
	"X-XSS-Protection":             "1; mode=block",
	"Referrer-Policy":              "strict-origin-when-cross-origin",
	"Permissions-Policy":           "camera=(), microphone=(), geolocation=(), interest-cohort=()",
	"Cross-Origin-Opener-Policy":   "same-origin",
	"Cross-Origin-Resource-Policy": "same-origin",
}

// wantCSPDirectives are the fixed directives of the policy; script-src and style-src are
// checked by TestCSPAllowsExactlyTheInlineScripts.
var wantCSPDirectives = []string{
	"default-src 'self'",
	"img-src 'self' data: https://images.unsplash.com https://upload.wikimedia.org",
	"font-src 'self'",
	"connect-src 'self'",
	"object-src 'none'",
	"base-uri 'self'",
	"form-action 'self'",
	"frame-ancestors 'none'",
	"manifest-src 'self'",
}

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	tests := []struct {
		name       string
		method     string
		path       string
		tls        bool
		hstsConfig bool
		wantStatus int
		wantHSTS   bool
	}{
		{name: "a page", path: "/", wantStatus: 200},
		{name: "a hashed asset", path: "/assets/app-abc123.js", wantStatus: 200},
		{name: "an image", path: "/images/logo.png", wantStatus: 200},
		{name: "loader data", path: "/blog.data", wantStatus: 200},
		{name: "the 404 page", path: "/no-such-page", wantStatus: 404},
		{name: "an unknown asset", path: "/assets/nope.js", wantStatus: 404},
		{name: "a trailing-slash redirect", path: "/blog/", wantStatus: 308},
		{name: "an unknown API path", path: "/api/nope", wantStatus: 404},
		{name: "an API POST", method: "POST", path: "/api/nope", wantStatus: 404},
		{name: "a method not allowed", method: "DELETE", path: "/", wantStatus: 405},
		{name: "the health check", path: "/healthz", wantStatus: 200},
		{name: "a page over TLS also gets HSTS", path: "/", tls: true, wantStatus: 200, wantHSTS: true},
		{name: "HSTS=true sends HSTS behind a TLS-terminating proxy", path: "/", hstsConfig: true, wantStatus: 200, wantHSTS: true},
		{name: "an API answer with HSTS=true gets HSTS", path: "/api/nope", hstsConfig: true, wantStatus: 404, wantHSTS: true},
		{name: "the health check with HSTS=true gets HSTS", path: "/healthz", hstsConfig: true, wantStatus: 200, wantHSTS: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newTestServer(t, testFS(), func(c *config.Config) { c.HSTS = tt.hstsConfig })
			req := httptest.NewRequest(cmp.Or(tt.method, "GET"), tt.path, nil)
			if tt.tls {
				req.TLS = &tls.ConnectionState{}
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d", rec.Code, tt.wantStatus)
			}
			for k, want := range wantSecurityHeaders {
				if got := rec.Header().Values(k); len(got) != 1 || got[0] != want {
					t.Errorf("%s = %q, want exactly %q", k, got, want)
				}
			}
			csp := rec.Header().Get("Content-Security-Policy")
			for _, d := range wantCSPDirectives {
				if !strings.Contains(csp+";", d+";") {
					t.Errorf("CSP lacks %q: %s", d, csp)
				}
			}
			hsts := rec.Header().Get("Strict-Transport-Security")
			switch {
			case tt.wantHSTS && hsts != "max-age=63072000; includeSubDomains":
				t.Errorf("Strict-Transport-Security = %q, want max-age=63072000; includeSubDomains", hsts)
			case !tt.wantHSTS && hsts != "":
				t.Errorf("Strict-Transport-Security = %q over plain HTTP without HSTS=true", hsts)
			}
		})
	}
}

func TestPanicRecovery(t *testing.T) {
	tests := []struct {
		name     string
		path     string
		handler  http.HandlerFunc
		wantCode int
		wantType string
		wantBody string
	}{
		{
			name:     "a panic in an API handler is a JSON 500",
			path:     "/api/boom",
			handler:  func(http.ResponseWriter, *http.Request) { panic("boom") },
			wantCode: 500, wantType: "application/json", wantBody: `{"error":"internal server error"}`,
		},
		{
			name:     "a panic elsewhere is a plain 500",
			path:     "/boom",
			handler:  func(http.ResponseWriter, *http.Request) { panic("boom") },
			wantCode: 500, wantType: "text/plain; charset=utf-8", wantBody: "500 internal server error",
		},
		{
			name: "headers describing the lost body are dropped",
			path: "/api/boom",
			handler: func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Length", "999")
				w.Header().Set("Content-Type", "text/html")
				panic("boom")
			},
			wantCode: 500, wantType: "application/json", wantBody: `"internal server error"`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logs bytes.Buffer
			s := &Server{log: slog.New(slog.NewJSONHandler(&logs, nil))}
			h := s.logRequests(static.SecurityHeaders(s.cfg.HSTS, tt.handler))
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", tt.path, nil))
			if rec.Code != tt.wantCode {
				t.Fatalf("status = %d, want %d", rec.Code, tt.wantCode)
			}
			if got := rec.Header().Get("Content-Type"); got != tt.wantType {
				t.Errorf("Content-Type = %q, want %q", got, tt.wantType)
			}
			if got := rec.Header().Get("Content-Length"); got != "" {
				t.Errorf("Content-Length = %q survived the panic", got)
			}
			if !strings.Contains(rec.Body.String(), tt.wantBody) {
				t.Errorf("body = %q, want %q", rec.Body.String(), tt.wantBody)
			}
			if rec.Header().Get("X-Frame-Options") != "DENY" {
				t.Errorf("the 500 lost the security headers")
			}
			if !strings.Contains(logs.String(), `"msg":"panic"`) || !strings.Contains(logs.String(), `"stack"`) {
				t.Errorf("the panic was not logged with its stack:\n%s", logs.String())
			}
			if !strings.Contains(logs.String(), `"status":500`) {
				t.Errorf("the request line does not record the 500:\n%s", logs.String())
			}
		})
	}
}

func TestPanicAfterTheResponseStartedAbortsTheConnection(t *testing.T) {
	s := &Server{log: slog.New(slog.DiscardHandler)}
	h := s.logRequests(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(200)
		_, _ = w.Write([]byte("partial"))
		panic("boom")
	}))
	defer func() {
		if v := recover(); v != http.ErrAbortHandler { //nolint:errorlint // a recover() value, compared as net/http does
			t.Fatalf("recovered %v, want http.ErrAbortHandler so net/http drops the connection", v)
		}
	}()
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
}

func TestRequestLog(t *testing.T) {
	tests := []struct {
		name      string
		level     slog.Level
		path      string
		wantLine  bool
		wantLevel string
		wantCode  int
	}{
		{name: "a page is logged at info", level: slog.LevelInfo, path: "/", wantLine: true, wantLevel: "INFO", wantCode: 200},
		{name: "a 404 is logged at info", level: slog.LevelInfo, path: "/nope", wantLine: true, wantLevel: "INFO", wantCode: 404},
		{name: "an asset is not logged at info", level: slog.LevelInfo, path: "/assets/app-abc123.js"},
		{name: "the health check is not logged at info", level: slog.LevelInfo, path: "/healthz"},
		{name: "an asset is logged at debug", level: slog.LevelDebug, path: "/assets/app-abc123.js", wantLine: true, wantLevel: "DEBUG", wantCode: 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logs bytes.Buffer
			cfg, _ := config.Load("TeachPilot", func(string) string { return "" })
			s, err := New(cfg, slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: tt.level})), testFS())
			if err != nil {
				t.Fatal(err)
			}
			rec := httptest.NewRecorder()
			s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", tt.path, nil))
			if !tt.wantLine {
				if logs.Len() != 0 {
					t.Errorf("logged %s", logs.String())
				}
				return
			}
			var line struct {
				Level, Msg, Method, Path string
				Status                   int
				Bytes                    int
				Duration                 *int64
			}
			if err := json.Unmarshal(logs.Bytes(), &line); err != nil {
				t.Fatalf("log line %q: %v", logs.String(), err)
			}
			if line.Level != tt.wantLevel || line.Msg != "request" || line.Method != "GET" || line.Path != tt.path ||
				line.Status != tt.wantCode || line.Bytes != rec.Body.Len() || line.Duration == nil {
				t.Errorf("log line = %+v, want level %s, GET %s, status %d, %d bytes, a duration",
					line, tt.wantLevel, tt.path, tt.wantCode, rec.Body.Len())
			}
		})
	}
}
