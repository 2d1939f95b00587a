package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// ClaimJob makes holder the one instance running job name, if the job is due (its next run
// is at or before now) and nobody holds an unexpired lease on it; it reports whether holder
// won. The lease ends at now+lease, so a holder that dies mid-run is replaced later.
//
// A lease row is used on both databases, rather than pg_try_advisory_lock on PostgreSQL and
// the file lock on SQLite: one conditional UPDATE is atomic on both, it also records when
// the job is next due (so a daily job runs once a day however many instances start and
// restart), and it follows the clock the caller passes, which tests control.
func (s *Store) ClaimJob(ctx context.Context, name, holder string, now time.Time, lease time.Duration) (bool, error) {
	now = utc(now)
	if _, err := s.wexec(ctx,
		`INSERT INTO jobs (name, next_run_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, name, now); err != nil {
		return false, fmt.Errorf("store: claim job %s: %w", name, err)
	}
	res, err := s.wexec(ctx,
		`UPDATE jobs SET holder = $2, lease_until = $3
		 WHERE name = $1 AND next_run_at <= $4 AND (lease_until IS NULL OR lease_until <= $4)`,
		name, holder, now.Add(lease), now)
	if err != nil {
		return false, fmt.Errorf("store: claim job %s: %w", name, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: claim job %s: %w", name, err)
	}
	return n == 1, nil
}

// FinishJob releases holder's lease on job name, records the run's result, and makes the
// job due again at next. It returns ErrNotFound when holder no longer holds the lease.
func (s *Store) FinishJob(ctx context.Context, name, holder string, now, next time.Time, result string) error {
	res, err := s.wexec(ctx,
		`UPDATE jobs SET holder = '', lease_until = NULL, last_run_at = $3, next_run_at = $4, last_result = $5
		 WHERE name = $1 AND holder = $2`, name, holder, utc(now), utc(next), result)
	return oneRow(res, err, "finish job "+name)
}

// Job is the state of a periodic job.
type Job struct {
	Name       string
	Holder     string
	NextRunAt  time.Time
	LastRunAt  *time.Time
	LastResult string
}

// JobState returns the state of job name, or ErrNotFound if it never ran.
func (s *Store) JobState(ctx context.Context, name string) (Job, error) {
	j := Job{Name: name}
	var last sql.NullTime
	err := s.db.QueryRowContext(ctx, `SELECT holder, next_run_at, last_run_at, last_result FROM jobs WHERE name = $1`, name).
		Scan(&j.Holder, &j.NextRunAt, &last, &j.LastResult)
	if err != nil {
		return Job{}, notFound(err, "job "+name)
	}
	j.NextRunAt, j.LastRunAt = j.NextRunAt.UTC(), nullTime(last)
	return j, nil
}
