package main

import (
	"context"
	"io"

	"github.com/teachpilot/site/internal/store"
)

// runAdmin runs a maintenance command (see admin) on the database at dbURL, which must
// exist: pointed at a missing SQLite file, it says so and fails instead of creating an
// empty database and reporting that nothing is stored.
func runAdmin(ctx context.Context, dbURL string, args []string, stdout io.Writer) error {
	db, err := store.OpenExisting(ctx, dbURL)
	if err != nil {
		return err
	}
	defer db.Close()
	return admin(ctx, db, args, stdout)
}
