package main

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"time"
)

// logBuffer is the destination of the structured log. Request lines are gathered in
// memory and written out when the buffer fills or at least every interval, so a busy site
// does not pay one write system call per request (which halved its throughput under
// load); every other line is written at once (see flushUnlessRequest). At most one
// interval of request lines is lost if the process is killed; main flushes on exit.
type logBuffer struct {
	mu    sync.Mutex
	buf   []byte
	out   io.Writer
	limit int
}

func newLogBuffer(out io.Writer, limit int) *logBuffer {
	return &logBuffer{out: out, limit: limit, buf: make([]byte, 0, limit)}
}

// Write appends one log line, writing the buffer out first when it would overflow.
func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.buf)+len(p) > b.limit {
		if err := b.flushLocked(); err != nil {
			return 0, err
		}
		if len(p) > b.limit {
			return b.out.Write(p)
		}
	}
	b.buf = append(b.buf, p...)
	return len(p), nil
}

// Flush writes out what is buffered.
func (b *logBuffer) Flush() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.flushLocked()
}

func (b *logBuffer) flushLocked() error {
	if len(b.buf) == 0 {
		return nil
	}
	_, err := b.out.Write(b.buf)
	b.buf = b.buf[:0]
	return err
}

// flushEvery flushes the buffer every interval until ctx is done.
func (b *logBuffer) flushEvery(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = b.Flush()
		}
	}
}

// flushUnlessRequest is a slog.Handler that flushes the log buffer after every record
// except the per-request access lines ("request" below warn level), so start-up, mail,
// warnings and errors reach the log at once and never wait in memory.
type flushUnlessRequest struct {
	slog.Handler
	buf *logBuffer
}

// Handle passes the record on, then flushes unless it is an access line.
func (h flushUnlessRequest) Handle(ctx context.Context, r slog.Record) error {
	err := h.Handler.Handle(ctx, r)
	if r.Level >= slog.LevelWarn || r.Message != "request" {
		_ = h.buf.Flush()
	}
	return err
}

// WithAttrs keeps the flushing behaviour on derived loggers.
func (h flushUnlessRequest) WithAttrs(attrs []slog.Attr) slog.Handler {
	return flushUnlessRequest{h.Handler.WithAttrs(attrs), h.buf}
}

// WithGroup keeps the flushing behaviour on derived loggers.
func (h flushUnlessRequest) WithGroup(name string) slog.Handler {
	return flushUnlessRequest{h.Handler.WithGroup(name), h.buf}
}
