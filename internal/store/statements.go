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

// prepareLater prepares the statements transactions asked for, after they released the
// write connection.
func (s *Store) prepareLater(ctx context.Context) {
	s.unprepared.Range(func(k, _ any) bool {
		s.unprepared.Delete(k)
		_, _ = s.prepared(ctx, k.(string)) //nolint:sqlclosecheck // cached; on failure the statement just stays unprepared
		return true
	})
}
