package plan

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"
)

// clock is a time the tests move by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// TestFallbackCache: an identical request (after normalising) is served from the cache
// without calling the provider again; a different one calls it.
func TestFallbackCache(t *testing.T) {
	b := testBuiltin(t)
	f := newFakeAI(t, answer{pieces: aiPieces(t, aiPlan(b, aiTestRequest), nil)})
	fb := &Fallback{Builtin: b, AI: testAI(b, f), Timeout: 5 * time.Second, Cache: NewCache(10, time.Hour, nil)}
	first := fb.Generate(context.Background(), aiTestRequest, nil)
	same := aiTestRequest
	same.Topic = "  Causes of the First World War\x00 " // normalises to the same request
	var c collector
	second := fb.Generate(context.Background(), same, c.on)
	if f.requests() != 1 || first.Title != second.Title || second.Provenance.Generator != GeneratorAI {
		t.Errorf("requests %d; titles %q, %q; %+v", f.requests(), first.Title, second.Title, second.Provenance)
	}
	if strings.Join(c.keys, ",") != strings.Join(SectionKeys, ",") {
		t.Errorf("a cached plan's sections %v", c.keys)
	}
	other := aiTestRequest
	other.Minutes = 60
	fb.Generate(context.Background(), other, nil)
	if f.requests() != 2 || fb.Cache.Len() != 2 {
		t.Errorf("a different request: %d requests, %d cached", f.requests(), fb.Cache.Len())
	}
}

// TestCacheBoundsAndExpiry: the cache keeps at most its size, least recently used out
// first, and forgets plans after its TTL.
func TestCacheBoundsAndExpiry(t *testing.T) {
	clk := &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	c := NewCache(2, time.Hour, clk.now)
	c.Put("a", Plan{Title: "a"})
	c.Put("b", Plan{Title: "b"})
	c.Get("a") // a is now the most recently used
	c.Put("c", Plan{Title: "c"})
	if _, ok := c.Get("b"); ok || c.Len() != 2 {
		t.Errorf("b should have been evicted; len %d", c.Len())
	}
	if p, ok := c.Get("a"); !ok || p.Title != "a" {
		t.Error("a was evicted")
	}
	clk.set(clk.now().Add(time.Hour))
	if _, ok := c.Get("a"); ok {
		t.Error("a outlived its TTL")
	}
	var nilCache *Cache
	nilCache.Put("x", Plan{})
	if _, ok := nilCache.Get("x"); ok || nilCache.Len() != 0 {
		t.Error("a nil cache cached")
	}
}

// TestDailyCap: after the day's limit the built-in planner makes the plans, labelled so,
// without calling the provider; at midnight UTC the count starts again.
func TestDailyCap(t *testing.T) {
	b := testBuiltin(t)
	f := newFakeAI(t, answer{pieces: aiPieces(t, aiPlan(b, aiTestRequest), nil)})
	// 23:30 in New York is 04:30 UTC the next day: the cap counts UTC days.
	ny := time.FixedZone("EST", -5*3600)
	clk := &clock{t: time.Date(2026, 3, 1, 18, 0, 0, 0, ny)}
	fb := &Fallback{Builtin: b, AI: testAI(b, f), Timeout: 5 * time.Second, Cap: NewDailyCap(2, clk.now)}
	gen := func(minutes int) Plan {
		r := aiTestRequest
		r.Minutes = minutes
		return fb.Generate(context.Background(), r, nil)
	}
	for i, tt := range []struct {
		at        time.Time
		generator string
		requests  int
	}{
		{clk.now(), GeneratorAI, 1},
		{clk.now(), GeneratorAI, 2},
		{clk.now(), GeneratorFallback, 2}, // over the cap: no call
		{time.Date(2026, 3, 1, 18, 59, 0, 0, ny), GeneratorFallback, 2},
		{time.Date(2026, 3, 1, 19, 0, 0, 0, ny), GeneratorAI, 3}, // midnight UTC
	} {
		clk.set(tt.at)
		p := gen(40 + i)
		if p.Provenance.Generator != tt.generator || f.requests() != tt.requests {
			t.Errorf("call %d at %v: %s after %d requests, want %s after %d", i, tt.at, p.Provenance.Generator, f.requests(), tt.generator, tt.requests)
		}
		if tt.generator == GeneratorFallback && !strings.Contains(p.Provenance.Label, ReasonLimit.Because()) {
			t.Errorf("label %q", p.Provenance.Label)
		}
	}
	if fb.Cap.Used() != 1 {
		t.Errorf("used %d today", fb.Cap.Used())
	}
}

// TestFallbackWithoutAI: with no AI planner, the built-in plan, labelled as such.
func TestFallbackWithoutAI(t *testing.T) {
	b := testBuiltin(t)
	fb := &Fallback{Builtin: b}
	var c collector
	p := fb.Generate(context.Background(), aiTestRequest, c.on)
	if p.Provenance.Generator != GeneratorBuiltin || len(c.keys) != len(SectionKeys) || len(c.restarts) != 0 {
		t.Errorf("%+v, sections %v", p.Provenance, c.keys)
	}
}
