package csvexport

import (
	"context"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/teachpilot/site/internal/store"
)

// flushEvery is how many rows go into one flush: the response is streamed in pieces of a
// few kilobytes rather than one write per row or the whole file at the end.
const flushEvery = 256

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func stampPtr(t *time.Time) string {
	if t == nil {
		return ""
	}
	return stamp(*t)
}

// stream writes header, then a row for each item the store's each walks.
func stream[T any](w io.Writer, header []string, each func(func(T) error) error, row func(T) []string) error {
	cw := NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	n := 0
	err := each(func(x T) error {
		if err := cw.Write(row(x)); err != nil {
			return err
		}
		if n++; n%flushEvery == 0 {
			return cw.Flush()
		}
		return nil
	})
	if err != nil {
		return err
	}
	return cw.Flush()
}

// Subscribers writes the newsletter subscribers q selects.
func Subscribers(ctx context.Context, w io.Writer, st *store.Store, q store.ListQuery) error {
	return stream(w, []string{"email", "status", "spam", "created_at", "confirmed_at", "unsubscribed_at"},
		func(fn func(store.Subscriber) error) error { return st.EachSubscriber(ctx, q, fn) },
		func(s store.Subscriber) []string {
			return []string{s.Email, s.Status, strconv.FormatBool(s.Spam), stamp(s.CreatedAt), stampPtr(s.ConfirmedAt), stampPtr(s.UnsubscribedAt)}
		})
}

// Contacts writes the contact messages q selects.
func Contacts(ctx context.Context, w io.Writer, st *store.Store, q store.ListQuery) error {
	return stream(w, []string{"id", "name", "email", "reason", "organisation", "message", "spam", "created_at", "handled_at"},
		func(fn func(store.ContactRow) error) error { return st.EachContact(ctx, q, fn) },
		func(c store.ContactRow) []string {
			return []string{c.ID, c.Name, c.Email, c.Reason, c.Organisation, c.Message, strconv.FormatBool(c.Spam), stamp(c.CreatedAt), stampPtr(c.HandledAt)}
		})
}

// LessonPlans writes the lesson-plan requests q selects.
func LessonPlans(ctx context.Context, w io.Writer, st *store.Store, q store.ListQuery) error {
	return stream(w, []string{"reference", "email", "name", "school", "subject", "grade", "topic", "duration",
		"objectives", "standards", "instructional_model", "differentiation", "notes", "spam", "created_at"},
		func(fn func(store.LessonPlan) error) error { return st.EachLessonPlan(ctx, q, fn) },
		func(p store.LessonPlan) []string {
			return []string{p.Reference, p.Email, p.Name, p.School, p.Subject, p.Grade, p.Topic, strconv.Itoa(p.Duration),
				p.Objectives, p.Standards, p.InstructionalModel, strings.Join(p.Differentiation, "; "), p.Notes,
				strconv.FormatBool(p.Spam), stamp(p.CreatedAt)}
		})
}
