package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
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

// loadSite reads every file of client into memory, with its content type, cache class,
// strong ETag and pre-compressed gzip and brotli variants, so no request compresses or
// touches the file system. Each HTML page gets its own CSP with the hashes of its inline
// scripts.
func loadSite(client fs.FS) (*site, error) {
	st := &site{byPath: map[string]*file{}, pages: map[string]bool{}}
	type job struct {
		name string
		data []byte
		f    *file
	}
	var jobs []job

	err := fs.WalkDir(client, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		data, err := fs.ReadFile(client, name)
		if err != nil {
			return err
		}
		f := &file{ctype: []string{contentType(name, data)}}
		jobs = append(jobs, job{name, data, f})

		urlPath, isPage := requestPath(name)
		f.cache = []string{cacheClass(urlPath, f.ctype[0])}
		if strings.HasPrefix(f.ctype[0], "text/html") {
			// A page's CSP lists only its own inline scripts: client-side navigation never
			// runs another page's inline scripts (it loads route modules and .data files),
			// and a short policy keeps every response's headers small.
			var ih inlineHashes
			if err := ih.collect(data); err != nil {
				return fmt.Errorf("parse %s: %w", name, err)
			}
			f.csp = []string{contentSecurityPolicy(ih)}
		}
		switch {
		case name == "__spa-fallback.html":
			// React Router's SPA shell: not a page of its own.
			return nil
		case name == "404/index.html":
			st.notFound = f
		}
		if isPage {
			st.pages[urlPath] = true
		}
		st.byPath[urlPath] = f
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load site: %w", err)
	}

	// Compression at the best levels is slow (brotli 11 runs at about 1 MB/s), so it is
	// spread over the CPUs, largest files first so none is left running alone at the end;
	// it happens once, at start.
	slices.SortFunc(jobs, func(a, b job) int { return len(b.data) - len(a.data) })
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	errs := make([]error, len(jobs))
	for i, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			errs[i] = j.f.encode(j.data)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("load site: compress %s: %w", jobs[i].name, err)
		}
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

// encode sets the file's representations: identity always, gzip and brotli only for
// compressible types and only when smaller.
func (f *file) encode(data []byte) error {
	sum := sha256.Sum256(data)
	tag := base64.RawURLEncoding.EncodeToString(sum[:12])
	f.reps[identity] = newRepresentation(data, tag)
	if !compressible(f.ctype[0]) {
		return nil
	}

	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return fmt.Errorf("gzip: %w", err)
	}
	if _, err := zw.Write(data); err != nil {
		return fmt.Errorf("gzip: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("gzip: %w", err)
	}
	if gz.Len() < len(data) {
		f.reps[encGzip] = newRepresentation(gz.Bytes(), tag+"-gz")
	}

	var br bytes.Buffer
	// A window just big enough for the file: same output, far less memory for small files.
	lgwin := max(10, min(24, bits.Len(uint(len(data)))))
	bw := brotli.NewWriterOptions(&br, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: lgwin})
	if _, err := bw.Write(data); err != nil {
		return fmt.Errorf("brotli: %w", err)
	}
	if err := bw.Close(); err != nil {
		return fmt.Errorf("brotli: %w", err)
	}
	if br.Len() < len(data) {
		f.reps[encBrotli] = newRepresentation(br.Bytes(), tag+"-br")
	}
	return nil
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
