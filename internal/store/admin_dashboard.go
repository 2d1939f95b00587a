package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Dashboard is the console's first screen: the last days at a glance. Spam is left out of
// every count.
type Dashboard struct {
	// Days has one entry per day (UTC) from From to To, oldest first, zeros included.
	Days []DayCounts
	// Newsletter counts today's subscribers by status (all time: it is a state, not a flow).
	Newsletter map[string]int64
	// Useful and NotUseful count the feedback given since From; ByGenerator counts the
	// lesson plans made since From by who made them ("built-in", an AI model's name, or ""
	// while none is stored).
	Useful, NotUseful int64
	ByGenerator       map[string]int64
	// MailWaiting and MailFailed count the emails in the outbox (webhook deliveries are
	// not mail); OldestWaiting is when the oldest one still waiting was queued.
	MailWaiting, MailFailed int64
	OldestWaiting           *time.Time
}

// DayCounts is one day of submissions by kind.
type DayCounts struct {
	Date                            string // 2006-01-02
	Newsletter, Contact, LessonPlan int64
}

// OutboxWebhook is the outbox kind of a webhook delivery (internal/webhook): the mail worker
// leaves these rows to the webhook worker, and mail figures do not count them.
const OutboxWebhook = "webhook"

// dayExpr is the SQL for the UTC day (2006-01-02) of a timestamp column. SQLite keeps
// timestamps as text starting with the UTC date (the store writes them in UTC).
func (s *Store) dayExpr(col string) string {
	if s.dialect == Postgres {
		return `to_char(` + col + ` AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
	}
	return `substr(` + col + `, 1, 10)`
}

// Dashboard returns the figures of the days days ending with the day of now (UTC).
func (s *Store) Dashboard(ctx context.Context, now time.Time, days int) (Dashboard, error) {
	today := now.UTC().Truncate(24 * time.Hour)
	from := today.AddDate(0, 0, -(days - 1))
	d := Dashboard{Newsletter: map[string]int64{Pending: 0, Confirmed: 0, Unsubscribed: 0}, ByGenerator: map[string]int64{}}
	index := map[string]int{}
	for i := range days {
		day := from.AddDate(0, 0, i).Format(time.DateOnly)
		index[day] = i
		d.Days = append(d.Days, DayCounts{Date: day})
	}
	wrap := func(what string, err error) error { return fmt.Errorf("store: dashboard %s: %w", what, err) }

	// Submissions per day and kind: one query over the three lists' indexes.
	rows, err := s.db.QueryContext(ctx,
		`SELECT 'n', `+s.dayExpr("created_at")+` AS day, count(*) FROM subscribers WHERE spam = $1 AND created_at >= $2 GROUP BY day
		 UNION ALL
		 SELECT 'c', `+s.dayExpr("created_at")+` AS day, count(*) FROM contacts WHERE spam = $1 AND created_at >= $2 GROUP BY day
		 UNION ALL
		 SELECT 'l', `+s.dayExpr("created_at")+` AS day, count(*) FROM lesson_plans WHERE spam = $1 AND created_at >= $2 GROUP BY day`,
		false, from)
	if err := eachScan(rows, err, func(r *sql.Rows) error {
		var kind, day string
		var n int64
		if err := r.Scan(&kind, &day, &n); err != nil {
			return err
		}
		i, ok := index[day]
		if !ok { // a row dated after now (a clock moved back): not in the window
			return nil
		}
		switch kind {
		case "n":
			d.Days[i].Newsletter = n
		case "c":
			d.Days[i].Contact = n
		case "l":
			d.Days[i].LessonPlan = n
		}
		return nil
	}); err != nil {
		return Dashboard{}, wrap("days", err)
	}

	rows, err = s.db.QueryContext(ctx, `SELECT status, count(*) FROM subscribers WHERE spam = $1 GROUP BY status`, false)
	if err := eachScan(rows, err, func(r *sql.Rows) error {
		var status string
		var n int64
		err := r.Scan(&status, &n)
		d.Newsletter[status] = n
		return err
	}); err != nil {
		return Dashboard{}, wrap("newsletter", err)
	}

	rows, err = s.db.QueryContext(ctx,
		`SELECT f.useful, count(*) FROM plan_feedback f JOIN lesson_plans p ON p.reference = f.reference
		 WHERE p.spam = $1 AND f.created_at >= $2 GROUP BY f.useful`, false, from)
	if err := eachScan(rows, err, func(r *sql.Rows) error {
		var useful bool
		var n int64
		if err := r.Scan(&useful, &n); err != nil {
			return err
		}
		if useful {
			d.Useful = n
		} else {
			d.NotUseful = n
		}
		return nil
	}); err != nil {
		return Dashboard{}, wrap("feedback", err)
	}

	rows, err = s.db.QueryContext(ctx,
		`SELECT generator, count(*) FROM lesson_plans WHERE spam = $1 AND created_at >= $2 GROUP BY generator`, false, from)
	if err := eachScan(rows, err, func(r *sql.Rows) error {
		var g string
		var n int64
		err := r.Scan(&g, &n)
		d.ByGenerator[g] = n
		return err
	}); err != nil {
		return Dashboard{}, wrap("generators", err)
	}

	rows, err = s.db.QueryContext(ctx,
		`SELECT status, count(*) FROM outbox WHERE status IN ($1, $2) AND kind <> $3 GROUP BY status`,
		OutboxPending, OutboxFailed, OutboxWebhook)
	if err := eachScan(rows, err, func(r *sql.Rows) error {
		var status string
		var n int64
		if err := r.Scan(&status, &n); err != nil {
			return err
		}
		if status == OutboxPending {
			d.MailWaiting = n
		} else {
			d.MailFailed = n
		}
		return nil
	}); err != nil {
		return Dashboard{}, wrap("mail", err)
	}

	// The pending index is ordered by id, and ids grow with time: the first is the oldest.
	var oldest sql.NullTime
	err = s.db.QueryRowContext(ctx, `SELECT created_at FROM outbox WHERE status = $1 AND kind <> $2 ORDER BY id LIMIT 1`,
		OutboxPending, OutboxWebhook).Scan(&oldest)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return Dashboard{}, wrap("oldest mail", err)
	}
	d.OldestWaiting = nullTime(oldest)
	return d, nil
}

// eachScan calls fn for each row of a query's result and closes it.
func eachScan(rows *sql.Rows, err error, fn func(*sql.Rows) error) error {
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
