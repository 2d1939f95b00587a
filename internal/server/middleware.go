package server

import (
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"
)

// recorder remembers the status and size of a response for the request log.
type recorder struct {
	http.ResponseWriter
	status      int
	bytes       int64
	wroteHeader bool
}

// WriteHeader records the final status (informational 1xx responses are passed through).
func (rec *recorder) WriteHeader(code int) {
	if !rec.wroteHeader && code >= 200 {
		rec.status, rec.wroteHeader = code, true
	}
	rec.ResponseWriter.WriteHeader(code)
}

// Write counts the bytes of the body.
func (rec *recorder) Write(b []byte) (int, error) {
	if !rec.wroteHeader {
		rec.status, rec.wroteHeader = http.StatusOK, true
	}
	n, err := rec.ResponseWriter.Write(b)
	rec.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection's writer (Flush, deadlines).
func (rec *recorder) Unwrap() http.ResponseWriter { return rec.ResponseWriter }

// logRequests writes one structured line per request (method, path, status, bytes,
// duration) and turns a handler's panic into a 500 instead of a dropped connection.
// Hashed assets and health checks are logged at debug level so the info log shows the
// pages and API calls people make; server errors are logged at error level.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		defer func() {
			v := recover()
			started := rec.wroteHeader                 // before internalError writes its own response
			if v != nil && v != http.ErrAbortHandler { //nolint:errorlint // recover() value, compared as net/http does
				s.log.LogAttrs(r.Context(), slog.LevelError, "panic",
					slog.String("method", r.Method),
					slog.String("path", r.URL.Path),
					slog.Any("panic", v),
					slog.String("stack", string(debug.Stack())))
				if !started {
					internalError(rec, r)
				}
			}
			level := slog.LevelInfo
			switch {
			case rec.status >= 500:
				level = slog.LevelError
			case quietPath(r.URL.Path):
				level = slog.LevelDebug
			}
			s.log.LogAttrs(r.Context(), level, "request",
				slog.String("method", r.Method),
				slog.String("path", r.URL.Path),
				slog.Int("status", rec.status),
				slog.Int64("bytes", rec.bytes),
				slog.Duration("duration", time.Since(start)))
			if v != nil && (v == http.ErrAbortHandler || started) { //nolint:errorlint // as above
				// Part of a response went out: the only honest thing left is to cut the
				// connection, which net/http does for ErrAbortHandler without a stack dump.
				panic(http.ErrAbortHandler)
			}
		}()
		next.ServeHTTP(rec, r)
	})
}

// quietPath reports a request logged at debug level: hashed assets and health checks, so
// the info log shows the pages and API calls people make.
func quietPath(p string) bool {
	return strings.HasPrefix(p, "/assets/") || p == "/healthz"
}

// internalError answers 500 after a panic: JSON for the API, plain text elsewhere. The
// security headers already set are kept; anything describing the body that never came is
// dropped.
func internalError(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	for _, k := range []string{"Content-Length", "Content-Encoding", "Etag", "Last-Modified"} {
		delete(h, k)
	}
	h.Set("Cache-Control", "no-store")
	if strings.HasPrefix(r.URL.Path, "/api/") {
		h.Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(`{"error":"internal server error"}` + "\n"))
		return
	}
	h.Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusInternalServerError)
	_, _ = w.Write([]byte("500 internal server error\n"))
}
