package server

import (
	"bytes"
	"html/template"
	"log/slog"
	"net/http"
	"strings"

	"golang.org/x/net/html"

	"github.com/teachpilot/site/internal/mail"
	"github.com/teachpilot/site/internal/static"
	"github.com/teachpilot/site/web"
)

// This file holds the few pages the server renders itself: the problem page of a plain
// form post (respond.go) and the confirmation of a lesson-plan request (lessonplan.go). The
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

// confirmation is what the confirmation page shows of a request.
type confirmation struct {
	Reference string
	Summary   []mail.Line
	// Home, LessonPlan and Blog are the paths of the "Where to next" links.
	Home, LessonPlan, Blog string
}

// confirmationTemplate says what the success page says after a submission with JavaScript,
// in the same words and with the same links.
var confirmationTemplate = template.Must(template.New("confirmation").Parse(`
<p>Thank you — we have your lesson plan request.</p>
<h2 class="mt-6 text-xl font-semibold">Your reference</h2>
<p class="font-mono text-2xl font-bold" data-testid="reference">{{.Reference}}</p>
<p>Quote it if you write to us about this request.</p>
{{- if .Summary}}
<section aria-labelledby="summary-title" class="mt-10">
<h2 id="summary-title" class="text-xl font-semibold">What you asked for</h2>
<dl class="mt-4">
{{- range .Summary}}
<dt class="mt-3 font-semibold">{{.Label}}</dt>
<dd class="whitespace-pre-line">{{.Value}}</dd>
{{- end}}
</dl>
</section>
{{- end}}
<section aria-labelledby="next-title" class="mt-10">
<h2 id="next-title" class="text-xl font-semibold">What happens next</h2>
<ol class="mt-4 list-decimal pl-5">
<li>We have sent a confirmation to your email address with this reference. If it is not in your inbox in a few minutes, check your spam or junk folder.</li>
<li>Your lesson plan follows by email, built from the details above and ready to adapt.</li>
<li>Want changes? Reply to that email, or send another request with more detail.</li>
</ol>
</section>
<nav aria-label="Where to next" class="mt-10">
<ul>
<li><a href="{{.Home}}" class="underline">Back home</a></li>
<li><a href="{{.LessonPlan}}" class="font-semibold underline">Create another plan</a></li>
<li><a href="{{.Blog}}" class="underline">Read the blog</a></li>
</ul>
</nav>
`))

// writePage fills the shell with title and t rendered with content, and answers with
// status. These pages are answers to one person (a form's problems, a request's
// confirmation): never stored by caches, never indexed.
func (s *Server) writePage(w http.ResponseWriter, r *http.Request, status int, t *template.Template, title string, content any) {
	var main bytes.Buffer
	err := t.Execute(&main, content)
	var page []byte
	var csp string
	if err == nil {
		page, csp, err = s.shell.Fill(title, main.Bytes())
	}
	if err != nil { // the templates are fixed and their data plain: a bug if it happens
		s.log.LogAttrs(r.Context(), slog.LevelError, "render page", slog.String("page", t.Name()), slog.Any("err", err))
		http.Error(w, title, status)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", csp)
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(page)
	}
}
