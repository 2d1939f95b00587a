package store

import (
	"context"
	"database/sql"
	"sync"
)

// This file is the statement caches of the write and read pools: parsing SQL is a good part
// of the cost of a small insert in SQLite, so each query is prepared once and reused.

// prepared returns query prepared on the write pool, preparing it the first time.
func (s *Store) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	return prepareOnce(ctx, s.w, &s.stmts, query)
}

// rprepared returns query prepared on the read pool, preparing it the first time: for the
// reads made many times a second (a worker's look for due rows after each submission).
func (s *Store) rprepared(ctx context.Context, query string) (*sql.Stmt, error) {
	return prepareOnce(ctx, s.db, &s.rstmts, query)
}

// prepareOnce returns query prepared on pool, from cache or prepared now and cached.
func prepareOnce(ctx context.Context, pool *sql.DB, cache *sync.Map, query string) (*sql.Stmt, error) {
	if st, ok := cache.Load(query); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := pool.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if prev, loaded := cache.LoadOrStore(query, st); loaded {
		_ = st.Close() //nolint:sqlclosecheck // the duplicate of a statement another caller cached first
		return prev.(*sql.Stmt), nil
	}
	return st, nil
}

// The cached statements live as long as the store: closing its pools (Store.Close) ends them.

func (s *Store) wexec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, err := s.prepared(ctx, query) //nolint:sqlclosecheck // cached; ended by Store.Close
	if err != nil {
		return nil, err
	}
	done, err := s.takeTurn(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	defer s.commits.Add(1)
	return st.ExecContext(ctx, args...)
}

// wcollect runs a query that writes and returns rows (INSERT or UPDATE … RETURNING) and
// scans them all.
func wcollect[T any](ctx context.Context, s *Store, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	st, err := s.prepared(ctx, query) //nolint:sqlclosecheck // cached; ended by Store.Close
	if err != nil {
		return nil, err
	}
	done, err := s.takeTurn(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	defer s.commits.Add(1)
	rows, err := st.QueryContext(ctx, args...)
	return collect(rows, err, scan)
}

// stmt returns query prepared for the transaction, or nil if it has not been prepared yet:
// it cannot be prepared now, since on SQLite the transaction holds the only write
// connection. InTx prepares it once the transaction is over, for the next ones.
func (tx *Tx) stmt(ctx context.Context, query string) *sql.Stmt {
	if st, ok := tx.s.stmts.Load(query); ok {
		return tx.tx.StmtContext(ctx, st.(*sql.Stmt))
	}
	tx.s.unprepared.Store(query, true)
	return nil
}

func (tx *Tx) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := tx.stmt(ctx, query); st != nil { //nolint:sqlclosecheck // a transaction's statement ends with it
		return st.ExecContext(ctx, args...)
	}
	return tx.tx.ExecContext(ctx, query, args...)
}

func (tx *Tx) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	if st := tx.stmt(ctx, query); st != nil { //nolint:sqlclosecheck // a transaction's statement ends with it
		return st.QueryRowContext(ctx, args...)
	}
	return tx.tx.QueryRowContext(ctx, query, args...)
}

// prepareLater prepares the statements transactions asked for, after they released the
// write connection.
func (s *Store) prepareLater(ctx context.Context) {
	s.unprepared.Range(func(k, _ any) bool {
		s.unprepared.Delete(k)
		_, _ = s.prepared(ctx, k.(string)) //nolint:sqlclosecheck // cached; on failure the statement just stays unprepared
		return true
	})
}
