package store

import (
	"context"
	"fmt"
	"time"
)

// reclaim makes deleted rows unreadable from the SQLite file, after DeleteByEmail: VACUUM
// rewrites the database without the free pages (and the deleted cells secure_delete already
// zeroed), then a TRUNCATE checkpoint copies the rewrite into the file and empties the WAL,
// whose older frames still hold the rows as they were before the delete.
//
// VACUUM holds the write lock while it copies the whole database: acceptable for a data
// request, run by hand and rarely, not for anything a visitor can trigger. On PostgreSQL
// it does nothing: see README.md (Deleting data) for what its VACUUM does and does not do.
func (s *Store) reclaim(ctx context.Context) error {
	if s.dialect != SQLite {
		return nil
	}
	if _, err := s.w.ExecContext(ctx, "VACUUM"); err != nil {
		return fmt.Errorf("store: vacuum after delete: %w", err)
	}
	// The checkpoint reports busy while another one (the checkpointer's) runs or a reader
	// holds an old snapshot: try again, for a few seconds.
	deadline := time.Now().Add(5 * time.Second)
	for {
		var busy, pages, copied int
		if err := s.w.QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &pages, &copied); err != nil {
			return fmt.Errorf("store: checkpoint after delete: %w", err)
		}
		if busy == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("store: checkpoint after delete: readers kept the WAL busy; run the command again when the site is quiet")
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("store: checkpoint after delete: %w", ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}
