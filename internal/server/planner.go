package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/teachpilot/site/internal/plan"
	"github.com/teachpilot/site/internal/store"
)

// This file connects the lesson-plan requests to package plan: the planner the server is
// given, the request a plan is made from, the stored plan a page or file shows, and the
// per-client limit on plan generations.

// Plans per client: stricter than the form posts' limit, since each may call an AI.
const (
	plansPerMinute = 10
	planBurst      = 5
)

// WithPlanner makes the lesson plans with f (the built-in planner, and an AI planner when
// one is configured). Without it the server makes built-in plans only.
func WithPlanner(f *plan.Fallback) Option {
	return func(s *Server) error {
		if f == nil || f.Builtin == nil {
			return errors.New("server: WithPlanner needs a plan.Fallback with a Builtin")
		}
		s.plans = f
		return nil
	}
}

// initPlanner gives the server the built-in planner when WithPlanner was not used, and the
// generation limit when posts are rate limited at all.
func (s *Server) initPlanner(rules []byte) error {
	if s.plans == nil && rules != nil {
		opts, err := plan.ParseOptions(rules)
		if err != nil {
			return fmt.Errorf("server: %w", err)
		}
		b, err := plan.NewBuiltin(opts)
		if err != nil {
			return fmt.Errorf("server: %w", err)
		}
		s.plans = &plan.Fallback{Builtin: b}
	}
	if !s.cfg.RateLimit.Off() {
		s.api.planLimiter = newLimiterBurst(plansPerMinute, time.Minute, planBurst, s.cfg.TrustedProxies)
	}
	return nil
}

// aiTimeout is the AI planner's whole budget (plan.Fallback's default when unset).
func (s *Server) aiTimeout() time.Duration {
	if s.plans.Timeout > 0 {
		return s.plans.Timeout
	}
	return 45 * time.Second
}

// allowPlan takes a token from the client's bucket of plan generations; if there is none it
// answers 429 with Retry-After and returns false.
func (s *Server) allowPlan(w http.ResponseWriter, r *http.Request) bool {
	l := s.api.planLimiter
	if l == nil {
		return true
	}
	ok, wait := l.allow(clientKey(clientIP(r, l.trusted)))
	if ok {
		return true
	}
	secs := max(1, int(math.Ceil(wait.Seconds())))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	s.fail(w, r, http.StatusTooManyRequests,
		fmt.Sprintf("That is a lot of lesson plans in a short time. Please wait %d seconds and try again.", secs))
	return false
}

// planRequest is what a plan is made from: the request's lesson fields, never the email
// address, name or school.
func planRequest(p store.LessonPlan) plan.Request {
	return plan.Request{
		Subject: p.Subject, Grade: p.Grade, Topic: p.Topic, Minutes: p.Duration, Objectives: p.Objectives,
		Standards: p.Standards, Model: p.InstructionalModel, Differentiation: p.Differentiation, Notes: p.Notes,
	}
}

// builtinPlan is the built-in plan of a request, stored with it, with the AI draft's state:
// pending when an AI planner is configured, none otherwise.
func (s *Server) builtinPlan(p store.LessonPlan, now time.Time) (store.StoredPlan, error) {
	b := s.plans.Builtin
	pl := b.Plan(b.Normalize(planRequest(p)))
	js, err := json.Marshal(pl)
	if err != nil {
		return store.StoredPlan{}, fmt.Errorf("plan JSON: %w", err)
	}
	state := store.AINone
	if s.plans.AI != nil {
		state = store.AIPending
	}
	return store.StoredPlan{Reference: p.Reference, JSON: js, Generator: pl.Provenance.Generator, AIState: state, UpdatedAt: now}, nil
}

// shownPlan is a request's plan as its page and files show it.
type shownPlan struct {
	Request store.LessonPlan
	Plan    plan.Plan
	Stored  store.StoredPlan
}

// errNoRequest means no lesson-plan request has the reference.
var errNoRequest = errors.New("no such lesson plan request")

// loadPlan returns the request ref and its stored plan. A request stored without one (made
// before plans were, or marked as spam) gets its built-in plan, made now and not stored.
func (s *Server) loadPlan(ctx context.Context, ref string) (shownPlan, error) {
	req, err := s.api.store.LessonPlan(ctx, ref)
	if errors.Is(err, store.ErrNotFound) {
		return shownPlan{}, errNoRequest
	}
	if err != nil {
		return shownPlan{}, err
	}
	sp := shownPlan{Request: req}
	sp.Stored, err = s.api.store.Plan(ctx, ref)
	switch {
	case errors.Is(err, store.ErrNotFound):
		b := s.plans.Builtin
		sp.Plan = b.Plan(b.Normalize(planRequest(req)))
		sp.Stored = store.StoredPlan{Reference: ref, Generator: sp.Plan.Provenance.Generator, AIState: store.AINone}
		return sp, nil
	case err != nil:
		return shownPlan{}, err
	}
	if err := json.Unmarshal(sp.Stored.JSON, &sp.Plan); err != nil {
		return shownPlan{}, fmt.Errorf("stored plan %s: %w", ref, err)
	}
	return sp, nil
}

// planRef reads the {reference} of a plan's route, answering 404 itself (the site's page or
// JSON, as notFound does) when there is no such request.
func (s *Server) planRef(w http.ResponseWriter, r *http.Request, notFound func()) (shownPlan, bool) {
	if s.api.store == nil || s.api.rules == nil {
		s.fail(w, r, http.StatusServiceUnavailable, "Lesson plans cannot be shown right now. Please try again later.")
		return shownPlan{}, false
	}
	ref, ok := normalizeReference(r.PathValue("reference"))
	if !ok {
		notFound()
		return shownPlan{}, false
	}
	sp, err := s.loadPlan(r.Context(), ref)
	if errors.Is(err, errNoRequest) {
		notFound()
		return shownPlan{}, false
	}
	if err != nil {
		s.serverError(w, r, fmt.Errorf("lesson plan %s: %w", ref, err))
		return shownPlan{}, false
	}
	return sp, true
}
