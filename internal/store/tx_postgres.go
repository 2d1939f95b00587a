package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// pgTx is a transaction on PostgreSQL that sends its statements in pipelines (pgx.Batch):
// BEGIN goes with the first statement, the statements queued by execLater with the next one
// that needs an answer, and COMMIT with the last. A lesson-plan submission makes 3 round
// trips instead of 6 (BEGIN, the request, the webhook endpoints, the mail quota, the
// outbox, COMMIT). Each round trip costs system calls on both sides of the socket, and on a
// 2-core machine they were most of a submission's time (perf). Measured with bench/pair.sh,
// 3 rounds against the one-statement-a-trip transaction of database/sql: median 1,048
// against 923 plans/s as fast as answered; paced at 1,000/s, 985 against 816 plans/s and p99
// 192 against 1,498 ms.
type pgTx struct {
	conn *pgx.Conn
	// pending are the statements waiting for the next round trip; BEGIN first, until sent.
	pending *pgx.Batch
	// begun reports that BEGIN has been sent.
	begun bool
}

// pgInTx runs fn in a pgTx on a connection of the pool, which database/sql lends as pgx's.
func (s *Store) pgInTx(ctx context.Context, t *Tx, fn func(*Tx) error) error {
	c, err := s.w.Conn(ctx)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer c.Close()
	// A connection left in a transaction (its rollback failed) is discarded by the pool
	// (stdlib's ResetSession), never lent again.
	return c.Raw(func(dc any) error {
		b := &pgx.Batch{}
		b.Queue("BEGIN")
		t.txConn = &pgTx{conn: dc.(*stdlib.Conn).Conn(), pending: b}
		return runTx(ctx, t, fn)
	})
}

// send sends the pending statements and then query, and returns the batch's results, read up
// to query's. An error of a pending statement is returned with the statement's first words.
func (c *pgTx) send(ctx context.Context, query string, args ...any) (pgx.BatchResults, error) {
	b := c.pending
	c.pending = &pgx.Batch{}
	c.begun = true
	queued := b.QueuedQueries
	b.Queue(query, args...)
	br := c.conn.SendBatch(ctx, b)
	for _, q := range queued {
		if _, err := br.Exec(); err != nil {
			_ = br.Close()
			return nil, fmt.Errorf("%s: %w", firstWords(q.SQL, 3), err)
		}
	}
	return br, nil
}

// firstWords is the first n words of a statement: enough to say which one failed.
func firstWords(sql string, n int) string {
	w := strings.Fields(sql)
	return strings.Join(w[:min(n, len(w))], " ")
}

func (c *pgTx) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	br, err := c.send(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	tag, err := br.Exec()
	if err = errors.Join(err, br.Close()); err != nil {
		return nil, err
	}
	return pgResult(tag.RowsAffected()), nil
}

func (c *pgTx) execLater(_ context.Context, query string, args ...any) error {
	c.pending.Queue(query, args...)
	return nil
}

func (c *pgTx) queryRow(ctx context.Context, query string, args ...any) scanner {
	br, err := c.send(ctx, query, args...)
	return pgRow{br, err}
}

func (c *pgTx) query(ctx context.Context, query string, args ...any) (rowSet, error) {
	br, err := c.send(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	rows, err := br.Query()
	if err != nil {
		_ = br.Close()
		return nil, err
	}
	return pgRows{rows, br}, nil
}

func (c *pgTx) commit(ctx context.Context) error {
	if !c.begun && c.pending.Len() == 1 {
		return nil // nothing was written: BEGIN was never sent
	}
	br, err := c.send(ctx, "COMMIT")
	if err != nil {
		return err
	}
	tag, err := br.Exec()
	if err = errors.Join(err, br.Close()); err != nil {
		return err
	}
	if tag.String() == "ROLLBACK" { // COMMIT of a transaction an error had ended
		return errors.New("the transaction had failed and was rolled back")
	}
	return nil
}

// rollback ends the transaction even if ctx has ended (the request went away), within a
// few seconds; if it fails, the connection still in a transaction is discarded by the pool.
func (c *pgTx) rollback(ctx context.Context) {
	if !c.begun {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	_, _ = c.conn.Exec(ctx, "ROLLBACK")
}

// pgResult is the number of rows a statement affected, as a sql.Result.
type pgResult int64

func (n pgResult) RowsAffected() (int64, error) { return int64(n), nil }

func (pgResult) LastInsertId() (int64, error) {
	return 0, errors.New("store: LastInsertId is not supported on PostgreSQL; use RETURNING")
}

// pgRow is the row of queryRow: its batch is read and closed when it is scanned.
type pgRow struct {
	br  pgx.BatchResults
	err error
}

func (r pgRow) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	err := r.br.QueryRow().Scan(dest...)
	if cerr := r.br.Close(); err == nil {
		err = cerr
	}
	return err
}

// pgRows is the rows of query; closing them closes their batch.
type pgRows struct {
	pgx.Rows
	br pgx.BatchResults
}

func (r pgRows) Close() error {
	r.Rows.Close()
	return r.br.Close()
}
