package store

import (
	"context"
	"time"
)

// checkpointEvery is how often the checkpointer looks for new commits to copy from the WAL
// into the database file. At 2,000 commits/s the WAL gains a few thousand pages meanwhile.
const checkpointEvery = 50 * time.Millisecond

// walRestartPages is the WAL size (in pages) from which the checkpointer makes the WAL
// start again from its beginning (see checkpoints).
const walRestartPages = 4000

// checkpoints copies committed pages from the WAL into the database file, every interval
// in which something was committed, until ctx is done. It replaces SQLite's automatic
// checkpoint, which the writer connection has switched off: that one runs inside the
// commit that takes the WAL past 1000 pages, and its copying and fsyncs stall every write
// queued behind it.
//
// A PASSIVE checkpoint on a read connection takes no lock the writer waits for: it copies
// what it can and returns, doing the bulk of the work beside the writes. That alone does
// not bound the WAL: SQLite starts the WAL again from its beginning only when a write
// begins after every frame was copied, which under continuous writes never happens
// (measured: 1.1 GB in 10 s). So once the WAL holds walRestartPages pages, a second
// PASSIVE checkpoint runs on the writer connection itself, between two writes: it copies
// only what was committed during the first one, and the next write restarts the WAL. When
// the site is idle after writes, a TRUNCATE checkpoint also empties the WAL file.
func (s *Store) checkpoints(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	var seen uint64
	truncated := true
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		n := s.commits.Load()
		switch {
		case n != seen:
			seen, truncated = n, false
		case !truncated:
			// On failure (SQLITE_BUSY under a sudden write) the next tick tries again.
			_, err := s.db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
			truncated = err == nil
			continue
		default:
			continue
		}
		var busy, pages, copied int
		err := s.db.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &pages, &copied)
		if err != nil || pages < walRestartPages {
			continue // on failure, the next tick tries again
		}
		if c, err := s.w.Conn(ctx); err == nil {
			_, _ = c.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)")
			_ = c.Close()
		}
	}
}
