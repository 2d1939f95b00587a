package server

import (
	"errors"
	"net"
	"sync"
	"time"
)

// net/http writes a response through a 4 KB buffer on the connection: headers first, then
// the body. A response larger than that (every page and most assets here) leaves in two
// write system calls and two TCP segments, the buffer-full one and the rest, which costs
// both ends of the connection. CoalesceWrites joins them into one writev.

// netHTTPBufferSize is the size of net/http's per-connection write buffer. A write of
// exactly this size is the buffer flushed because more is coming. If net/http ever changes
// the size, nothing breaks: writes simply go out as they come.
const netHTTPBufferSize = 4 << 10

// heldFlushDelay bounds how long a full buffer waits for the rest of its response. The
// rest normally follows within microseconds; the delay only matters to a handler that
// flushes a stream at exactly a buffer's boundary and then waits.
const heldFlushDelay = time.Millisecond

// CoalesceWrites returns a listener whose connections hold a write of exactly net/http's
// buffer size until the next write, and send both in one system call. A held write is
// sent at once when the connection is next read, given a read deadline or closed (net/http
// does one of those after every response), and after heldFlushDelay at the latest.
func CoalesceWrites(ln net.Listener) net.Listener { return coalescingListener{ln} }

type coalescingListener struct{ net.Listener }

// Accept wraps each accepted connection.
func (l coalescingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &coalescingConn{Conn: c}, nil
}

// coalescingConn is a connection that may hold one full buffer back (see CoalesceWrites).
type coalescingConn struct {
	net.Conn

	mu    sync.Mutex
	held  []byte      // a copy of the held write; empty when nothing is held
	err   error       // the error of a write made by the timer, reported by the next Write
	timer *time.Timer // sends the held write after heldFlushDelay
	vec   [2][]byte   // backing array of bufs, so a writev allocates nothing
	bufs  net.Buffers
}

// Write holds a full buffer, sends a held buffer together with p, or sends p.
func (c *coalescingConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	if len(c.held) > 0 {
		held := len(c.held)
		n, err := c.writeHeldAnd(p)
		return min(len(p), max(0, n-held)), err
	}
	if len(p) == netHTTPBufferSize {
		if c.held == nil {
			c.held = make([]byte, 0, netHTTPBufferSize)
		}
		c.held = append(c.held, p...)
		if c.timer == nil {
			c.timer = time.AfterFunc(heldFlushDelay, c.flushHeld)
		} else {
			c.timer.Reset(heldFlushDelay)
		}
		return len(p), nil
	}
	return c.Conn.Write(p)
}

// writeHeldAnd sends the held bytes followed by p (which may be empty) in one system call
// and empties the hold. It returns the number of bytes sent. c.mu must be held.
func (c *coalescingConn) writeHeldAnd(p []byte) (int, error) {
	c.timer.Stop()
	var n int
	var err error
	switch {
	case len(p) == 0:
		n, err = c.Conn.Write(c.held)
	case isTCP(c.Conn):
		// writev: no copy of p. bufs is rebuilt on vec each time, because WriteTo
		// consumes it.
		c.vec = [2][]byte{c.held, p}
		c.bufs = c.vec[:]
		var n64 int64
		n64, err = c.bufs.WriteTo(c.Conn)
		n, c.vec = int(n64), [2][]byte{}
	default:
		// Connections without writev (tests, wrappers): one contiguous write.
		c.held = append(c.held, p...)
		n, err = c.Conn.Write(c.held)
	}
	c.held = c.held[:0]
	if cap(c.held) > netHTTPBufferSize {
		c.held = nil // do not keep a large response's copy
	}
	return n, err
}

func isTCP(c net.Conn) bool {
	_, ok := c.(*net.TCPConn)
	return ok
}

// flush sends a held write, if any.
func (c *coalescingConn) flush() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.held) == 0 {
		return c.err
	}
	_, err := c.writeHeldAnd(nil)
	if err != nil && c.err == nil {
		c.err = err
	}
	return err
}

// flushHeld is the timer's: it sends a write held for heldFlushDelay.
func (c *coalescingConn) flushHeld() { _ = c.flush() }

// Read sends a held write first: the response is complete once the server reads again.
func (c *coalescingConn) Read(p []byte) (int, error) {
	if err := c.flush(); err != nil {
		return 0, err
	}
	return c.Conn.Read(p)
}

// SetReadDeadline sends a held write first: net/http sets one after each response.
func (c *coalescingConn) SetReadDeadline(t time.Time) error {
	return errors.Join(c.flush(), c.Conn.SetReadDeadline(t))
}

// SetDeadline sends a held write first.
func (c *coalescingConn) SetDeadline(t time.Time) error {
	return errors.Join(c.flush(), c.Conn.SetDeadline(t))
}

// CloseWrite sends a held write, then shuts down the writing side when the connection
// can (net/http uses it to let a client read an error response before closing).
func (c *coalescingConn) CloseWrite() error {
	err := c.flush()
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return errors.Join(err, cw.CloseWrite())
	}
	return err
}

// Close sends a held write and closes the connection.
func (c *coalescingConn) Close() error {
	err := c.flush()
	c.mu.Lock()
	if c.timer != nil {
		c.timer.Stop()
	}
	c.mu.Unlock()
	return errors.Join(err, c.Conn.Close())
}
