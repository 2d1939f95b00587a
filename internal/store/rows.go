package store

import "database/sql"

// scanner is a *sql.Row or *sql.Rows: what the scan functions of the table files read.
type scanner interface{ Scan(dest ...any) error }

// collect reads every row of a query with scan and closes rows. It reports the error of the
// query (err, as QueryContext returned it), of a scan, and the one that ended the iteration
// early (rows.Err), so a result cut short is never taken for the whole.
func collect[T any](rows *sql.Rows, err error, scan func(scanner) (T, error)) ([]T, error) {
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
