package store

// scanner is a row: what the scan functions of the table files read.
type scanner interface{ Scan(dest ...any) error }

// rowSet is the rows of a query: *sql.Rows, or pgRows in a PostgreSQL transaction.
type rowSet interface {
	scanner
	Next() bool
	Err() error
	Close() error
}

// collect reads every row of a query with scan and closes rows. It reports the error of the
// query (err, as QueryContext returned it), of a scan, and the one that ended the iteration
// early (rows.Err), so a result cut short is never taken for the whole. It is generic in the
// rows' type so that the linter (rowserrcheck) sees that a *sql.Rows has its Err checked.
func collect[T any, R rowSet](rows R, err error, scan func(scanner) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
