package server

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// limiter is a token bucket per client (golang.org/x/time/rate): each client may send
// events posts per period, in bursts of up to events. Buckets idle long enough to be full
// again are dropped, so memory stays bounded by the clients of the last period.
type limiter struct {
	every   rate.Limit
	burst   int
	idle    time.Duration
	trusted []netip.Prefix
	now     func() time.Time

	mu        sync.Mutex
	buckets   map[netip.Addr]*bucket
	lastSweep time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newLimiter(events int, per time.Duration, trusted []netip.Prefix) *limiter {
	return newLimiterBurst(events, per, events, trusted)
}

// newLimiterBurst is newLimiter with bursts of up to burst events.
func newLimiterBurst(events int, per time.Duration, burst int, trusted []netip.Prefix) *limiter {
	return &limiter{
		every:   rate.Limit(float64(events) / per.Seconds()),
		burst:   burst,
		idle:    max(per, time.Minute),
		trusted: trusted,
		now:     time.Now,
		buckets: map[netip.Addr]*bucket{},
	}
}

// allow takes a token from the client's bucket, or says how long until one is there.
func (l *limiter) allow(client netip.Addr) (bool, time.Duration) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) > l.idle {
		for k, b := range l.buckets {
			if now.Sub(b.seen) > l.idle {
				delete(l.buckets, k)
			}
		}
		l.lastSweep = now
	}
	b := l.buckets[client]
	if b == nil {
		b = &bucket{lim: rate.NewLimiter(l.every, l.burst)}
		l.buckets[client] = b
	}
	b.seen = now
	res := b.lim.ReserveN(now, 1)
	if d := res.DelayFrom(now); d > 0 {
		res.CancelAt(now)
		return false, d
	}
	return true, 0
}

// size is the number of clients tracked (tests).
func (l *limiter) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}

// rateLimit answers 429 with Retry-After (whole seconds) to a client over its limit.
func (s *Server) rateLimit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l := s.api.limiter
		if l == nil {
			next.ServeHTTP(w, r)
			return
		}
		ok, wait := l.allow(clientKey(clientIP(r, l.trusted)))
		if !ok {
			secs := max(1, int(math.Ceil(wait.Seconds())))
			w.Header().Set("Retry-After", strconv.Itoa(secs))
			s.fail(w, r, http.StatusTooManyRequests,
				fmt.Sprintf("Too many requests from your network. Please wait %d seconds and try again.", secs))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// clientIP is the address of the client: the connection's peer, or, when the peer is a
// trusted proxy, the nearest address in X-Forwarded-For that is not a trusted proxy (the
// entries further left can be forged by the client).
func clientIP(r *http.Request, trusted []netip.Prefix) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	peer = peer.Unmap()
	if !isTrusted(peer, trusted) {
		return peer
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // garbage: stop at the last address we could read
		}
		client = a.Unmap()
		if !isTrusted(client, trusted) {
			break
		}
	}
	return client
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// clientKey groups IPv6 clients by /64, the block one customer usually gets, so one client
// cannot dodge the limit by changing addresses within it.
func clientKey(a netip.Addr) netip.Addr {
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.Addr()
	}
	return a
}
