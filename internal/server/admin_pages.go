package server

import (
	"net/http"
	"strings"

	"github.com/teachpilot/site/web"
)

// consoleRoot is the console's home page, web/pages.json's adminDashboard (/admin): every
// console page is under it. The page table is embedded, so a missing entry fails every test.
var consoleRoot = func() string {
	p, err := web.Pages().Path("adminDashboard")
	if err != nil {
		panic(err)
	}
	return p
}()

// consolePath reports a path of the console's pages (and their React Router data files):
// /admin, /admin/…, /admin.data.
func consolePath(p string) bool {
	return p == consoleRoot || strings.HasPrefix(p, consoleRoot+"/") || strings.HasPrefix(p, consoleRoot+".")
}

// consolePages serves the pre-rendered console pages (package static) as no-store and
// noindex: they hold no data (the API fills them in), but no copy of them is kept or
// indexed anywhere. The validators are dropped so no conditional request revalidates a
// copy that should not exist.
func consolePages(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !consolePath(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		r.Header.Del("If-None-Match")
		r.Header.Del("If-Modified-Since")
		next.ServeHTTP(&consoleWriter{ResponseWriter: w}, r)
	})
}

// consoleWriter forces the console's headers over whatever the static handler set.
type consoleWriter struct {
	http.ResponseWriter
	wrote bool
}

func (cw *consoleWriter) WriteHeader(code int) {
	if !cw.wrote {
		cw.wrote = true
		h := cw.Header()
		h.Del("Etag")
		h.Del("Last-Modified")
		consoleHeaders(cw.ResponseWriter)
	}
	cw.ResponseWriter.WriteHeader(code)
}

func (cw *consoleWriter) Write(b []byte) (int, error) {
	if !cw.wrote {
		cw.WriteHeader(http.StatusOK)
	}
	return cw.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (cw *consoleWriter) Unwrap() http.ResponseWriter { return cw.ResponseWriter }
