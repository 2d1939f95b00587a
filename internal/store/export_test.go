package store

import "database/sql"

// DBOf gives tests the read pool, to look at the tables as they are.
func DBOf(s *Store) *sql.DB { return s.db }
