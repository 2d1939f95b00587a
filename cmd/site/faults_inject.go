//go:build faultinject

package main

import (
	"context"
	"errors"
	"os"
	"sync"
	"time"

	"github.com/teachpilot/site/internal/mail"
)

// This file is compiled only into the binary of the nothing-lost test (go build -tags
// faultinject). With SITE_FAULT_MARKSENT=cut, the first attempt to record each message as
// sent fails as a cut database connection does, after the SMTP server accepted it.

func init() {
	if os.Getenv("SITE_FAULT_MARKSENT") == "cut" {
		wrapQueue = func(q mail.Queue) mail.Queue { return &cutOnce{Queue: q, seen: map[int64]bool{}} }
	}
}

type cutOnce struct {
	mail.Queue
	mu   sync.Mutex
	seen map[int64]bool
}

func (c *cutOnce) MarkSent(ctx context.Context, id int64, now time.Time) error {
	c.mu.Lock()
	first := !c.seen[id]
	c.seen[id] = true
	c.mu.Unlock()
	if first {
		return errors.New("store: mark message sent: read tcp: connection reset by peer (fault injected)")
	}
	return c.Queue.MarkSent(ctx, id, now)
}
