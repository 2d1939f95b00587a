// Package storetest opens real stores for the tests of packages built on internal/store:
// SQLite in a temporary directory always, and PostgreSQL when TEST_DATABASE_URL is set.
// The store's own suite uses it too.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/teachpilot/site/internal/store"
)

// Each runs fn once against SQLite and, when TEST_DATABASE_URL is set, once against
// PostgreSQL in a schema of its own, dropped afterwards.
func Each(t *testing.T, fn func(t *testing.T, s *store.Store)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Log("TEST_DATABASE_URL not set: PostgreSQL skipped")
		return
	}
	t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
}

// SQLite opens a fresh SQLite store in t.TempDir, closed in Cleanup.
func SQLite(t *testing.T) *store.Store {
	t.Helper()
	s, err := store.Open(t.Context(), "sqlite:"+filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// Postgres opens a store on TEST_DATABASE_URL in a new schema, dropped in Cleanup.
func Postgres(t *testing.T) *store.Store {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = admin.Close() })
	schema := "test_" + strings.ToLower(rand.Text()[:16])
	if _, err := admin.ExecContext(t.Context(), "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	s, err := store.Open(t.Context(), u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if s.Dialect() != store.Postgres {
		t.Fatalf("dialect = %s, want postgres", s.Dialect())
	}
	return s
}
