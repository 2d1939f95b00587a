package plan

import (
	"container/list"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sync"
	"time"
)

// CacheKey is the key of a plan in the cache: a SHA-256 of the normalised request and the
// generator's identity (for the AI planner, its base URL and model).
func CacheKey(normalized Request, generator string) string {
	data, _ := json.Marshal(struct {
		R Request
		G string
	}{normalized, generator}) // cannot fail: strings, ints and a slice of strings
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// Cache keeps the plans of the most recent requests in memory, so identical requests do not
// call the AI again: at most Max plans (least recently used out first), each for TTL. A nil
// *Cache caches nothing. Plans are about 10 kB, so the default 500 is about 5 MB.
type Cache struct {
	max int
	ttl time.Duration
	now func() time.Time

	mu    sync.Mutex
	order *list.List // of *cacheEntry, most recently used first
	byKey map[string]*list.Element
}

type cacheEntry struct {
	key     string
	plan    Plan
	expires time.Time
}

// NewCache returns a cache of at most max plans (500 if max ≤ 0) kept for ttl (24 h if
// ttl ≤ 0), reading the time from now (time.Now if nil).
func NewCache(max int, ttl time.Duration, now func() time.Time) *Cache {
	if now == nil {
		now = time.Now
	}
	return &Cache{max: cmp(max, 500), ttl: cmp(ttl, 24*time.Hour), now: now, order: list.New(), byKey: map[string]*list.Element{}}
}

// Get returns the plan cached under key, if it is there and fresh. The plan's slices are
// shared with every other caller: read it, do not modify it.
func (c *Cache) Get(key string) (Plan, bool) {
	if c == nil {
		return Plan{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byKey[key]
	if !ok {
		return Plan{}, false
	}
	e := el.Value.(*cacheEntry)
	if !c.now().Before(e.expires) {
		c.order.Remove(el)
		delete(c.byKey, key)
		return Plan{}, false
	}
	c.order.MoveToFront(el)
	return e.plan, true
}

// Put caches p under key.
func (c *Cache) Put(key string, p Plan) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byKey[key]; ok {
		c.order.Remove(el)
	}
	c.byKey[key] = c.order.PushFront(&cacheEntry{key: key, plan: p, expires: c.now().Add(c.ttl)})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byKey, last.Value.(*cacheEntry).key)
	}
}

// Len returns how many plans are cached.
func (c *Cache) Len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

// DailyCap counts AI calls per UTC day and refuses more than its limit (then the built-in
// planner makes the plans until midnight UTC). A nil *DailyCap never refuses.
type DailyCap struct {
	limit int
	now   func() time.Time

	mu   sync.Mutex
	day  string // the UTC date counted, "2006-01-02"
	used int
}

// NewDailyCap returns a cap of limit calls per UTC day (limit ≤ 0: no AI calls at all),
// reading the time from now (time.Now if nil).
func NewDailyCap(limit int, now func() time.Time) *DailyCap {
	if now == nil {
		now = time.Now
	}
	return &DailyCap{limit: limit, now: now}
}

// Take counts one call and reports whether it is within today's limit.
func (d *DailyCap) Take() bool {
	if d == nil {
		return true
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if day := d.now().UTC().Format(time.DateOnly); day != d.day {
		d.day, d.used = day, 0
	}
	if d.used >= d.limit {
		return false
	}
	d.used++
	return true
}

// Used returns how many calls today's count holds.
func (d *DailyCap) Used() int {
	if d == nil {
		return 0
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.now().UTC().Format(time.DateOnly) != d.day {
		return 0
	}
	return d.used
}
