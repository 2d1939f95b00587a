package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Tx is a write transaction; see Store.InTx. Its methods are spread over the table files,
// and run their statements with its txConn's exec, execLater, queryRow and query.
type Tx struct {
	txConn
	s *Store
	// committed are the functions to call once the transaction has committed (AfterCommit).
	committed []func()
}

// txConn is what a transaction runs its statements on: database/sql's transaction on SQLite
// (sqliteTx), a pgx connection that sends statements in pipelines on PostgreSQL (pgTx).
type txConn interface {
	exec(ctx context.Context, query string, args ...any) (sql.Result, error)
	// execLater runs a statement whose result the transaction does not need. It may only
	// queue it, to go with the next statement that needs an answer: its error is then
	// returned by that statement or by the commit, which suits a transaction that any error
	// ends, as every one of Store.InTx does.
	execLater(ctx context.Context, query string, args ...any) error
	queryRow(ctx context.Context, query string, args ...any) scanner
	query(ctx context.Context, query string, args ...any) (rowSet, error)
	commit(ctx context.Context) error
	rollback(ctx context.Context)
}

// AfterCommit arranges for fn to be called once the transaction has committed, and never if
// it rolls back: to wake a worker for rows the transaction queued.
func (tx *Tx) AfterCommit(fn func()) { tx.committed = append(tx.committed, fn) }

// InTx runs fn in a transaction and commits it if fn returns nil; otherwise, or if fn
// panics, it rolls back. The error of fn is returned as is.
func (s *Store) InTx(ctx context.Context, fn func(*Tx) error) error {
	done, err := s.takeTurn(ctx)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer done()
	t := &Tx{s: s}
	if s.dialect == Postgres {
		err = s.pgInTx(ctx, t, fn)
	} else {
		err = s.sqliteInTx(ctx, t, fn)
	}
	if err != nil {
		return err
	}
	s.commits.Add(1)
	s.prepareLater(ctx)
	for _, f := range t.committed {
		f()
	}
	return nil
}

// runTx runs fn on the transaction t.txConn has begun and commits it if fn returns nil;
// otherwise, or if fn panics, or if the commit fails, it rolls back.
func runTx(ctx context.Context, t *Tx, fn func(*Tx) error) error {
	defer func() {
		if p := recover(); p != nil {
			t.rollback(ctx)
			panic(p)
		}
	}()
	if err := fn(t); err != nil {
		t.rollback(ctx)
		return err
	}
	if err := t.commit(ctx); err != nil {
		t.rollback(ctx)
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// sqliteTx is a transaction of database/sql on the one write connection.
type sqliteTx struct {
	tx *sql.Tx
	s  *Store
}

func (s *Store) sqliteInTx(ctx context.Context, t *Tx, fn func(*Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	t.txConn = sqliteTx{tx: tx, s: s}
	return runTx(ctx, t, fn)
}

// stmt returns query prepared for the transaction, or nil if it has not been prepared yet:
// it cannot be prepared now, since the transaction holds the only write connection. InTx
// prepares it once the transaction is over, for the next ones.
func (c sqliteTx) stmt(ctx context.Context, query string) *sql.Stmt {
	if st, ok := c.s.stmts.Load(query); ok {
		return c.tx.StmtContext(ctx, st.(*sql.Stmt))
	}
	c.s.unprepared.Store(query, true)
	return nil
}

func (c sqliteTx) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := c.stmt(ctx, query); st != nil { //nolint:sqlclosecheck // a transaction's statement ends with it
		return st.ExecContext(ctx, args...)
	}
	return c.tx.ExecContext(ctx, query, args...)
}

// execLater runs the statement now: SQLite is in this process, and a statement costs no
// round trip.
func (c sqliteTx) execLater(ctx context.Context, query string, args ...any) error {
	_, err := c.exec(ctx, query, args...)
	return err
}

func (c sqliteTx) queryRow(ctx context.Context, query string, args ...any) scanner {
	if st := c.stmt(ctx, query); st != nil { //nolint:sqlclosecheck // a transaction's statement ends with it
		return st.QueryRowContext(ctx, args...)
	}
	return c.tx.QueryRowContext(ctx, query, args...)
}

func (c sqliteTx) query(ctx context.Context, query string, args ...any) (rowSet, error) {
	if st := c.stmt(ctx, query); st != nil { //nolint:sqlclosecheck // a transaction's statement ends with it
		return st.QueryContext(ctx, args...) //nolint:sqlclosecheck,rowserrcheck // the caller reads and closes the rows (collect)
	}
	return c.tx.QueryContext(ctx, query, args...) //nolint:sqlclosecheck,rowserrcheck // the caller reads and closes the rows (collect)
}

func (c sqliteTx) commit(context.Context) error { return c.tx.Commit() }

func (c sqliteTx) rollback(context.Context) { _ = c.tx.Rollback() }
