// Package retention deletes what the privacy page says is kept only so long: contact
// messages, lesson-plan requests, unconfirmed newsletter sign-ups, sent mail (whose payload
// holds the address and the message), expired tokens and console sessions. It runs once a
// day, on one instance however many run: the store's job lease decides which.
package retention

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/teachpilot/site/internal/store"
	"github.com/teachpilot/site/web"
)

// Periods are how long each kind of data is kept, in days. They come from web/retention.json
// (DefaultPeriods), which the privacy page's text is written from too; nothing overrides
// them, so the page never promises what the job does not do.
type Periods struct {
	ContactDays           int // contact messages
	LessonPlanDays        int // lesson-plan requests, their plans and feedback
	UnconfirmedSignUpDays int // newsletter sign-ups never confirmed
	ExpiredLinkDays       int // confirmation links, after they expired (0: at once)
	SentMailDays          int // sent email in the outbox, and email given up on
}

// FromWeb returns the periods of web/retention.json as read by package web.
func FromWeb(r web.RetentionDays) Periods {
	return Periods{
		ContactDays: r.ContactMessages, LessonPlanDays: r.LessonPlanRequests, UnconfirmedSignUpDays: r.UnconfirmedSignUps,
		ExpiredLinkDays: r.ExpiredLinks, SentMailDays: r.SentMail,
	}
}

// DefaultPeriods are the periods /privacy promises: web/retention.json.
var DefaultPeriods = FromWeb(web.Retention())

// Cutoffs returns, for each kind, the time before which it is deleted at now.
func (p Periods) Cutoffs(now time.Time) store.Cutoffs {
	now = now.UTC()
	days := func(n int) time.Time { return now.Add(-time.Duration(n) * 24 * time.Hour) }
	return store.Cutoffs{
		Contacts:          days(p.ContactDays),
		LessonPlans:       days(p.LessonPlanDays),
		UnconfirmedSignUp: days(p.UnconfirmedSignUpDays),
		SentMail:          days(p.SentMailDays),
		Tokens:            days(p.ExpiredLinkDays),
		Now:               now,
	}
}

// JobName is the job's row in the store's jobs table.
const JobName = "retention"

// Job is the daily retention run.
type Job struct {
	Store   *store.Store
	Periods Periods
	Log     *slog.Logger
	// Now is the clock (nil: time.Now).
	Now func() time.Time
	// Every is the time between runs (default 24 hours); Lease bounds how long a run may
	// hold the job before another instance may take over (default 10 minutes).
	Every, Lease time.Duration
	// holder names this instance in the lease.
	holder string
}

func (j *Job) defaults() {
	if j.Now == nil {
		j.Now = time.Now
	}
	if j.Every <= 0 {
		j.Every = 24 * time.Hour
	}
	if j.Lease <= 0 {
		j.Lease = 10 * time.Minute
	}
	if j.Log == nil {
		j.Log = slog.New(slog.DiscardHandler)
	}
	if j.holder == "" {
		j.holder = rand.Text()
	}
}

// RunOnce deletes what is due if the job is due and no other instance holds it, and reports
// whether it ran and what it deleted. What it deleted is logged and written to the audit log.
func (j *Job) RunOnce(ctx context.Context) (bool, store.Purged, error) {
	j.defaults()
	now := j.Now()
	won, err := j.Store.ClaimJob(ctx, JobName, j.holder, now, j.Lease)
	if err != nil || !won {
		return false, store.Purged{}, err
	}
	purged, err := j.Store.Purge(ctx, j.Periods.Cutoffs(now))
	if err != nil {
		// The lease runs out and the next check (here or elsewhere) tries again.
		return false, store.Purged{}, err
	}
	details, _ := json.Marshal(purged)
	j.Log.InfoContext(ctx, "retention: deleted what is due", "contacts", purged.Contacts, "lessonPlans", purged.LessonPlans,
		"unconfirmedSignUps", purged.UnconfirmedSignUp, "sentMail", purged.SentMail, "failedMail", purged.FailedMail,
		"expiredTokens", purged.ExpiredTokens, "expiredSessions", purged.ExpiredSessions)
	if _, err := j.Store.AddAudit(ctx, store.AuditEntry{At: now, Actor: "retention", Action: "retention.run", Details: details}); err != nil {
		return true, purged, err
	}
	return true, purged, j.Store.FinishJob(ctx, JobName, j.holder, now, now.Add(j.Every), string(details))
}

// Run calls RunOnce every check until ctx is done; errors are logged and retried at the
// next check. Checking often is cheap (one UPDATE that matches nothing until the job is due)
// and keeps a restarted instance from delaying a run by a day.
func (j *Job) Run(ctx context.Context, check time.Duration) {
	j.defaults()
	t := time.NewTicker(check)
	defer t.Stop()
	for {
		if _, _, err := j.RunOnce(ctx); err != nil && ctx.Err() == nil {
			j.Log.ErrorContext(ctx, "retention: run failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
