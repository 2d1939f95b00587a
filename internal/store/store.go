// Package store keeps what visitors send through the site's forms, and the email waiting to
// be sent about it, in SQLite (the default, a file under ./data) or PostgreSQL.
//
// Every query is written once with $1…$n placeholders, which both drivers accept; only the
// schema migrations differ per dialect (migrations/sqlite, migrations/postgres). They are
// embedded, append-only, and applied in a transaction each by Open.
//
// Writes that belong together go through Store.InTx, so a form submission and its outgoing
// messages are committed together or not at all. Timestamps are stored in UTC.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver
)

// ErrNotFound is returned when the row asked for does not exist.
var ErrNotFound = errors.New("store: not found")

// Dialect names the database behind a Store.
type Dialect string

// The dialects Open understands.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

//go:embed migrations
var migrations embed.FS

// Store is the database. It is safe for concurrent use; Close it when done.
type Store struct {
	dialect Dialect
	// db serves reads. On PostgreSQL it serves writes too.
	db *sql.DB
	// w serves writes. On SQLite it is a pool of exactly one connection: SQLite allows one
	// writer at a time anyway, and queueing writers in Go is much cheaper than letting them
	// contend for the file lock and sleep in the busy handler (measured: see bench/).
	w *sql.DB
	// turn lets writers in, in the order they came: one at a time on SQLite, postgresWriters
	// at a time on PostgreSQL (see takeTurn).
	turn chan struct{}
	// waiting counts the writers waiting for their turn.
	waiting atomic.Int64
	// stmts caches statements prepared on w, by query text: parsing SQL is a good part of
	// the cost of a small insert in SQLite.
	stmts sync.Map
	// rstmts caches statements prepared on db (rprepared).
	rstmts sync.Map
	// unprepared holds queries a transaction ran without a prepared statement.
	unprepared sync.Map
	// quotaDay is the last day (dayNumber) on which CountMail deleted earlier days' counts.
	quotaDay atomic.Int64
	// commits counts committed write transactions, for the checkpointer.
	commits atomic.Uint64
	// stopCheckpoints stops the SQLite checkpointer and waits for it; nil on PostgreSQL.
	stopCheckpoints func()
}

// Open connects to the database named by dbURL and applies any pending migrations.
//
// A "postgres://" or "postgresql://" URL selects PostgreSQL (pgx); anything else is a SQLite
// file: "sqlite:./data/site.db", "sqlite:///var/lib/site.db", "file:site.db" or a bare path.
// The directory of a SQLite file is created if missing.
func Open(ctx context.Context, dbURL string) (*Store, error) {
	s, err := open(dbURL)
	if err != nil {
		return nil, err
	}
	if err := s.migrate(ctx); err != nil {
		_ = s.Close()
		return nil, err
	}
	return s, nil
}

func open(dbURL string) (*Store, error) {
	if strings.HasPrefix(dbURL, "postgres://") || strings.HasPrefix(dbURL, "postgresql://") {
		db, err := sql.Open("pgx", dbURL)
		if err != nil {
			return nil, fmt.Errorf("store: open postgres: %w", err)
		}
		db.SetMaxOpenConns(32)
		db.SetMaxIdleConns(32)
		db.SetConnMaxIdleTime(5 * time.Minute)
		return &Store{dialect: Postgres, db: db, w: db, turn: make(chan struct{}, postgresWriters)}, nil
	}

	path, params := sqlitePath(dbURL)
	if path == "" {
		return nil, fmt.Errorf("store: DATABASE_URL %q names no SQLite file", dbURL)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, fmt.Errorf("store: create database directory: %w", err)
	}
	// busy_timeout comes first: the pragmas after it (journal_mode in particular) take locks,
	// and a connection opened while another holds one would otherwise fail at once with
	// SQLITE_BUSY instead of waiting for it. WAL lets readers run while a write is in
	// progress; synchronous(NORMAL) is durable across a process crash in WAL mode (only an OS
	// crash or power cut can lose the last transactions) and avoids an fsync per commit.
	// secure_delete(1) makes SQLite overwrite deleted content with zeros instead of leaving
	// it in free pages and cells, where `grep -a` on the file found an address removed by a
	// data request; the cost is writing those pages, which deletions rarely touch.
	q := url.Values{}
	for _, p := range []string{"busy_timeout(5000)", "journal_mode(WAL)", "foreign_keys(1)", "synchronous(NORMAL)", "secure_delete(1)"} {
		q.Add("_pragma", p)
	}
	for k, vs := range params {
		q[k] = append(q[k], vs...)
	}
	readDSN := "file:" + path + "?" + q.Encode()
	// Writers take the write lock when the transaction begins (BEGIN IMMEDIATE): a deferred
	// transaction that reads and then writes can fail with SQLITE_BUSY without waiting.
	q.Set("_txlock", "immediate")
	// The writer never checkpoints: SQLite would do it inside the commit that takes the WAL
	// past 1000 pages, and its fsync stalls that request and every one queued behind it.
	// The checkpointer does it instead, on a read connection (see checkpoints).
	q.Add("_pragma", "wal_autocheckpoint(0)")
	writeDSN := "file:" + path + "?" + q.Encode()

	w, err := sql.Open("sqlite", writeDSN)
	if err != nil {
		return nil, fmt.Errorf("store: open sqlite: %w", err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)

	db, err := sql.Open("sqlite", readDSN)
	if err != nil {
		_ = w.Close()
		return nil, fmt.Errorf("store: open sqlite: %w", err)
	}
	n := max(4, 2*runtime.GOMAXPROCS(0))
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
	s := &Store{dialect: SQLite, db: db, w: w, turn: make(chan struct{}, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.checkpoints(ctx, checkpointEvery)
	}()
	s.stopCheckpoints = func() { cancel(); <-done }
	return s, nil
}

// sqlitePath turns the accepted spellings of a SQLite location into a file path and any
// query parameters given with it.
func sqlitePath(dbURL string) (string, url.Values) {
	rest := dbURL
	for _, prefix := range []string{"sqlite3:", "sqlite:", "file:"} {
		if after, ok := strings.CutPrefix(rest, prefix); ok {
			rest = after
			break
		}
	}
	path, rawQuery, _ := strings.Cut(rest, "?")
	path = strings.TrimPrefix(path, "//") // sqlite:///abs/path → /abs/path; sqlite://rel/path → rel/path
	params, _ := url.ParseQuery(rawQuery)
	return path, params
}

func (s *Store) migrate(ctx context.Context) error {
	dialect := goose.DialectSQLite3
	if s.dialect == Postgres {
		dialect = goose.DialectPostgres
	}
	fsys, err := fs.Sub(migrations, "migrations/"+string(s.dialect))
	if err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	p, err := goose.NewProvider(dialect, s.w, fsys, goose.WithGoMigrations(emailKeyBackfill))
	if err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("store: apply migrations: %w", err)
	}
	return nil
}

// Dialect reports which database the store is using.
func (s *Store) Dialect() Dialect { return s.dialect }

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.db.PingContext(ctx); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	return nil
}

// Close closes the database. Transactions still running fail.
func (s *Store) Close() error {
	if s.stopCheckpoints != nil {
		s.stopCheckpoints()
	}
	err := s.db.Close()
	if s.w != s.db {
		err = errors.Join(err, s.w.Close())
	}
	return err
}

// postgresWriters is how many transactions and writes one instance runs on PostgreSQL at
// once; the others wait their turn in Go. Each lasts a few milliseconds, and more of them at
// once only contend in PostgreSQL: for the end of the table they all insert into, for the
// WAL, and for the CPU its backends share. Measured with bench/pair.sh on a 2-core machine,
// 32 submitters, 5 rounds: median 658 plans/s and p99 114.8 ms with no limit, 825 and 72.0
// ms with 8; with 4, 777 plans/s (and a worse p99 when paced). With pipelined transactions
// (pgTx), 3 rounds each: 8 against 4, 1,186 against 1,009 plans/s; 8 against 16, 1,077
// against 1,105 plans/s but p99 52.2 against 67.8 ms.
const postgresWriters = 8

// takeTurn waits for this caller's turn to write, in the order the callers came, and
// returns the function that ends it. On SQLite the one write connection would do as a lock,
// but database/sql gives a freed connection to a waiter picked at random: under a burst of
// submissions most waited a few turns and some dozens (p99 over 100 ms at 32 waiting,
// measured with bench/plans.sh). Goroutines blocked sending on a channel are served first
// come, first served.
func (s *Store) takeTurn(ctx context.Context) (done func(), err error) {
	s.waiting.Add(1)
	defer s.waiting.Add(-1)
	select {
	case s.turn <- struct{}{}:
		return func() { <-s.turn }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// utc makes every stored time UTC, so that times compare correctly as text in SQLite.
func utc(t time.Time) time.Time { return t.UTC() }

// nullTime reads a nullable timestamp column.
func nullTime(n sql.NullTime) *time.Time {
	if !n.Valid {
		return nil
	}
	t := n.Time.UTC()
	return &t
}

// notFound turns sql.ErrNoRows into ErrNotFound, wrapping what was looked for.
func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: %s: %w", what, ErrNotFound)
	}
	return fmt.Errorf("store: %s: %w", what, err)
}
