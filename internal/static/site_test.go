package static

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/andybalholm/brotli"

	"github.com/teachpilot/site/web"
)

// placeholder is the origin the build writes into absolute URLs (web/pages.json).
const placeholder = "https://origin.invalid"

// originScript is an inline script holding the origin, as React Router's hydration context
// does when a loader returns an absolute URL: its CSP hash must follow the replacement.
const originScript = `window.__ctx = {"url":"` + placeholder + `/blog"};`

// originFS is a build whose text files carry the placeholder origin in every place the
// site writes an absolute URL, with the build's pre-compressed siblings of the home page.
func originFS(t *testing.T) fstest.MapFS {
	t.Helper()
	index := `<!DOCTYPE html><html><head><title>Home</title>` +
		`<link rel="canonical" href="` + placeholder + `/">` +
		`<meta property="og:url" content="` + placeholder + `/">` +
		`<link rel="alternate" type="application/rss+xml" href="` + placeholder + `/rss.xml">` +
		`<script type="application/ld+json">{"url":"` + placeholder + `/"}</script>` +
		`</head><body>` + strings.Repeat("<p>Plan lessons in minutes.</p>", 30) +
		`<script>` + originScript + `</script></body></html>`
	fsys := fstest.MapFS{
		"index.html":        {Data: []byte(index)},
		"index.html.br":     {Data: encode(t, "br", index)},
		"index.html.gz":     {Data: encode(t, "gzip", index)},
		"rss.xml":           {Data: []byte(`<rss><channel><link>` + placeholder + `/blog</link></channel></rss>`)},
		"sitemap.xml":       {Data: []byte(`<urlset><url><loc>` + placeholder + `/</loc></url></urlset>`)},
		"robots.txt":        {Data: []byte("User-agent: *\nAllow: /\nSitemap: " + placeholder + "/sitemap.xml\n")},
		"site.webmanifest":  {Data: []byte(`{"start_url":"` + placeholder + `/"}`)},
		"blog.data":         {Data: []byte(`[{"canonical":"` + placeholder + `/blog"}]`)},
		"_shell/index.html": {Data: []byte(`<!DOCTYPE html><link rel="canonical" href="` + placeholder + `/_shell"><main><div data-slot="main"></div></main>`)},
		"images/logo.png":   {Data: []byte("\x89PNG\r\n\x1a\n" + placeholder)}, // not text: left alone
	}
	return fsys
}

func encode(t *testing.T, enc, s string) []byte {
	t.Helper()
	var buf bytes.Buffer
	var w io.WriteCloser
	switch enc {
	case "gzip":
		w = gzip.NewWriter(&buf)
	case "br":
		w = brotli.NewWriter(&buf)
	}
	if _, err := io.WriteString(w, s); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func decodeBody(t *testing.T, enc string, body []byte) string {
	t.Helper()
	var r io.Reader = bytes.NewReader(body)
	switch enc {
	case "gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	case "br":
		r = brotli.NewReader(r)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func get(h http.Handler, path, accept string) *httptest.ResponseRecorder {
	r := httptest.NewRequest("GET", path, nil)
	if accept != "" {
		r.Header.Set("Accept-Encoding", accept)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// TestOriginFollowsBaseURL loads one build with two base URLs: every absolute URL (canonical,
// og:url, feed, JSON-LD, sitemap, robots, manifest, loader data) is on the matching host in
// every encoding, no placeholder is left, and the ETags and CSP hashes are those of the
// bytes served.
func TestOriginFollowsBaseURL(t *testing.T) {
	build := originFS(t)
	tags := map[string]string{}
	for _, base := range []string{"https://a.example", "https://b.example"} {
		st, err := Load(build, Options{Origin: placeholder, BaseURL: base, Hidden: []string{"/_shell"}})
		if err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			name, path string
			want       []string
		}{
			{"the page's canonical, og:url, feed and JSON-LD", "/", []string{
				`<link rel="canonical" href="` + base + `/">`, `<meta property="og:url" content="` + base + `/">`,
				`href="` + base + `/rss.xml"`, `{"url":"` + base + `/"}`}},
			{"the feed", "/rss.xml", []string{"<link>" + base + "/blog</link>"}},
			{"the sitemap", "/sitemap.xml", []string{"<loc>" + base + "/</loc>"}},
			{"robots.txt", "/robots.txt", []string{"Sitemap: " + base + "/sitemap.xml"}},
			{"the manifest", "/site.webmanifest", []string{`"start_url":"` + base + `/"`}},
			{"loader data", "/blog.data", []string{`"canonical":"` + base + `/blog"`}},
		}
		for _, tt := range tests {
			for _, enc := range []string{"", "gzip", "br"} {
				t.Run(base+" "+tt.name+" "+enc, func(t *testing.T) {
					w := get(st, tt.path, enc)
					if w.Code != 200 {
						t.Fatalf("status %d", w.Code)
					}
					got := decodeBody(t, w.Header().Get("Content-Encoding"), w.Body.Bytes())
					for _, want := range tt.want {
						if !strings.Contains(got, want) {
							t.Errorf("missing %s in %s", want, got)
						}
					}
					if strings.Contains(got, placeholder) {
						t.Errorf("placeholder left in %s", got)
					}
					if enc == "" {
						sum := sha256.Sum256([]byte(got))
						etag := w.Header().Get("Etag")
						if etag != `"`+base64.RawURLEncoding.EncodeToString(sum[:12])+`"` {
							t.Errorf("ETag %s is not the replaced bytes'", etag)
						}
						if tags[tt.path] == etag {
							t.Errorf("ETag %s is the same for both base URLs", etag)
						}
						tags[tt.path] = etag
					}
				})
			}
		}
		t.Run(base+" the inline script's hash is the replaced script's", func(t *testing.T) {
			sum := sha256.Sum256([]byte(strings.ReplaceAll(originScript, placeholder, base)))
			want := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
			if csp := get(st, "/", "").Header().Get("Content-Security-Policy"); !strings.Contains(csp, want) {
				t.Errorf("CSP %q lacks %s", csp, want)
			}
		})
		t.Run(base+" a hidden page is a 404 but its document is there, replaced", func(t *testing.T) {
			if w := get(st, "/_shell", ""); w.Code != 404 {
				t.Errorf("/_shell: status %d, want 404", w.Code)
			}
			doc, ok := st.Document("/_shell")
			if !ok || !bytes.Contains(doc, []byte(base+"/_shell")) {
				t.Errorf("Document(/_shell) = %q, %v", doc, ok)
			}
		})
	}
	t.Run("binary files are left alone", func(t *testing.T) {
		st, err := Load(build, Options{Origin: placeholder, BaseURL: "https://a.example"})
		if err != nil {
			t.Fatal(err)
		}
		if w := get(st, "/images/logo.png", ""); !bytes.Equal(w.Body.Bytes(), build["images/logo.png"].Data) {
			t.Errorf("the PNG was changed")
		}
	})
}

// TestRealBuildFollowsBaseURL loads the embedded build (make build) with a base URL: no
// file keeps the placeholder, in any encoding, and the home page's canonical link is on
// the base URL's host.
func TestRealBuildFollowsBaseURL(t *testing.T) {
	if !web.HasSite() {
		t.Skip("no site build embedded (make build; go test -tags site)")
	}
	client, pages := web.Client(), web.Pages()
	index, err := fs.ReadFile(client, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(index, []byte(pages.Origin)) {
		t.Skipf("the build predates the origin placeholder %s (rebuild the site)", pages.Origin)
	}
	const base = "https://b.example"
	st, err := Load(client, Options{Origin: pages.Origin, BaseURL: base, Hidden: []string{pages.ShellPath()}})
	if err != nil {
		t.Fatal(err)
	}
	for p, f := range st.byPath {
		for enc, rep := range f.reps {
			if rep == nil {
				continue
			}
			if body := decodeBody(t, encodingNames[enc], rep.body); strings.Contains(body, pages.Origin) {
				t.Errorf("%s (%s) still holds %s", p, encodingNames[enc], pages.Origin)
			}
		}
	}
	home, _ := st.Document("/")
	if !bytes.Contains(home, []byte(`<link rel="canonical" href="`+base+`/"`)) {
		t.Errorf("the home page has no canonical link on %s", base)
	}
}

// TestRealBuildSiblings loads the real build and checks that every page without the
// placeholder origin has its brotli and gzip representations from the build's siblings:
// the site starts without compressing them, and sends the siblings' bytes.
func TestRealBuildSiblings(t *testing.T) {
	if !web.HasSite() {
		t.Skip("no site build embedded (make build; go test -tags site)")
	}
	client := web.Client()
	st, err := Load(client, Options{})
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	for _, page := range []string{"index.html", "blog/index.html", "404/index.html"} {
		urlPath, _ := requestPath(page)
		f := st.byPath[urlPath]
		if f == nil {
			t.Fatalf("%s is not served at %s", page, urlPath)
		}
		for _, tc := range []struct {
			enc    encoding
			suffix string
		}{{encBrotli, ".br"}, {encGzip, ".gz"}} {
			sib, err := fs.ReadFile(client, page+tc.suffix)
			if err != nil {
				t.Fatalf("the build has no %s%s: %v (web/scripts/precompress.ts)", page, tc.suffix, err)
			}
			if f.reps[tc.enc] == nil || !bytes.Equal(f.reps[tc.enc].body, sib) {
				t.Errorf("%s: the %s representation is not the build's %s sibling", page, encodingNames[tc.enc], tc.suffix)
			}
		}
	}
	for p := range st.byPath {
		if strings.HasSuffix(p, ".br") || strings.HasSuffix(p, ".gz") {
			t.Errorf("a sibling is served at a URL of its own: %s", p)
		}
	}
}
