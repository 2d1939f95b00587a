package server

import (
	"context"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"sync"
	"time"
)

// recorder remembers the status and size of a response for the request log. It is pooled:
// one is taken per request and returned when the handler is done.
type recorder struct {
	http.ResponseWriter
	status      int
	bytes       int64
	wroteHeader bool
}

var recorders = sync.Pool{New: func() any { return new(recorder) }}

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
		// An asset or health check is logged only at debug level (or at error level if it
		// fails): the clock, slow on some machines, is read only when a line with a
		// duration may be written.
		quiet := quietPath(r.URL.Path)
		var start time.Time
		if !quiet || s.log.Enabled(r.Context(), slog.LevelDebug) {
			start = time.Now()
		}
		rec := recorders.Get().(*recorder)
		*rec = recorder{ResponseWriter: w, status: http.StatusOK}
		defer func() {
			v := recover()
			started := rec.wroteHeader // before internalError writes its own response
			if v != nil && v != http.ErrAbortHandler {
				s.log.LogAttrs(r.Context(), slog.LevelError, "panic",
					slog.String("method", r.Method),
					slog.String("path", r.URL.Path),
					slog.Any("panic", v),
					slog.String("stack", string(debug.Stack())))
				if !started {
					internalError(rec, r)
				}
			}
			s.logRequest(r.Context(), r, rec.status, rec.bytes, quiet, start)
			*rec = recorder{}
			recorders.Put(rec)
			if v != nil && (v == http.ErrAbortHandler || started) {
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

// logRequest writes the request log line, skipping all work when its level is disabled.
// It builds the record itself rather than calling Logger.LogAttrs: the record's time is the
// end of the request, read once for the duration too, and no caller PC is captured (the
// handler adds no source), which saves a stack walk per request. A zero start (a quiet
// request that was not timed) leaves the duration out.
func (s *Server) logRequest(ctx context.Context, r *http.Request, status int, bytes int64, quiet bool, start time.Time) {
	level := slog.LevelInfo
	switch {
	case status >= 500:
		level = slog.LevelError
	case quiet:
		level = slog.LevelDebug
	}
	h := s.log.Handler()
	if !h.Enabled(ctx, level) {
		return
	}
	end := time.Now()
	rec := slog.NewRecord(end, level, "request", 0)
	rec.AddAttrs( // at most five attributes: stored in the record itself, no allocation
		slog.String("method", r.Method),
		slog.String("path", r.URL.Path),
		slog.Int("status", status),
		slog.Int64("bytes", bytes))
	if !start.IsZero() {
		rec.AddAttrs(slog.Duration("duration", end.Sub(start)))
	}
	_ = h.Handle(ctx, rec)
}

// internalError answers 500 after a panic: JSON for the API, plain text elsewhere. The
// security headers already set are kept; anything describing the body that never came is
// dropped.
func internalError(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	for _, k := range []string{"Content-Length", "Content-Encoding", "Etag", "Last-Modified"} {
		delete(h, k)
	}
	h["Cache-Control"] = []string{"no-store"}
	if strings.HasPrefix(r.URL.Path, "/api/") {
		h["Content-Type"] = []string{"application/json"}
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(`{"error":"internal server error"}` + "\n"))
		return
	}
	h["Content-Type"] = []string{"text/plain; charset=utf-8"}
	w.WriteHeader(http.StatusInternalServerError)
	_, _ = w.Write([]byte("500 internal server error\n"))
}
