package server

import (
	"bytes"
	"html/template"
	"log/slog"
	"net/http"
	"strings"

	"golang.org/x/net/html"

	"github.com/teachpilot/site/internal/static"
	"github.com/teachpilot/site/web"
)

// This file holds the few pages the server renders itself: the problem page of a plain
// form post (respond.go) and the lesson plan's page (planpage.go). The
// server writes only their body, with html/template, into the shell React pre-renders
// (web/pages.json's shell): one layout, one header, one footer, whoever renders the body.

// loadShell returns the pre-rendered shell of the build. A build without one (the
// placeholder of a binary built without the site, or a build from before the shell
// existed) gets a bare document with the build's stylesheets and no header or footer.
func loadShell(st *static.Site, pages *web.PageTable) (*static.Shell, error) {
	doc, ok := st.Document(pages.ShellPath())
	if !ok {
		var links strings.Builder
		if home, ok := st.Document("/"); ok {
			for _, href := range stylesheetLinks(home) {
				links.WriteString(`<link rel="stylesheet" href="` + template.HTMLEscapeString(href) + `">`)
			}
		}
		doc = []byte(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
			`<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
			`<title>` + pages.Shell.TitleSlot + `</title>` + links.String() + `</head>` +
			`<body><main id="main-content"><h1>` + pages.Shell.TitleSlot + `</h1>` + pages.Shell.MainSlot + `</main></body></html>`)
	}
	return static.NewShell(doc, pages.Shell.TitleSlot, pages.Shell.MainSlot)
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

type problem struct {
	Href, Label, Message string
}

// problemPage is the body of the page a plain form post gets when something is wrong.
type problemPage struct {
	Title    string
	Intro    string
	Problems []problem
	Back     string
	BackTxt  string
}

// problemTemplate lists each problem with a link to its field on the form, and a link back.
var problemTemplate = template.Must(template.New("problem").Parse(`
<p>{{.Intro}}</p>
{{- if .Problems}}
<section aria-labelledby="problem-list" class="mt-6">
<h2 id="problem-list" class="text-xl font-semibold">There is a problem</h2>
<ul class="mt-2 list-disc pl-5">
{{- range .Problems}}
<li><a href="{{.Href}}" class="underline">{{.Label}}: {{.Message}}</a></li>
{{- end}}
</ul>
</section>
{{- end}}
<p class="mt-6"><a href="{{.Back}}" class="font-semibold underline">{{.BackTxt}}</a></p>
`))

func (s *Server) problemPage(w http.ResponseWriter, r *http.Request, status int, p problemPage) {
	s.writePage(w, r, status, problemTemplate, p.Title, p)
}

// writePage fills the shell with title and t rendered with content, and answers with
// status. These pages are answers to one person (a form's problems, a request's
// confirmation): never stored by caches, never indexed.
func (s *Server) writePage(w http.ResponseWriter, r *http.Request, status int, t *template.Template, title string, content any) {
	var main bytes.Buffer
	if err := t.Execute(&main, content); err != nil { // the templates are fixed and their data plain: a bug if it happens
		s.log.LogAttrs(r.Context(), slog.LevelError, "render page", slog.String("page", t.Name()), slog.Any("err", err))
		http.Error(w, title, status)
		return
	}
	s.writeFilled(w, r, status, title, main.Bytes())
}

// writeFilled answers with the shell filled with title and main (HTML escaped by the
// caller's templates), as writePage does.
func (s *Server) writeFilled(w http.ResponseWriter, r *http.Request, status int, title string, main []byte) {
	page, csp, err := s.shell.Fill(title, main)
	if err != nil {
		s.log.LogAttrs(r.Context(), slog.LevelError, "render page", slog.String("title", title), slog.Any("err", err))
		http.Error(w, title, status)
		return
	}
	setPageHeaders(w.Header(), csp)
	body := newPageBody(w, r)
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = body.Write(page)
	}
	_ = body.Close()
}

// setPageHeaders sets the headers of a page the server fills: its Content-Security-Policy,
// never cached, never indexed.
func setPageHeaders(h http.Header, csp string) {
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", csp)
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex")
}
