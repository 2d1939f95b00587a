package server

// This file is long on purpose: it holds the scenario tables of serving the site through the
// whole handler (paths, cache classes, encodings, conditional requests, CSP, the build's
// pre-compressed siblings), with the small build they are played against.

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/andybalholm/brotli"

	"github.com/teachpilot/site/internal/config"
	"github.com/teachpilot/site/internal/static"
)

// Inline scripts of the fake build, as React Router emits them (hydration context, module
// entry), plus a JSON-LD data block that CSP does not govern.
const (
	scriptContext = `window.__reactRouterContext = {"basename":"/","ssr":false};`
	scriptModule  = "import \"/assets/app-abc123.js\";\nimport(\"/assets/entry-def456.js\");"
	scriptBlog    = `window.__blog = true;`
	jsonLD        = `{"@context":"https://schema.org","@type":"SoftwareApplication"}`
)

var (
	indexHTML = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>TeachPilot</title>` +
		`<link rel="stylesheet" href="/assets/root-abc123.css">` +
		`<script type="application/ld+json">` + jsonLD + `</script></head>` +
		`<body><h1>Your AI teaching assistant</h1>` + strings.Repeat(`<p>Plan lessons in minutes, not hours.</p>`, 40) +
		`<script>` + scriptContext + `</script>` +
		`<script type="module" async="">` + scriptModule + `</script>` +
		`<script type="module" src="/assets/entry-def456.js"></script></body></html>`
	blogHTML = `<!DOCTYPE html><html><head><title>Blog</title></head><body><h1>Blog</h1>` +
		`<script>` + scriptContext + `</script><script>` + scriptBlog + `</script></body></html>`
	notFoundHTML = `<!DOCTYPE html><html><head><title>Page not found</title></head><body><h1>Page not found</h1>` +
		`<script>` + scriptContext + `</script></body></html>`
	appJS = strings.Repeat("export const greeting = 'hello, teacher';\n", 100)
	// A PNG is not compressible: it must never get an encoded variant.
	logoPNG = append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{0, 1, 2, 3}, 200)...)
)

// testFS is a small pre-rendered build in the shape React Router writes it.
func testFS() fstest.MapFS {
	return fstest.MapFS{
		"index.html":                 {Data: []byte(indexHTML)},
		"blog/index.html":            {Data: []byte(blogHTML)},
		"404/index.html":             {Data: []byte(notFoundHTML)},
		"__spa-fallback.html":        {Data: []byte(notFoundHTML)},
		"_root.data":                 {Data: []byte(`[{"_1":2},"loaderData",{}]`)},
		"blog.data":                  {Data: []byte(strings.Repeat(`[{"_1":2},"loaderData",{"posts":[]}]`, 10))},
		"assets/app-abc123.js":       {Data: []byte(appJS)},
		"assets/entry-def456.js":     {Data: []byte("console.log(1)")},
		"assets/root-abc123.css":     {Data: []byte(strings.Repeat("body{margin:0;color:#111}\n", 50))},
		"images/logo.png":            {Data: logoPNG},
		"favicon.svg":                {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` + strings.Repeat(`<rect width="32" height="32"/>`, 10) + `</svg>`)},
		"robots.txt":                 {Data: []byte("User-agent: *\nAllow: /\n")},
		"rss.xml":                    {Data: []byte(`<?xml version="1.0"?><rss version="2.0"><channel><title>TeachPilot</title></channel></rss>`)},
		"lesson-plan/index.html":     {Data: []byte(`<!DOCTYPE html><h1>Lesson plan</h1>`)},
		"blog/first-post/index.html": {Data: []byte(`<!DOCTYPE html><h1>First post</h1>`)},
	}
}

func newTestServer(t *testing.T, client fstest.MapFS, mutate ...func(*config.Config)) http.Handler {
	t.Helper()
	cfg, err := config.Load("TeachPilot", func(string) string { return "" })
	if err != nil {
		t.Fatalf("default config: %v", err)
	}
	for _, m := range mutate {
		m(&cfg)
	}
	s, err := New(cfg, slog.New(slog.DiscardHandler), client)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return s.Handler()
}

func do(h http.Handler, method, target string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestSiteServing(t *testing.T) {
	h := newTestServer(t, testFS())
	tests := []struct {
		name        string
		method      string
		path        string
		header      map[string]string
		wantStatus  int
		wantCache   string
		wantType    string
		wantBody    string // substring of the decoded body; "" skips the check
		wantNoBody  bool
		wantHeaders map[string]string
	}{
		{name: "the landing page is index.html, revalidated every time", path: "/",
			wantStatus: 200, wantCache: "no-cache", wantType: "text/html; charset=utf-8", wantBody: "Your AI teaching assistant"},
		{name: "a pre-rendered page is served without a trailing slash", path: "/blog",
			wantStatus: 200, wantCache: "no-cache", wantType: "text/html; charset=utf-8", wantBody: "<h1>Blog</h1>"},
		{name: "a nested pre-rendered page is served", path: "/blog/first-post",
			wantStatus: 200, wantCache: "no-cache", wantBody: "First post"},
		{name: "a trailing slash redirects to the canonical page with 308", path: "/blog/",
			wantStatus: 308, wantHeaders: map[string]string{"Location": "/blog"}},
		{name: "the redirect keeps the query string", path: "/lesson-plan/?grade=9",
			wantStatus: 308, wantHeaders: map[string]string{"Location": "/lesson-plan?grade=9"}},
		{name: "an index.html path redirects to its page", path: "/blog/index.html",
			wantStatus: 308, wantHeaders: map[string]string{"Location": "/blog"}},
		{name: "the root index.html redirects to /", path: "/index.html",
			wantStatus: 308, wantHeaders: map[string]string{"Location": "/"}},
		{name: "a hashed asset is immutable for a year", path: "/assets/app-abc123.js",
			wantStatus: 200, wantCache: "public, max-age=31536000, immutable", wantType: "text/javascript; charset=utf-8", wantBody: "hello, teacher"},
		{name: "a stylesheet is a hashed asset", path: "/assets/root-abc123.css",
			wantStatus: 200, wantCache: "public, max-age=31536000, immutable", wantType: "text/css; charset=utf-8"},
		{name: "loader data is served as-is and revalidated", path: "/blog.data",
			wantStatus: 200, wantCache: "no-cache", wantType: "text/x-script", wantBody: `"posts"`},
		{name: "the root's loader data is served", path: "/_root.data",
			wantStatus: 200, wantCache: "no-cache", wantType: "text/x-script"},
		{name: "an image outside /assets is cached for an hour", path: "/images/logo.png",
			wantStatus: 200, wantCache: "public, max-age=3600", wantType: "image/png"},
		{name: "the favicon is cached for an hour", path: "/favicon.svg",
			wantStatus: 200, wantCache: "public, max-age=3600", wantType: "image/svg+xml"},
		{name: "robots.txt is cached for an hour", path: "/robots.txt",
			wantStatus: 200, wantCache: "public, max-age=3600", wantType: "text/plain; charset=utf-8", wantBody: "User-agent"},
		{name: "the RSS feed is cached for an hour", path: "/rss.xml",
			wantStatus: 200, wantCache: "public, max-age=3600", wantType: "application/xml; charset=utf-8"},
		{name: "an unknown path gets the 404 page with status 404", path: "/no-such-page",
			wantStatus: 404, wantCache: "no-cache", wantType: "text/html; charset=utf-8", wantBody: "Page not found"},
		{name: "an unknown path with a trailing slash is a 404, not a redirect", path: "/no-such-page/",
			wantStatus: 404, wantBody: "Page not found"},
		{name: "an unknown asset is a 404", path: "/assets/app-000000.js",
			wantStatus: 404, wantCache: "no-cache", wantBody: "Page not found"},
		{name: "the 404 page's own path is still a 404", path: "/404",
			wantStatus: 404, wantBody: "Page not found"},
		{name: "the SPA fallback is not a page", path: "/__spa-fallback.html",
			wantStatus: 404, wantBody: "Page not found"},
		{name: "HEAD answers the headers without a body", method: "HEAD", path: "/",
			wantStatus: 200, wantCache: "no-cache", wantType: "text/html; charset=utf-8", wantNoBody: true},
		{name: "HEAD of an unknown path is a bodiless 404", method: "HEAD", path: "/nope",
			wantStatus: 404, wantNoBody: true},
		{name: "an unknown API path gets JSON, not the HTML 404 page", path: "/api/nope",
			wantStatus: 404, wantType: "application/json", wantBody: `{"error":"not found"}`},
		{name: "an unknown API path gets JSON for a POST too", method: "POST", path: "/api/nope",
			wantStatus: 404, wantType: "application/json", wantBody: `"not found"`},
		{name: "a POST to a page is not allowed", method: "POST", path: "/",
			wantStatus: 405, wantHeaders: map[string]string{"Allow": "GET, HEAD"}},
		{name: "the health check answers ok", path: "/healthz",
			wantStatus: 200, wantCache: "no-store", wantBody: "ok"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := do(h, cmp.Or(tt.method, "GET"), tt.path, tt.header)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d", rec.Code, tt.wantStatus)
			}
			if tt.wantCache != "" {
				if got := rec.Header().Get("Cache-Control"); got != tt.wantCache {
					t.Errorf("Cache-Control = %q, want %q", got, tt.wantCache)
				}
			}
			if tt.wantType != "" {
				if got := rec.Header().Get("Content-Type"); got != tt.wantType {
					t.Errorf("Content-Type = %q, want %q", got, tt.wantType)
				}
			}
			if tt.wantBody != "" && !strings.Contains(rec.Body.String(), tt.wantBody) {
				t.Errorf("body does not contain %q:\n%.300s", tt.wantBody, rec.Body.String())
			}
			if tt.wantNoBody && rec.Body.Len() != 0 {
				t.Errorf("body has %d bytes, want none", rec.Body.Len())
			}
			for k, want := range tt.wantHeaders {
				if got := rec.Header().Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
		})
	}
}

func TestSiteCompression(t *testing.T) {
	client := testFS()
	h := newTestServer(t, client)
	tests := []struct {
		name     string
		path     string
		accept   string
		wantEnc  string // "" is identity
		original string // the file the decoded body must equal
	}{
		{name: "brotli is preferred when both are accepted", path: "/", accept: "gzip, deflate, br", wantEnc: "br", original: "index.html"},
		{name: "gzip when brotli is not accepted", path: "/", accept: "gzip", wantEnc: "gzip", original: "index.html"},
		{name: "identity without Accept-Encoding", path: "/", accept: "", wantEnc: "", original: "index.html"},
		{name: "a q-value of 0 refuses brotli", path: "/", accept: "br;q=0, gzip", wantEnc: "gzip", original: "index.html"},
		{name: "a higher q-value for gzip wins over brotli", path: "/", accept: "br;q=0.5, gzip;q=0.9", wantEnc: "gzip", original: "index.html"},
		{name: "equal q-values go to brotli", path: "/", accept: "gzip;q=0.8, br;q=0.8", wantEnc: "br", original: "index.html"},
		{name: "a wildcard accepts brotli", path: "/", accept: "*", wantEnc: "br", original: "index.html"},
		{name: "a wildcard with q=0 and gzip named gets gzip", path: "/", accept: "gzip, *;q=0", wantEnc: "gzip", original: "index.html"},
		{name: "everything refused falls back to identity", path: "/", accept: "gzip;q=0, br;q=0", wantEnc: "", original: "index.html"},
		{name: "an unknown encoding gets identity", path: "/", accept: "zstd", wantEnc: "", original: "index.html"},
		{name: "a malformed q-value is not taken as acceptance", path: "/", accept: "br;q=abc, gzip", wantEnc: "gzip", original: "index.html"},
		{name: "encoding names are case-insensitive", path: "/", accept: "GZIP", wantEnc: "gzip", original: "index.html"},
		{name: "a hashed script is compressed with brotli", path: "/assets/app-abc123.js", accept: "gzip, br", wantEnc: "br", original: "assets/app-abc123.js"},
		{name: "a hashed script is compressed with gzip", path: "/assets/app-abc123.js", accept: "gzip", wantEnc: "gzip", original: "assets/app-abc123.js"},
		{name: "a stylesheet is compressed", path: "/assets/root-abc123.css", accept: "br", wantEnc: "br", original: "assets/root-abc123.css"},
		{name: "loader data is compressed", path: "/blog.data", accept: "gzip, br", wantEnc: "br", original: "blog.data"},
		{name: "an SVG is compressed", path: "/favicon.svg", accept: "gzip", wantEnc: "gzip", original: "favicon.svg"},
		{name: "a PNG is never compressed", path: "/images/logo.png", accept: "gzip, br", wantEnc: "", original: "images/logo.png"},
		{name: "a file too small to shrink is sent as is", path: "/assets/entry-def456.js", accept: "gzip, br", wantEnc: "", original: "assets/entry-def456.js"},
		{name: "the 404 page is compressed too", path: "/missing", accept: "br", wantEnc: "br", original: "404/index.html"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := do(h, "GET", tt.path, map[string]string{"Accept-Encoding": tt.accept})
			if got := rec.Header().Get("Content-Encoding"); got != tt.wantEnc {
				t.Fatalf("Content-Encoding = %q, want %q", got, tt.wantEnc)
			}
			if got := rec.Header().Get("Vary"); got != "Accept-Encoding" {
				t.Errorf("Vary = %q, want Accept-Encoding", got)
			}
			if got, want := rec.Header().Get("Content-Length"), strconv.Itoa(rec.Body.Len()); got != want {
				t.Errorf("Content-Length = %s, body has %s bytes", got, want)
			}
			body := decode(t, tt.wantEnc, rec.Body.Bytes())
			if !bytes.Equal(body, client[tt.original].Data) {
				t.Errorf("decoded body differs from %s (%d vs %d bytes)", tt.original, len(body), len(client[tt.original].Data))
			}
			if tt.wantEnc != "" && rec.Body.Len() >= len(client[tt.original].Data) {
				t.Errorf("compressed body (%d bytes) is not smaller than the file (%d)", rec.Body.Len(), len(client[tt.original].Data))
			}
		})
	}
}

func decode(t *testing.T, enc string, body []byte) []byte {
	t.Helper()
	var r io.Reader
	switch enc {
	case "":
		return body
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("gzip: %v", err)
		}
		r = zr
	case "br":
		r = brotli.NewReader(bytes.NewReader(body))
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("decode %s: %v", enc, err)
	}
	return out
}

func TestSiteConditionalRequests(t *testing.T) {
	h := newTestServer(t, testFS())
	etagOf := func(path, accept string) string {
		rec := do(h, "GET", path, map[string]string{"Accept-Encoding": accept})
		tag := rec.Header().Get("ETag")
		if !strings.HasPrefix(tag, `"`) || !strings.HasSuffix(tag, `"`) || len(tag) < 3 {
			t.Fatalf("ETag of %s = %q, want a strong quoted tag", path, tag)
		}
		return tag
	}
	pageBr, pageGzip, pagePlain := etagOf("/", "br"), etagOf("/", "gzip"), etagOf("/", "")
	if pageBr == pageGzip || pageGzip == pagePlain || pageBr == pagePlain {
		t.Fatalf("each encoding needs its own strong ETag: br %s, gzip %s, identity %s", pageBr, pageGzip, pagePlain)
	}
	asset := etagOf("/assets/app-abc123.js", "br")

	tests := []struct {
		name        string
		method      string
		path        string
		ifNoneMatch string
		accept      string
		wantStatus  int
	}{
		{name: "a matching ETag gets 304", path: "/", ifNoneMatch: pageBr, accept: "br", wantStatus: 304},
		{name: "a matching ETag in a list gets 304", path: "/", ifNoneMatch: `"other", ` + pageGzip, accept: "gzip", wantStatus: 304},
		{name: "a weak form of the ETag matches", path: "/", ifNoneMatch: "W/" + pagePlain, wantStatus: 304},
		{name: "a star matches", path: "/", ifNoneMatch: "*", wantStatus: 304},
		{name: "HEAD with a matching ETag gets 304", method: "HEAD", path: "/", ifNoneMatch: pagePlain, wantStatus: 304},
		{name: "a matching asset ETag gets 304", path: "/assets/app-abc123.js", ifNoneMatch: asset, accept: "br", wantStatus: 304},
		{name: "a stale ETag gets the page", path: "/", ifNoneMatch: `"stale"`, accept: "br", wantStatus: 200},
		{name: "the gzip ETag does not validate the brotli body", path: "/", ifNoneMatch: pageGzip, accept: "br", wantStatus: 200},
		{name: "another file's ETag gets the file", path: "/assets/app-abc123.js", ifNoneMatch: pageBr, accept: "br", wantStatus: 200},
		{name: "a 404 is never a 304", path: "/missing", ifNoneMatch: "*", wantStatus: 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := do(h, cmp.Or(tt.method, "GET"), tt.path, map[string]string{"If-None-Match": tt.ifNoneMatch, "Accept-Encoding": tt.accept})
			if rec.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d", rec.Code, tt.wantStatus)
			}
			if tt.wantStatus == 304 {
				if rec.Body.Len() != 0 {
					t.Errorf("304 has a body of %d bytes", rec.Body.Len())
				}
				for _, k := range []string{"ETag", "Cache-Control", "Vary"} {
					if rec.Header().Get(k) == "" {
						t.Errorf("304 lacks %s", k)
					}
				}
			}
		})
	}
}

// hashOf is the CSP source expression for an inline script, computed independently of
// the server's code.
func hashOf(script string) string {
	sum := sha256.Sum256([]byte(script))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// directive returns the source list of one CSP directive.
func directive(csp, name string) []string {
	for d := range strings.SplitSeq(csp, ";") {
		fields := strings.Fields(d)
		if len(fields) > 0 && fields[0] == name {
			return fields[1:]
		}
	}
	return nil
}

func TestCSPAllowsExactlyTheInlineScripts(t *testing.T) {
	addedScript := `console.log("added by a new page");`
	withPage := func(name, html string) func(fstest.MapFS) {
		return func(fs fstest.MapFS) { fs[name] = &fstest.MapFile{Data: []byte(html)} }
	}
	tests := []struct {
		name      string
		change    func(fstest.MapFS) // nil: the build as it is
		path      string
		wantHash  []string
		wantStyle []string // nil: just 'self'
	}{
		{name: "the landing page allows its own inline scripts, not its JSON-LD or external scripts",
			path: "/", wantHash: []string{hashOf(scriptContext), hashOf(scriptModule)}},
		{name: "another page allows its own scripts and not the landing page's",
			path: "/blog", wantHash: []string{hashOf(scriptContext), hashOf(scriptBlog)}},
		{name: "the 404 page served for an unknown path allows the 404 page's scripts",
			path: "/no-such-page", wantHash: []string{hashOf(scriptContext)}},
		{name: "a page without inline scripts allows none",
			path: "/lesson-plan", wantHash: nil},
		{name: "a hashed asset allows no inline script", path: "/assets/app-abc123.js", wantHash: nil},
		{name: "loader data allows no inline script", path: "/blog.data", wantHash: nil},
		{name: "an API answer allows no inline script", path: "/api/nope", wantHash: nil},
		{name: "the health check allows no inline script", path: "/healthz", wantHash: nil},
		{name: "a trailing-slash redirect allows no inline script", path: "/blog/", wantHash: nil},
		{name: "a page with a new inline script gets its hash",
			change: withPage("contact/index.html", `<!DOCTYPE html><h1>Contact</h1><script>`+scriptContext+`</script><script>`+addedScript+`</script><script src="/assets/x.js"></script>`),
			path:   "/contact", wantHash: []string{hashOf(scriptContext), hashOf(addedScript)}},
		{name: "a script added to one page is not allowed on the others",
			change: withPage("contact/index.html", `<!DOCTYPE html><script>`+addedScript+`</script>`),
			path:   "/", wantHash: []string{hashOf(scriptContext), hashOf(scriptModule)}},
		{name: "a script repeated in a page is listed once",
			change: withPage("contact/index.html", `<script>`+addedScript+`</script><p>x</p><script>`+addedScript+`</script>`),
			path:   "/contact", wantHash: []string{hashOf(addedScript)}},
		{name: "CRLF in a script is hashed as the browser sees it, with LF",
			change: withPage("contact/index.html", "<script>let a = 1;\r\nlet b = 2;</script>"),
			path:   "/contact", wantHash: []string{hashOf("let a = 1;\nlet b = 2;")}},
		{name: "a module script and an import map are hashed, a JSON data block is not",
			change: withPage("contact/index.html", `<script type="importmap">{"imports":{}}</script><script type="module">`+addedScript+`</script><script type="application/json">{"a":1}</script>`),
			path:   "/contact", wantHash: []string{hashOf(`{"imports":{}}`), hashOf(addedScript)}},
		{name: "inline styles are allowed by hash, never by unsafe-inline",
			change: withPage("contact/index.html", `<div style="color:red">x</div><style>p{margin:0}</style>`),
			path:   "/contact", wantHash: nil,
			wantStyle: []string{"'self'", hashOf("p{margin:0}"), "'unsafe-hashes'", hashOf("color:red")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			client := testFS()
			if tt.change != nil {
				tt.change(client)
			}
			h := newTestServer(t, client)
			csps := do(h, "GET", tt.path, nil).Header().Values("Content-Security-Policy")
			if len(csps) != 1 {
				t.Fatalf("got %d Content-Security-Policy headers, want 1: %q", len(csps), csps)
			}
			csp := csps[0]

			got := directive(csp, "script-src")
			if len(got) == 0 || got[0] != "'self'" {
				t.Fatalf("script-src = %v, want 'self' first", got)
			}
			if !sameSet(got[1:], tt.wantHash) {
				t.Errorf("script-src hashes =\n  %v\nwant exactly\n  %v", got[1:], tt.wantHash)
			}
			wantStyle := tt.wantStyle
			if wantStyle == nil {
				wantStyle = []string{"'self'"}
			}
			if style := directive(csp, "style-src"); !sameSet(style, wantStyle) {
				t.Errorf("style-src = %v, want %v", style, wantStyle)
			}
			if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
				t.Errorf("CSP contains unsafe-inline or unsafe-eval: %s", csp)
			}
		})
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, s := range a {
		seen[s]++
	}
	for _, s := range b {
		if seen[s] == 0 {
			return false
		}
		seen[s]--
	}
	return true
}

func TestLoadSiteWithoutA404Page(t *testing.T) {
	client := testFS()
	delete(client, "404/index.html")
	h := newTestServer(t, client)
	rec := do(h, "GET", "/missing", nil)
	if rec.Code != 404 || !strings.Contains(rec.Body.String(), "404 page not found") {
		t.Fatalf("got %d %q, want a plain 404", rec.Code, rec.Body.String())
	}
}

// encodeWith compresses s as precompress.ts does at build time (best levels), standing in
// for the build's siblings.
func encodeWith(t *testing.T, enc string, s string) []byte {
	t.Helper()
	var buf bytes.Buffer
	var w io.WriteCloser
	switch enc {
	case "gzip":
		zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		if err != nil {
			t.Fatal(err)
		}
		w = zw
	case "br":
		w = brotli.NewWriterLevel(&buf, brotli.BestCompression)
	}
	if _, err := io.WriteString(w, s); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestSitePreCompressedSiblings(t *testing.T) {
	// The build's siblings of the landing page and the app script; the other files have
	// none and are compressed at load.
	withSiblings := func() fstest.MapFS {
		client := testFS()
		client["index.html.br"] = &fstest.MapFile{Data: encodeWith(t, "br", indexHTML)}
		client["index.html.gz"] = &fstest.MapFile{Data: encodeWith(t, "gzip", indexHTML)}
		client["assets/app-abc123.js.br"] = &fstest.MapFile{Data: encodeWith(t, "br", appJS)}
		client["assets/app-abc123.js.gz"] = &fstest.MapFile{Data: encodeWith(t, "gzip", appJS)}
		// An archive named .gz without an original beside it is an ordinary file.
		client["downloads/lesson-pack.zip.gz"] = &fstest.MapFile{Data: encodeWith(t, "gzip", "a lesson pack")}
		return client
	}
	client := withSiblings()
	h := newTestServer(t, client)

	t.Run("serving", func(t *testing.T) {
		tests := []struct {
			name       string
			path       string
			accept     string
			wantStatus int
			wantEnc    string
			wantBody   []byte // exact bytes on the wire; nil: decoded body equals original
			original   string
		}{
			{name: "the brotli sibling is sent as it is", path: "/", accept: "br",
				wantStatus: 200, wantEnc: "br", wantBody: client["index.html.br"].Data},
			{name: "the gzip sibling is sent as it is", path: "/", accept: "gzip",
				wantStatus: 200, wantEnc: "gzip", wantBody: client["index.html.gz"].Data},
			{name: "an asset's brotli sibling is sent as it is", path: "/assets/app-abc123.js", accept: "gzip, br",
				wantStatus: 200, wantEnc: "br", wantBody: client["assets/app-abc123.js.br"].Data},
			{name: "identity is still the file", path: "/", accept: "",
				wantStatus: 200, wantEnc: "", wantBody: []byte(indexHTML)},
			{name: "a file without siblings is compressed at load", path: "/assets/root-abc123.css", accept: "br",
				wantStatus: 200, wantEnc: "br", original: "assets/root-abc123.css"},
			{name: "a brotli sibling is not a URL of its own", path: "/index.html.br", accept: "br",
				wantStatus: 404},
			{name: "a gzip sibling is not a URL of its own", path: "/assets/app-abc123.js.gz", accept: "gzip",
				wantStatus: 404},
			{name: "a .gz file without an original is served as a file", path: "/downloads/lesson-pack.zip.gz", accept: "gzip",
				wantStatus: 200, wantEnc: "", wantBody: client["downloads/lesson-pack.zip.gz"].Data},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				rec := do(h, "GET", tt.path, map[string]string{"Accept-Encoding": tt.accept})
				if rec.Code != tt.wantStatus {
					t.Fatalf("status = %d, want %d", rec.Code, tt.wantStatus)
				}
				if tt.wantStatus != 200 {
					return
				}
				if got := rec.Header().Get("Content-Encoding"); got != tt.wantEnc {
					t.Fatalf("Content-Encoding = %q, want %q", got, tt.wantEnc)
				}
				if got, want := rec.Header().Get("Content-Length"), strconv.Itoa(rec.Body.Len()); got != want {
					t.Errorf("Content-Length = %s, body has %s bytes", got, want)
				}
				if tt.wantBody != nil {
					if !bytes.Equal(rec.Body.Bytes(), tt.wantBody) {
						t.Errorf("body (%d bytes) is not the expected %d bytes", rec.Body.Len(), len(tt.wantBody))
					}
					return
				}
				if body := decode(t, tt.wantEnc, rec.Body.Bytes()); !bytes.Equal(body, client[tt.original].Data) {
					t.Errorf("decoded body differs from %s", tt.original)
				}
			})
		}
	})

	t.Run("ETags match those of the same file compressed at load", func(t *testing.T) {
		plain := newTestServer(t, testFS())
		for _, accept := range []string{"br", "gzip", ""} {
			got := do(h, "GET", "/", map[string]string{"Accept-Encoding": accept}).Header().Get("ETag")
			want := do(plain, "GET", "/", map[string]string{"Accept-Encoding": accept}).Header().Get("ETag")
			if got != want {
				t.Errorf("Accept-Encoding %q: ETag %s with siblings, %s without", accept, got, want)
			}
		}
	})

	loadTests := []struct {
		name    string
		change  func(fstest.MapFS)
		wantErr string // "" : loads
		path    string
		accept  string
		wantEnc string
	}{
		{name: "a sibling that decodes to other bytes stops the start",
			change:  func(c fstest.MapFS) { c["index.html.br"].Data = encodeWith(t, "br", indexHTML+"<!-- stale -->") },
			wantErr: "index.html: pre-compressed br: does not decode to the file"},
		{name: "a corrupt gzip sibling stops the start",
			change: func(c fstest.MapFS) {
				d := bytes.Clone(c["assets/app-abc123.js.gz"].Data)
				d[len(d)-5] ^= 0xff // inside the CRC-32 trailer
				c["assets/app-abc123.js.gz"].Data = d
			},
			wantErr: "assets/app-abc123.js: pre-compressed gzip: does not decode to the file"},
		{name: "a sibling that is not smaller is not used",
			change: func(c fstest.MapFS) {
				c["robots.txt.gz"] = &fstest.MapFile{Data: encodeWith(t, "gzip", string(c["robots.txt"].Data))}
			},
			path: "/robots.txt", accept: "gzip", wantEnc: ""},
	}
	for _, tt := range loadTests {
		t.Run(tt.name, func(t *testing.T) {
			c := withSiblings()
			tt.change(c)
			st, err := static.Load(c, static.Options{})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Load error = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("GET", tt.path, nil)
			req.Header.Set("Accept-Encoding", tt.accept)
			st.ServeHTTP(rec, req)
			if got := rec.Header().Get("Content-Encoding"); got != tt.wantEnc {
				t.Errorf("Content-Encoding = %q, want %q", got, tt.wantEnc)
			}
		})
	}
}
