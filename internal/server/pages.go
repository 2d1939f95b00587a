package server

import (
	"bytes"
	"html/template"
	"log/slog"
	"net/http"
	"strings"

	"golang.org/x/net/html"
)

// This file holds the few HTML pages the server renders itself instead of serving them
// pre-rendered: the problem page of a plain form post (respond.go) and the confirmation of
// a lesson-plan request (lessonplan.go). They wear the site's look — the built stylesheet,
// a header with the product name linking home, a main landmark and a footer line — and use
// only class names the React pages use too, so the built stylesheet has them (a test checks
// this against the build). html/template escapes everything; there are no scripts and no
// inline styles, so the default Content-Security-Policy fits them.

// stylesheets returns the same-origin stylesheets the home page links, in order: the hashed
// /assets/*.css Vite built. It reads the page loaded in memory, so it costs a parse; call it
// once, at start.
func (st *site) stylesheets() []string {
	f := st.byPath["/"]
	if f == nil || f.reps[identity] == nil {
		return nil
	}
	return stylesheetLinks(f.reps[identity].body)
}

// stylesheetLinks returns the href of every <link rel="stylesheet"> in the head of doc
// that is a path on this site.
func stylesheetLinks(doc []byte) []string {
	var hrefs []string
	z := html.NewTokenizer(bytes.NewReader(doc))
	for {
		switch z.Next() {
		case html.ErrorToken: // the end, or a page cut short: either way, what was found
			return hrefs
		case html.EndTagToken:
			if name, _ := z.TagName(); string(name) == "head" {
				return hrefs
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			if string(name) != "link" {
				continue
			}
			var rel, href string
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch string(k) {
				case "rel":
					rel = strings.ToLower(string(v))
				case "href":
					href = string(v)
				}
			}
			if isStylesheet(rel) && strings.HasPrefix(href, "/") && !strings.HasPrefix(href, "//") {
				hrefs = append(hrefs, href)
			}
		}
	}
}

func isStylesheet(rel string) bool {
	for _, r := range strings.Fields(rel) {
		if r == "stylesheet" {
			return true
		}
	}
	return false
}

// htmlPage is what the layout needs; Content is what the page's "content" template gets.
type htmlPage struct {
	Title       string
	Product     string
	Stylesheets []string
	Content     any
}

// layout is the frame of every page in this file. The class names are the React site's
// (root.tsx, site-layout.tsx, header.tsx, footer.tsx, page-header.tsx).
const layout = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.Title}} | {{.Product}}</title>
{{- range .Stylesheets}}
<link rel="stylesheet" href="{{.}}">
{{- end}}
</head>
<body class="flex min-h-screen flex-col bg-white text-slate-900 antialiased">
<a href="#main-content" class="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-3 focus:font-semibold focus:text-indigo-700 focus:shadow-lg">Skip to main content</a>
<header class="border-b border-slate-200 bg-white">
<div class="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4 sm:px-6 lg:px-8">
<a href="/" class="-m-1 flex shrink-0 items-center gap-2 rounded-md p-1 text-lg font-bold tracking-tight text-slate-900"><img src="/logo.svg" alt="" width="32" height="32" class="size-8"><span>{{.Product}}</span></a>
</div>
</header>
<main id="main-content" tabindex="-1" class="flex-1 focus:outline-none">
<div class="border-b border-indigo-100 bg-gradient-to-b from-indigo-50 to-white">
<div class="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
<h1 class="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{{.Title}}</h1>
{{- with .Content}}{{template "intro" .}}{{end}}
</div>
</div>
<div class="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
<div class="max-w-3xl">
{{- with .Content}}{{template "content" .}}{{end}}
</div>
</div>
</main>
<footer class="border-t border-slate-200 bg-slate-50">
<div class="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
<p>© 2025 {{.Product}}. All rights reserved.</p>
<p><a href="/contact" class="text-slate-700 underline underline-offset-2 hover:no-underline">Contact Us</a></p>
</div>
</footer>
</body>
</html>
`

// pageTemplate is layout with a page's "intro" (under the h1) and "content" templates.
func pageTemplate(name, page string) *template.Template {
	return template.Must(template.Must(template.New(name).Parse(layout)).Parse(page))
}

// writePage renders a page of this file with status. These pages are answers to one
// person (a form's problems, a request's confirmation): never stored by caches, never indexed.
func (s *Server) writePage(w http.ResponseWriter, r *http.Request, status int, t *template.Template, title string, content any) {
	var buf bytes.Buffer
	err := t.Execute(&buf, htmlPage{Title: title, Product: s.cfg.Product, Stylesheets: s.api.stylesheets, Content: content})
	if err != nil { // the templates are fixed and their data plain: a bug if it happens
		s.log.LogAttrs(r.Context(), slog.LevelError, "render page", slog.String("page", t.Name()), slog.Any("err", err))
		http.Error(w, title, status)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(buf.Bytes())
	}
}
