package store

import (
	"context"
	"database/sql"
)

// DBOf gives tests the read pool, to look at the tables as they are.
func DBOf(s *Store) *sql.DB { return s.db }

// BackfillEmailKeys runs the Go migration that recomputes every email key, as goose runs it
// on a database written before the keys existed.
func BackfillEmailKeys(ctx context.Context, s *Store) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := backfillEmailKeys(ctx, tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Writers is how many transactions the store runs at once: one on SQLite, postgresWriters
// on PostgreSQL.
func Writers(s *Store) int { return cap(s.turn) }

// WaitingWriters is how many writers wait for their turn.
func WaitingWriters(s *Store) int { return int(s.waiting.Load()) }
