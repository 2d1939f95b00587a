package plan

import (
	"context"
	"errors"
	"log/slog"
	"time"
)

// Fallback makes every plan: with an AI planner, it tries it within Timeout (after the
// cache and the daily cap), and on any failure gives the built-in plan, labelled with why;
// without one, it gives the built-in plan. It never fails and never waits past Timeout.
type Fallback struct {
	Builtin *Builtin      // required
	AI      *AI           // nil: built-in plans only
	Timeout time.Duration // the AI's whole budget, retries included (45 s)
	Cache   *Cache        // nil: no cache
	Cap     *DailyCap     // nil: no daily cap
	Log     *slog.Logger  // nil: no logging; lines carry the reason, never a key or teacher text
}

// Generate returns the plan for req and hands its sections to onSection in order as they are
// ready. If an AI plan fails after some of its sections were handed over, the built-in plan's
// sections follow, the first marked Restart.
func (f *Fallback) Generate(ctx context.Context, req Request, onSection OnSection) Plan {
	r := f.Builtin.Normalize(req)
	if f.AI == nil {
		p := f.Builtin.Plan(r)
		emitAll(p, onSection, false)
		return p
	}
	key := CacheKey(r, "ai:"+f.AI.BaseURL+"|"+f.AI.Model)
	if p, ok := f.Cache.Get(key); ok {
		emitAll(p, onSection, false)
		return p
	}
	if !f.Cap.Take() {
		return f.builtinBecause(r, &Error{Reason: ReasonLimit}, onSection, false)
	}
	ctx, cancel := context.WithTimeout(ctx, cmp(f.Timeout, 45*time.Second))
	defer cancel()
	sent := false
	p, err := f.AI.Generate(ctx, r, func(s Section) {
		sent = true
		if onSection != nil {
			onSection(s)
		}
	})
	if err != nil {
		return f.builtinBecause(r, err, onSection, sent)
	}
	f.Cache.Put(key, p)
	return p
}

// builtinBecause returns the built-in plan labelled with why the AI plan was not used.
func (f *Fallback) builtinBecause(r Request, err error, onSection OnSection, restart bool) Plan {
	reason := ReasonUnavailable
	var e *Error
	if errors.As(err, &e) {
		reason = e.Reason
	}
	if f.Log != nil {
		f.Log.Warn("lesson plan: built-in plan used instead of the AI plan", "reason", string(reason), "error", err.Error())
	}
	p := f.Builtin.Plan(r)
	p.Provenance = provenance(GeneratorFallback, "", reason.Because())
	emitAll(p, onSection, restart)
	return p
}
