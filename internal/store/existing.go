package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
)

// ErrNoDatabase is returned by OpenExisting when the SQLite file is not there.
var ErrNoDatabase = errors.New("the database does not exist")

// OpenExisting is Open for commands that work on data already stored (site export,
// site delete-email): a SQLite file that does not exist is an error, and nothing is
// created, where Open would create an empty database and the command would report, wrongly,
// that nothing is stored. A PostgreSQL database that does not exist fails to connect anyway.
func OpenExisting(ctx context.Context, dbURL string) (*Store, error) {
	if !strings.HasPrefix(dbURL, "postgres://") && !strings.HasPrefix(dbURL, "postgresql://") {
		path, _ := sqlitePath(dbURL)
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("store: %s: %w (check DATABASE_URL)", path, ErrNoDatabase)
		} else if err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
	}
	return Open(ctx, dbURL)
}
