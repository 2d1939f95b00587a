package server

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"
)

// fakeConn records each write that reaches the network.
type fakeConn struct {
	net.Conn // nil: only the methods below are used
	mu       sync.Mutex
	writes   [][]byte
}

func (f *fakeConn) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.writes = append(f.writes, bytes.Clone(p))
	return len(p), nil
}
func (f *fakeConn) Read([]byte) (int, error)        { return 0, io.EOF }
func (f *fakeConn) SetReadDeadline(time.Time) error { return nil }
func (f *fakeConn) SetDeadline(time.Time) error     { return nil }
func (f *fakeConn) Close() error                    { return nil }

func (f *fakeConn) sizes() []int {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []int
	for _, w := range f.writes {
		out = append(out, len(w))
	}
	return out
}

func TestCoalescingConn(t *testing.T) {
	full := bytes.Repeat([]byte("h"), netHTTPBufferSize)
	rest := bytes.Repeat([]byte("b"), 1000)
	type step func(t *testing.T, c *coalescingConn)
	write := func(p []byte) step {
		return func(t *testing.T, c *coalescingConn) {
			if n, err := c.Write(p); n != len(p) || err != nil {
				t.Fatalf("Write(%d bytes) = %d, %v", len(p), n, err)
			}
		}
	}
	tests := []struct {
		name  string
		steps []step
		want  []int // sizes of the writes that reached the network
	}{
		{name: "a write smaller than net/http's buffer goes out at once",
			steps: []step{write(rest)}, want: []int{1000}},
		{name: "a full buffer and the rest of the response go out in one write",
			steps: []step{write(full), write(rest)}, want: []int{netHTTPBufferSize + 1000}},
		{name: "two full buffers go out together",
			steps: []step{write(full), write(full)}, want: []int{2 * netHTTPBufferSize}},
		{name: "a held buffer goes out when the connection is read",
			steps: []step{write(full), func(t *testing.T, c *coalescingConn) { _, _ = c.Read(make([]byte, 10)) }},
			want:  []int{netHTTPBufferSize}},
		{name: "a read deadline sends a held buffer (net/http sets one after each response)",
			steps: []step{write(full), func(t *testing.T, c *coalescingConn) { _ = c.SetReadDeadline(time.Time{}) }},
			want:  []int{netHTTPBufferSize}},
		{name: "closing sends a held buffer",
			steps: []step{write(full), func(t *testing.T, c *coalescingConn) { _ = c.Close() }},
			want:  []int{netHTTPBufferSize}},
		{name: "a held buffer goes out by itself after a moment (a flushed stream)",
			steps: []step{write(full), func(t *testing.T, c *coalescingConn) {
				deadline := time.Now().Add(time.Second)
				for len(c.Conn.(*fakeConn).sizes()) == 0 && time.Now().Before(deadline) {
					time.Sleep(time.Millisecond)
				}
			}},
			want: []int{netHTTPBufferSize}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fc := &fakeConn{}
			c := &coalescingConn{Conn: fc}
			for _, s := range tt.steps {
				s(t, c)
			}
			if got := fc.sizes(); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("writes = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestCoalesceWritesServesTheSite serves the site over real TCP through CoalesceWrites and
// checks that responses of every size around net/http's buffer arrive whole, one after
// another on one keep-alive connection.
func TestCoalesceWritesServesTheSite(t *testing.T) {
	client := testFS()
	var paths []string
	for _, size := range []int{10, 2000, 2800, 2900, 3000, 4096, 5000, 8192, 100_000} {
		name := fmt.Sprintf("assets/file-%d.png", size) // not compressible: sent as is
		client[name] = &fstest.MapFile{Data: bytes.Repeat([]byte{byte(size)}, size)}
		paths = append(paths, "/"+name)
	}
	h := newTestServer(t, client)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = hs.Serve(CoalesceWrites(ln)) }()
	t.Cleanup(func() { _ = hs.Close() })

	tr := &http.Transport{MaxConnsPerHost: 1, DisableCompression: true}
	t.Cleanup(tr.CloseIdleConnections)
	cl := &http.Client{Transport: tr, Timeout: 5 * time.Second}
	for range 2 {
		for _, p := range append(paths, "/", "/blog") {
			resp, err := cl.Get("http://" + ln.Addr().String() + p)
			if err != nil {
				t.Fatalf("GET %s: %v", p, err)
			}
			body, err := io.ReadAll(resp.Body)
			_ = resp.Body.Close()
			if err != nil {
				t.Fatalf("GET %s: read: %v", p, err)
			}
			want := client[strings.TrimPrefix(p, "/")]
			if p == "/" {
				want = client["index.html"]
			} else if p == "/blog" {
				want = client["blog/index.html"]
			}
			if resp.StatusCode != 200 || !bytes.Equal(body, want.Data) {
				t.Errorf("GET %s: status %d, %d bytes, want 200 and the file's %d bytes", p, resp.StatusCode, len(body), len(want.Data))
			}
		}
	}
}
