package server

import (
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"
)

func TestClientIP(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	tests := []struct {
		name    string
		remote  string
		xff     []string
		trusted []netip.Prefix
		want    string
	}{
		{"no proxy configured: the peer", "192.0.2.1:5000", []string{"198.51.100.7"}, nil, "192.0.2.1"},
		{"an untrusted peer's header is ignored", "192.0.2.1:5000", []string{"198.51.100.7"}, proxies, "192.0.2.1"},
		{"behind a trusted proxy: the forwarded client", "10.1.2.3:5000", []string{"198.51.100.7"}, proxies, "198.51.100.7"},
		{"through two trusted proxies", "10.1.2.3:5000", []string{"198.51.100.7, 10.9.9.9"}, proxies, "198.51.100.7"},
		{"a forged entry on the left is skipped", "10.1.2.3:5000", []string{"203.0.113.1, 198.51.100.7"}, proxies, "198.51.100.7"},
		{"several header lines read as one list", "10.1.2.3:5000", []string{"203.0.113.1", "198.51.100.7"}, proxies, "198.51.100.7"},
		{"garbage stops the walk", "10.1.2.3:5000", []string{"198.51.100.7, nonsense"}, proxies, "10.1.2.3"},
		{"no header: the proxy itself", "10.1.2.3:5000", nil, proxies, "10.1.2.3"},
		{"IPv6 peer", "[2001:db8::1]:5000", nil, nil, "2001:db8::1"},
		{"IPv4-mapped IPv6 is IPv4", "[::ffff:192.0.2.1]:5000", nil, nil, "192.0.2.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/api/contact", nil)
			r.RemoteAddr = tt.remote
			for _, v := range tt.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := clientIP(r, tt.trusted); got.String() != tt.want {
				t.Errorf("clientIP = %s, want %s", got, tt.want)
			}
		})
	}
	a, b := netip.MustParseAddr("2001:db8:1:2::1"), netip.MustParseAddr("2001:db8:1:2:ffff::9")
	if clientKey(a) != clientKey(b) {
		t.Error("two addresses of one IPv6 /64 are different clients")
	}
}

func TestLimiterRefillsAndForgetsIdleClients(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newLimiter(2, time.Minute, nil)
	l.now = func() time.Time { return now }
	a, b := netip.MustParseAddr("192.0.2.1"), netip.MustParseAddr("192.0.2.2")

	steps := []struct {
		name     string
		advance  time.Duration
		client   netip.Addr
		wantOK   bool
		wantWait time.Duration
	}{
		{"first of the burst", 0, a, true, 0},
		{"second of the burst", 0, a, true, 0},
		{"third waits for a token (every 30 s)", 0, a, false, 30 * time.Second},
		{"a refused request does not use a token up", 10 * time.Second, a, false, 20 * time.Second},
		{"another client has its own bucket", 0, b, true, 0},
		{"once a token is back, allowed", 20 * time.Second, a, true, 0},
	}
	for _, s := range steps {
		now = now.Add(s.advance)
		ok, wait := l.allow(s.client)
		if ok != s.wantOK || wait.Round(time.Second) != s.wantWait {
			t.Errorf("%s: allow = %v, %v; want %v, %v", s.name, ok, wait, s.wantOK, s.wantWait)
		}
	}
	if l.size() != 2 {
		t.Fatalf("tracking %d clients, want 2", l.size())
	}
	now = now.Add(2 * time.Minute) // both buckets are full again: nothing to remember
	l.allow(netip.MustParseAddr("192.0.2.3"))
	if l.size() != 1 {
		t.Errorf("after idling, tracking %d clients, want 1 (old buckets evicted)", l.size())
	}
}
