package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/bits"
	"mime"
	"net/http"
	"path"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

// Cache-Control values by asset class (DESIGN §4).
const (
	cacheRevalidate = "no-cache"                            // HTML and React Router's .data
	cacheImmutable  = "public, max-age=31536000, immutable" // /assets/*, hashed by Vite
	cacheShort      = "public, max-age=3600"                // favicon, images, robots.txt, feeds…
)

// encoding indexes a file's representations.
type encoding int

const (
	identity encoding = iota
	encGzip
	encBrotli
	numEncodings
)

// encodingNames are the Content-Encoding values of each representation, built once.
var encodingNames = [numEncodings][]string{nil, {"gzip"}, {"br"}}

// representation is one encoding of a file, with the header values that go with it.
type representation struct {
	body   []byte
	etag   []string // strong, distinct per encoding
	length []string // Content-Length
}

// file is one file of the site, loaded once with everything needed to answer for it.
type file struct {
	ctype []string
	cache []string
	// csp is the Content-Security-Policy of an HTML page, allowing exactly its own inline
	// scripts; nil for other files, which keep the default policy set by securityHeaders.
	csp  []string
	reps [numEncodings]*representation // identity always set; others only when smaller
}

// site serves the pre-rendered pages and assets from memory. It is immutable after
// loadSite, so it is safe for concurrent use.
type site struct {
	// byPath maps a canonical request path ("/", "/blog", "/assets/app-x.js") to its file.
	byPath map[string]*file
	// pages lists the URL paths of pre-rendered HTML pages (those that get a
	// trailing-slash redirect).
	pages map[string]bool
	// notFound is the pre-rendered 404 page, served with status 404.
	notFound *file
}

// Header values shared by every file response.
var (
	varyAcceptEncoding = []string{"Accept-Encoding"}
	allowGetHead       = []string{"GET, HEAD"}
	notFoundPlain      = []byte("404 page not found\n")
)

// Compression levels for files the build did not pre-compress (tests, or a build made
// without web/scripts/precompress.ts): fast, since it happens at every start.
const (
	fallbackGzipLevel     = gzip.DefaultCompression
	fallbackBrotliQuality = 5
)

// siblingSuffixes are the names the build gives a file's pre-compressed copies.
var siblingSuffixes = [numEncodings]string{encGzip: ".gz", encBrotli: ".br"}

// siblingOf reports whether name is the pre-compressed copy of another file of the build
// ("x.js.br" next to "x.js"), which is served as a representation of that file, never at a
// URL of its own. A ".gz" file without its original is an ordinary file.
func siblingOf(name string, exists func(string) bool) bool {
	for _, suffix := range siblingSuffixes {
		if base, ok := strings.CutSuffix(name, suffix); ok && suffix != "" && exists(base) {
			return true
		}
	}
	return false
}

// loadSite reads every file of client into memory, with its content type, cache class,
// strong ETag and gzip and brotli variants, so no request compresses or touches the file
// system. The variants are the build's pre-compressed siblings ("x.br", "x.gz", written by
// web/scripts/precompress.ts) when present; each is checked once to decode to its file.
// Files without them are compressed here at a fast level. Each HTML page gets its own CSP
// with the hashes of its inline scripts.
func loadSite(client fs.FS) (*site, error) {
	st := &site{byPath: map[string]*file{}, pages: map[string]bool{}}
	contents := map[string][]byte{}
	var names []string
	err := fs.WalkDir(client, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(client, name)
		if err != nil {
			return err
		}
		contents[name] = data
		names = append(names, name)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load site: %w", err)
	}
	exists := func(name string) bool { _, ok := contents[name]; return ok }

	type job struct {
		name     string
		data     []byte
		siblings [numEncodings][]byte
		f        *file
	}
	var jobs []job
	for _, name := range names {
		if siblingOf(name, exists) {
			continue
		}
		if name == "__spa-fallback.html" {
			continue // React Router's SPA shell: not a page of its own, never served
		}
		data := contents[name]
		f := &file{ctype: []string{contentType(name, data)}}
		j := job{name: name, data: data, f: f}
		for enc, suffix := range siblingSuffixes {
			if suffix != "" {
				j.siblings[enc] = contents[name+suffix]
			}
		}
		urlPath, isPage := requestPath(name)
		f.cache = []string{cacheClass(urlPath, f.ctype[0])}
		if strings.HasPrefix(f.ctype[0], "text/html") {
			// A page's CSP lists only its own inline scripts: client-side navigation never
			// runs another page's inline scripts (it loads route modules and .data files),
			// and a short policy keeps every response's headers small.
			var ih inlineHashes
			if err := ih.collect(data); err != nil {
				return nil, fmt.Errorf("load site: parse %s: %w", name, err)
			}
			f.csp = []string{contentSecurityPolicy(ih)}
		}
		jobs = append(jobs, j)
		if name == "404/index.html" {
			st.notFound = f
		}
		if isPage {
			st.pages[urlPath] = true
		}
		st.byPath[urlPath] = f
	}

	// Checking the siblings and compressing the files without them is spread over the
	// CPUs, largest files first so none is left running alone at the end.
	slices.SortFunc(jobs, func(a, b job) int { return len(b.data) - len(a.data) })
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	errs := make([]error, len(jobs))
	for i, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			if err := j.f.encode(j.data, j.siblings); err != nil {
				errs[i] = fmt.Errorf("%s: %w", j.name, err)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("load site: %w", err)
	}
	return st, nil
}

// requestPath maps a file name in the build to the one URL path it is served at:
// "index.html" → "/", "blog/index.html" → "/blog" (no trailing slash), anything else
// → "/" + name. isPage reports a pre-rendered page.
func requestPath(name string) (urlPath string, isPage bool) {
	switch {
	case name == "index.html":
		return "/", true
	case strings.HasSuffix(name, "/index.html"):
		return "/" + strings.TrimSuffix(name, "/index.html"), true
	default:
		return "/" + name, false
	}
}

// cacheClass returns the Cache-Control value for a URL path (DESIGN §4): HTML and loader
// data revalidate every time, hashed assets are immutable, the rest is cached an hour.
func cacheClass(urlPath, ctype string) string {
	switch {
	case strings.HasPrefix(ctype, "text/html"), strings.HasSuffix(urlPath, ".data"):
		return cacheRevalidate
	case strings.HasPrefix(urlPath, "/assets/"):
		return cacheImmutable
	default:
		return cacheShort
	}
}

// contentTypes is fixed here rather than taken from the system's mime.types, so the
// binary answers the same on every machine.
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".webmanifest": "application/manifest+json",
	".data":        "text/x-script", // React Router's pre-rendered loader data (turbo-stream)
	".txt":         "text/plain; charset=utf-8",
	".xml":         "application/xml; charset=utf-8",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".gif":         "image/gif",
	".webp":        "image/webp",
	".avif":        "image/avif",
	".ico":         "image/x-icon",
	".woff":        "font/woff",
	".woff2":       "font/woff2",
	".ttf":         "font/ttf",
	".pdf":         "application/pdf",
}

func contentType(name string, data []byte) string {
	ext := strings.ToLower(path.Ext(name))
	if ct, ok := contentTypes[ext]; ok {
		return ct
	}
	if ct := mime.TypeByExtension(ext); ct != "" {
		return ct
	}
	return http.DetectContentType(data)
}

// compressible reports whether a content type is worth compressing (text, not images or
// fonts that are compressed already).
func compressible(ctype string) bool {
	mt, _, _ := strings.Cut(ctype, ";")
	switch {
	case strings.HasPrefix(mt, "text/"):
		return true
	case mt == "image/svg+xml", mt == "image/x-icon", mt == "font/ttf":
		return true
	case strings.HasPrefix(mt, "application/"):
		return mt == "application/json" || mt == "application/manifest+json" ||
			mt == "application/xml" || strings.HasSuffix(mt, "+xml") || mt == "application/javascript"
	}
	return false
}

// encode sets the file's representations: identity always; gzip and brotli from the
// build's pre-compressed siblings when they are smaller and decode to data, otherwise,
// for compressible types, compressed here at a fast level and kept only when smaller.
// A sibling that does not decode to data is an error: the build is inconsistent (a file
// changed after precompress ran), and serving it would send other bytes than the file's.
func (f *file) encode(data []byte, siblings [numEncodings][]byte) error {
	sum := sha256.Sum256(data)
	tag := base64.RawURLEncoding.EncodeToString(sum[:12])
	f.reps[identity] = newRepresentation(data, tag)
	for _, enc := range []encoding{encGzip, encBrotli} {
		body := siblings[enc]
		if body != nil {
			if !decodesTo(enc, body, data) {
				return fmt.Errorf("pre-compressed %s: does not decode to the file; rebuild the site", encodingNames[enc][0])
			}
		} else if compressible(f.ctype[0]) {
			var err error
			if body, err = compress(enc, data); err != nil {
				return err
			}
		}
		if body != nil && len(body) < len(data) {
			f.reps[enc] = newRepresentation(body, tag+"-"+suffixTag[enc])
		}
	}
	return nil
}

// suffixTag distinguishes each encoding's ETag from the identity one.
var suffixTag = [numEncodings]string{encGzip: "gz", encBrotli: "br"}

// compress encodes data at the fallback level of enc.
func compress(enc encoding, data []byte) ([]byte, error) {
	var buf bytes.Buffer
	var w io.WriteCloser
	switch enc {
	case encGzip:
		zw, err := gzip.NewWriterLevel(&buf, fallbackGzipLevel)
		if err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
		w = zw
	case encBrotli:
		// A window just big enough for the file: same output, far less memory for small files.
		lgwin := max(10, min(24, bits.Len(uint(len(data)))))
		w = brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: fallbackBrotliQuality, LGWin: lgwin})
	}
	if _, err := w.Write(data); err != nil {
		return nil, fmt.Errorf("%s: %w", encodingNames[enc][0], err)
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("%s: %w", encodingNames[enc][0], err)
	}
	return buf.Bytes(), nil
}

// decodesTo reports whether body, encoded with enc, decodes to exactly want.
func decodesTo(enc encoding, body, want []byte) bool {
	var r io.Reader
	switch enc {
	case encGzip:
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return false
		}
		r = zr
	case encBrotli:
		r = brotli.NewReader(bytes.NewReader(body))
	default:
		return bytes.Equal(body, want)
	}
	// Decode into a buffer one byte longer than want, so trailing extra output shows.
	got := make([]byte, len(want)+1)
	n, err := io.ReadFull(r, got)
	if err != io.ErrUnexpectedEOF && err != io.EOF && err != nil {
		return false
	}
	if n != len(want) || !bytes.Equal(got[:n], want) {
		return false
	}
	// The whole stream must be valid (checksums are checked at its end).
	_, err = io.Copy(io.Discard, r)
	return err == nil
}

func newRepresentation(body []byte, tag string) *representation {
	return &representation{
		body:   body,
		etag:   []string{`"` + tag + `"`},
		length: []string{strconv.Itoa(len(body))},
	}
}

// ServeHTTP answers GET and HEAD for the site: a known path gets its file, "/x/" is
// redirected to its canonical "/x" (308), anything else gets the 404 page.
func (st *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header()["Allow"] = allowGetHead
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if f := st.byPath[p]; f != nil {
		if f == st.notFound {
			st.serveNotFound(w, r) // "/404" is the 404 page, never a 200
			return
		}
		st.serveFile(w, r, f, http.StatusOK)
		return
	}
	if len(p) > 1 && p[len(p)-1] == '/' {
		if canonical := strings.TrimRight(p, "/"); st.pages[canonical] {
			if r.URL.RawQuery != "" {
				canonical += "?" + r.URL.RawQuery
			}
			http.Redirect(w, r, canonical, http.StatusPermanentRedirect)
			return
		}
	}
	if canonical, ok := strings.CutSuffix(p, "/index.html"); ok && st.pages[or(canonical, "/")] {
		http.Redirect(w, r, or(canonical, "/"), http.StatusPermanentRedirect)
		return
	}
	st.serveNotFound(w, r)
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// serveNotFound answers with the pre-rendered 404 page and status 404.
func (st *site) serveNotFound(w http.ResponseWriter, r *http.Request) {
	if st.notFound == nil {
		h := w.Header()
		h["Content-Type"] = []string{"text/plain; charset=utf-8"}
		h["Cache-Control"] = []string{cacheRevalidate}
		w.WriteHeader(http.StatusNotFound)
		if r.Method != http.MethodHead {
			_, _ = w.Write(notFoundPlain)
		}
		return
	}
	st.serveFile(w, r, st.notFound, http.StatusNotFound)
}

// serveFile writes f in the best encoding the client accepts, or 304 when the client's
// copy is current. Header values are pre-built slices assigned directly to the map, so
// a response costs no header parsing or canonicalisation.
func (st *site) serveFile(w http.ResponseWriter, r *http.Request, f *file, status int) {
	enc := negotiate(r.Header["Accept-Encoding"], f)
	rep := f.reps[enc]
	h := w.Header()
	h["Vary"] = varyAcceptEncoding
	h["Cache-Control"] = f.cache
	if f.csp != nil {
		h["Content-Security-Policy"] = f.csp
	}
	if status == http.StatusOK {
		h["Etag"] = rep.etag
		if inm := r.Header["If-None-Match"]; len(inm) > 0 && etagMatches(inm, rep.etag[0]) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	h["Content-Type"] = f.ctype
	h["Content-Length"] = rep.length
	if enc != identity {
		h["Content-Encoding"] = encodingNames[enc]
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(rep.body)
	}
}

// etagMatches reports whether an If-None-Match header lists etag (weak comparison, as
// RFC 9110 §13.1.2 requires) or is "*".
func etagMatches(header []string, etag string) bool {
	for _, v := range header {
		for v != "" {
			var item string
			item, v, _ = strings.Cut(v, ",")
			item = strings.TrimSpace(item)
			if item == "*" || strings.TrimPrefix(item, "W/") == etag {
				return true
			}
		}
	}
	return false
}

// negotiate picks the representation of f to send for an Accept-Encoding header: the
// highest q-value among those f has, ties going to br, then gzip, then identity.
// It parses without allocating.
func negotiate(accept []string, f *file) encoding {
	if len(accept) == 0 || (f.reps[encGzip] == nil && f.reps[encBrotli] == nil) {
		return identity
	}
	var qBr, qGzip, qStar float64 = -1, -1, -1
	for _, v := range accept {
		for v != "" {
			var item string
			item, v, _ = strings.Cut(v, ",")
			name, params, _ := strings.Cut(item, ";")
			name = strings.TrimSpace(name)
			q := parseQ(params)
			switch {
			case strings.EqualFold(name, "br"):
				qBr = q
			case strings.EqualFold(name, "gzip"), strings.EqualFold(name, "x-gzip"):
				qGzip = q
			case name == "*":
				qStar = q
			}
		}
	}
	if qBr < 0 {
		qBr = qStar
	}
	if qGzip < 0 {
		qGzip = qStar
	}
	// identity is acceptable unless refused; if it is refused and nothing else fits we
	// send it anyway, which RFC 9110 allows and is more useful than a 406.
	best, bestQ := identity, 0.0
	if f.reps[encGzip] != nil && qGzip > bestQ {
		best, bestQ = encGzip, qGzip
	}
	if f.reps[encBrotli] != nil && qBr > 0 && qBr >= bestQ {
		best = encBrotli
	}
	return best
}

// parseQ returns the q parameter of an Accept-Encoding item's parameters (1 when absent,
// 0 when malformed, so a broken header never selects an encoding it did not ask for).
func parseQ(params string) float64 {
	for params != "" {
		var p string
		p, params, _ = strings.Cut(params, ";")
		k, val, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil || q < 0 || q > 1 {
			return 0
		}
		return q
	}
	return 1
}
