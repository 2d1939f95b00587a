// Package static serves the pre-rendered site from memory: every file of the build with
// its content type, cache class, strong ETag, gzip and brotli encodings and, for a page, a
// Content-Security-Policy allowing exactly its own inline scripts. The build's placeholder
// origin is replaced by the site's base URL when the files are loaded, so one build serves
// any host.
package static

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// Options say how Load prepares the build.
type Options struct {
	// Origin is the placeholder origin the build wrote into absolute URLs (pages.json's
	// origin) and BaseURL the origin that replaces it in every text file (BASE_URL). With
	// either empty nothing is replaced.
	Origin, BaseURL string
	// Hidden lists URL paths of pages loaded for the server's own use (the shell): Document
	// returns them, requests for them get the 404 page.
	Hidden []string
	// NotFound is the URL path of the pre-rendered 404 page (pages.json's notFound), served
	// with status 404 for every unknown path. Empty: a plain-text 404.
	NotFound string
}

// file is one file of the site, loaded once with everything needed to answer for it.
type file struct {
	ctype string
	cache string
	// csp is the Content-Security-Policy of an HTML page, allowing exactly its own inline
	// scripts; "" for other files, which keep the default policy set by SecurityHeaders.
	csp  string
	reps [numEncodings]*representation // identity always set; others only when smaller
}

// Site serves the pre-rendered pages and assets from memory. It is immutable after Load,
// so it is safe for concurrent use.
type Site struct {
	// byPath maps a canonical request path ("/", "/blog", "/assets/app-x.js") to its file.
	byPath map[string]*file
	// pages lists the URL paths of pre-rendered HTML pages (those that get a
	// trailing-slash redirect).
	pages map[string]bool
	// hidden are the files of Options.Hidden, kept apart from byPath so no request finds them.
	hidden map[string]*file
	// notFound is the pre-rendered 404 page, served with status 404.
	notFound *file
}

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

// Load reads every file of client into memory, so no request compresses or touches the
// file system. In every text file the placeholder origin is replaced by the base URL; the
// ETags and CSP hashes are computed from the replaced bytes. A file's gzip and brotli
// encodings are the build's pre-compressed siblings ("x.br", "x.gz", written by
// web/scripts/precompress.ts), each checked once to decode to its file, unless the file
// was changed by the replacement or has none: those are compressed here at a fast level.
func Load(client fs.FS, opt Options) (*Site, error) {
	st := &Site{byPath: map[string]*file{}, pages: map[string]bool{}, hidden: map[string]*file{}}
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
	var origin, base []byte
	if opt.Origin != "" && opt.BaseURL != "" && opt.Origin != opt.BaseURL {
		origin, base = []byte(opt.Origin), []byte(opt.BaseURL)
	}

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
		f := &file{ctype: contentType(name, data)}
		j := job{name: name, data: data, f: f}
		if compressible(f.ctype) && origin != nil && bytes.Contains(data, origin) {
			// The build's siblings hold the placeholder: this file is compressed anew.
			j.data = bytes.ReplaceAll(data, origin, base)
		} else {
			for enc, suffix := range siblingSuffixes {
				if suffix != "" {
					j.siblings[enc] = contents[name+suffix]
				}
			}
		}
		urlPath, isPage := requestPath(name)
		f.cache = cacheClass(urlPath, f.ctype)
		if strings.HasPrefix(f.ctype, "text/html") {
			// A page's CSP lists only its own inline scripts: client-side navigation never
			// runs another page's inline scripts (it loads route modules and .data files),
			// and a short policy keeps every response's headers small.
			if f.csp, err = PolicyFor(j.data); err != nil {
				return nil, fmt.Errorf("load site: parse %s: %w", name, err)
			}
		}
		jobs = append(jobs, j)
		switch {
		case slices.Contains(opt.Hidden, urlPath):
			st.hidden[urlPath] = f
			continue
		case urlPath == opt.NotFound:
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

// Document returns the bytes of the page at urlPath as served (origin replaced), hidden
// pages included, or false when the build has no such page.
func (st *Site) Document(urlPath string) ([]byte, bool) {
	f := st.hidden[urlPath]
	if f == nil {
		f = st.byPath[urlPath]
	}
	if f == nil {
		return nil, false
	}
	return f.reps[identity].body, true
}

// ServeHTTP answers GET and HEAD for the site: a known path gets its file, "/x/" is
// redirected to its canonical "/x" (308), anything else gets the 404 page.
func (st *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if f := st.byPath[p]; f != nil {
		if f == st.notFound {
			st.NotFound(w, r) // "/404" is the 404 page, never a 200
			return
		}
		serveFile(w, r, f, http.StatusOK)
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
	if canonical, ok := strings.CutSuffix(p, "/index.html"); ok {
		if canonical == "" {
			canonical = "/"
		}
		if st.pages[canonical] {
			http.Redirect(w, r, canonical, http.StatusPermanentRedirect)
			return
		}
	}
	st.NotFound(w, r)
}

// NotFound answers with the pre-rendered 404 page and status 404 (plain text when the
// build has none).
func (st *Site) NotFound(w http.ResponseWriter, r *http.Request) {
	if st.notFound == nil {
		h := w.Header()
		h.Set("Content-Type", "text/plain; charset=utf-8")
		h.Set("Cache-Control", cacheRevalidate)
		w.WriteHeader(http.StatusNotFound)
		if r.Method != http.MethodHead {
			_, _ = w.Write([]byte("404 page not found\n"))
		}
		return
	}
	serveFile(w, r, st.notFound, http.StatusNotFound)
}

// serveFile writes f in the best encoding the client accepts, or 304 when the client's
// copy is current.
func serveFile(w http.ResponseWriter, r *http.Request, f *file, status int) {
	enc := negotiate(r.Header.Values("Accept-Encoding"), f)
	rep := f.reps[enc]
	h := w.Header()
	h.Set("Vary", "Accept-Encoding")
	h.Set("Cache-Control", f.cache)
	if f.csp != "" {
		h.Set("Content-Security-Policy", f.csp)
	}
	if status == http.StatusOK {
		h.Set("Etag", rep.etag)
		if inm := r.Header.Values("If-None-Match"); len(inm) > 0 && etagMatches(inm, rep.etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	h.Set("Content-Type", f.ctype)
	h.Set("Content-Length", rep.length)
	if enc != identity {
		h.Set("Content-Encoding", encodingNames[enc])
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(rep.body)
	}
}
