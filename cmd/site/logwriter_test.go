package main

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestLogBuffer(t *testing.T) {
	tests := []struct {
		name      string
		log       func(*slog.Logger)
		wantOut   int // lines written out before Flush (-1: some, not all)
		wantTotal int // lines after Flush
	}{
		{name: "request lines wait in the buffer", log: func(l *slog.Logger) {
			l.Info("request", "path", "/")
			l.Debug("request", "path", "/assets/app.js")
		}, wantOut: 0, wantTotal: 2},
		{name: "any other info line is written out at once, with what came before", log: func(l *slog.Logger) {
			l.Info("request", "path", "/")
			l.Info("email (not sent: SMTP_URL is not set)", "to", "a@example.org")
		}, wantOut: 2, wantTotal: 2},
		{name: "a request line at warn level is written out at once", log: func(l *slog.Logger) {
			l.Warn("request", "status", 429)
		}, wantOut: 1, wantTotal: 1},
		{name: "an error on a derived logger is written out at once", log: func(l *slog.Logger) {
			l.With("component", "mail").WithGroup("smtp").Error("failed")
		}, wantOut: 1, wantTotal: 1},
		{name: "a full buffer is written out", log: func(l *slog.Logger) {
			for range 40 {
				l.Info("request", "path", strings.Repeat("x", 50))
			}
		}, wantOut: -1, wantTotal: 40},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			buf := newLogBuffer(&out, 2048)
			tt.log(slog.New(flushUnlessRequest{Handler: slog.NewJSONHandler(buf, &slog.HandlerOptions{Level: slog.LevelDebug}), buf: buf}))
			got := strings.Count(out.String(), "\n")
			switch {
			case tt.wantOut >= 0 && got != tt.wantOut:
				t.Errorf("%d lines written out before Flush, want %d", got, tt.wantOut)
			case tt.wantOut < 0 && (got == 0 || got == tt.wantTotal):
				t.Errorf("%d of %d lines written out before Flush, want some but not all", got, tt.wantTotal)
			}
			if err := buf.Flush(); err != nil {
				t.Fatal(err)
			}
			if got := strings.Count(out.String(), "\n"); got != tt.wantTotal {
				t.Errorf("%d lines after Flush, want %d:\n%s", got, tt.wantTotal, out.String())
			}
		})
	}
}

// lockedBuffer is a bytes.Buffer safe for the flushing goroutine and the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestLogBufferFlushesPeriodically(t *testing.T) {
	var out lockedBuffer
	buf := newLogBuffer(&out, 1<<10)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go buf.flushEvery(ctx, 10*time.Millisecond)
	_, _ = buf.Write([]byte("line\n"))
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if out.String() == "line\n" {
			return
		}
	}
	t.Fatal("the buffered line was not written out by the periodic flush")
}
