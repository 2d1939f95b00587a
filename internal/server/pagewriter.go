package server

import (
	"compress/gzip"
	"net/http"
	"sync"

	"github.com/teachpilot/site/internal/static"
)

// The pages the server renders itself (the plan page, the answers to plain form posts) are
// compressed like the pre-rendered ones when the client takes gzip: a plan page is 20 KB of
// HTML and about 6 KB gzipped, which a phone on a slow connection receives 80 ms sooner.
// Compression can leak a secret only when a response holds both the secret and text an
// attacker chooses (BREACH): an answer to a form post repeats the poster's own text and holds
// no secret (no tokens: cross-origin posts are refused by their headers), and a plan page
// holds its teacher's text alone.

// gzipWriters keeps gzip writers between responses: each holds the compressor's tables
// (hundreds of kilobytes) that would otherwise be allocated per page.
var gzipWriters = sync.Pool{New: func() any { return gzip.NewWriter(nil) }}

// pageBody is the body of a rendered page: gzip when the request takes it, as is otherwise.
type pageBody struct {
	w  http.ResponseWriter
	gz *gzip.Writer // nil: not compressed
}

// newPageBody sets the encoding headers of the response to r and returns its body. Call it
// before WriteHeader, and Close the body when done.
func newPageBody(w http.ResponseWriter, r *http.Request) *pageBody {
	h := w.Header()
	h.Add("Vary", "Accept-Encoding")
	if r.Method == http.MethodHead || !static.AcceptsGzip(r.Header.Values("Accept-Encoding")) {
		return &pageBody{w: w}
	}
	h.Set("Content-Encoding", "gzip")
	h.Del("Content-Length")
	gz := gzipWriters.Get().(*gzip.Writer)
	gz.Reset(w)
	return &pageBody{w: w, gz: gz}
}

// Write writes p to the body.
func (b *pageBody) Write(p []byte) (int, error) {
	if b.gz == nil {
		return b.w.Write(p)
	}
	return b.gz.Write(p)
}

// Flush sends what was written so far to the client at once (a streamed page's sections).
func (b *pageBody) Flush() error {
	if b.gz != nil {
		if err := b.gz.Flush(); err != nil {
			return err
		}
	}
	return http.NewResponseController(b.w).Flush()
}

// Close ends the body: the gzip stream's trailer. The body must not be used after.
func (b *pageBody) Close() error {
	if b.gz == nil {
		return nil
	}
	err := b.gz.Close()
	b.gz.Reset(nil)
	gzipWriters.Put(b.gz)
	b.gz = nil
	return err
}
