package server

// This file is a little over the usual length: the confirmation page's scenario table and
// the checks of the shell (classes in the built CSS, the pre-rendered header and footer).

import (
	"bytes"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/teachpilot/site/internal/config"
	"github.com/teachpilot/site/internal/mail"
	"github.com/teachpilot/site/web"
)

// TestLessonPlanPage covers /submission-success/{reference}, where a plain form post lands
// and the email links: the reference, the actions, the plan (everything the visitor typed
// escaped), the feedback form; noindex and never cached; the site's 404 page for a
// reference nobody has.
func TestLessonPlanPage(t *testing.T) {
	hs := newHarness(t, nil)
	post := hs.do(request{path: "/api/lesson-plans", contentType: "application/x-www-form-urlencoded", body: url.Values{
		"email": {"grace@school.org"}, "subject": {"science"}, "grade": {"10"}, "name": {"Grace Hopper"}, "school": {"Hopper High"},
		"topic": {`<script>alert("x")</script> Cells & tissues`}, "duration": {"50"},
		"differentiation": {"english-learners", "advanced"}, "notes": {"Lab day\n<b>bring goggles</b>"}, "website": {""},
	}.Encode()})
	if post.Code != http.StatusSeeOther {
		t.Fatalf("post: status %d: %s", post.Code, post.Body)
	}
	location := post.Header().Get("Location")
	ref, ok := strings.CutPrefix(location, "/submission-success/")
	if !ok || !regexp.MustCompile(`^TP-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$`).MatchString(ref) {
		t.Fatalf("Location = %q, want /submission-success/TP-XXXX-XXXX-XXXX", location)
	}

	page := []string{
		`<html lang="en">`, `<title>Your lesson plan | TeachPilot</title>`, `<meta name="robots" content="noindex">`,
		`<meta property="og:title" content="Your lesson plan">`,
		`<link rel="stylesheet" href="/assets/app-T3st.css">`, `<header class="site-header"><a href="/"><span>TeachPilot</span></a></header>`,
		`<main id="main-content"><h1>Your lesson plan</h1>`, `data-testid="reference">` + ref + `</strong>`,
		`data-plan-actions>`, `<a href="/api/lesson-plans/` + ref + `/plan.docx" download>Download .docx</a>`,
		`<a href="/api/lesson-plans/` + ref + `/plan.txt" data-plan-copy>Copy as text</a>`,
		`<a href="/lesson-plan?from=` + ref + `">Make another like this</a>`,
		`<article class="lesson-plan">`, `data-section="title"`, `data-section="phases"`, `data-section="provenance"`,
		`alert(&#34;x&#34;) Cells &amp; tissues`, `<p data-plan-complete hidden></p>`,
		`<form data-plan-feedback method="post" action="/api/lesson-plans/` + ref + `/feedback">`,
		`<legend class="font-semibold">Was this plan useful?</legend>`, `name="useful" value="yes" required`, `name="useful" value="no"`,
		`<label for="feedback-comment"`, `<textarea id="feedback-comment" name="comment" rows="3" maxlength="1000"`,
		`</main><footer><p>© 2026 TeachPilot</p></footer>`,
	}
	tests := []struct {
		name       string
		method     string
		path       string
		wantStatus int
		wantCache  string
		wantIn     []string
		wantNotIn  []string
	}{
		{
			name: "the page shows the reference, the actions, the plan escaped and the feedback form",
			path: location, wantStatus: 200, wantCache: "no-store", wantIn: page,
			wantNotIn: []string{"<script", "<b>", "grace@school.org", "Grace Hopper", "Hopper High", "style=", "__SLOT_TITLE__", "data-slot",
				"data-plan-status", "AI draft", `role="status">Thank you`},
		},
		{
			name: "a reference typed in lower case without dashes finds the request",
			path: "/submission-success/" + strings.ToLower(strings.ReplaceAll(ref, "-", "")), wantStatus: 200, wantCache: "no-store",
			wantIn: []string{`data-testid="reference">` + ref + `</strong>`},
		},
		{
			name: "after feedback, the page thanks instead of asking again", path: location + "?feedback=thanks",
			wantStatus: 200, wantCache: "no-store",
			wantIn:    []string{`<section id="feedback"`, `<p role="status">Thank you — your feedback helps us make better plans.</p>`},
			wantNotIn: []string{"data-plan-feedback"},
		},
		{
			name: "HEAD answers like GET, without a body", method: "HEAD",
			path: location, wantStatus: 200, wantCache: "no-store",
		},
		{
			name: "an unknown reference gets the site's 404 page", path: "/submission-success/TP-0000-0000-0000",
			wantStatus: 404, wantCache: "no-cache", wantIn: []string{"<h1>Not found</h1>"}, wantNotIn: []string{"TP-0000"},
		},
		{
			name: "a malformed reference gets the site's 404 page", path: "/submission-success/%3Cscript%3E",
			wantStatus: 404, wantCache: "no-cache", wantIn: []string{"<h1>Not found</h1>"}, wantNotIn: []string{"<script"},
		},
		{
			name: "other methods are refused", method: "POST", path: location, wantStatus: 405,
		},
		{
			name: "the shell itself is never served", path: "/_shell",
			wantStatus: 404, wantCache: "no-cache", wantIn: []string{"<h1>Not found</h1>"}, wantNotIn: []string{"data-slot"},
		},
		{
			name: "nor its file", path: "/_shell/index.html",
			wantStatus: 404, wantCache: "no-cache", wantIn: []string{"<h1>Not found</h1>"}, wantNotIn: []string{"data-slot"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := tt.method
			if method == "" {
				method = "GET"
			}
			w := hs.do(request{method: method, path: tt.path})
			if w.Code != tt.wantStatus {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.wantStatus, w.Body)
			}
			if tt.wantCache != "" {
				if cc := w.Header().Get("Cache-Control"); cc != tt.wantCache {
					t.Errorf("Cache-Control = %q, want %q", cc, tt.wantCache)
				}
				if ct := w.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
					t.Errorf("Content-Type = %q", ct)
				}
			}
			// The security middleware covers these pages like every other response.
			for k, want := range map[string]string{"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff"} {
				if got := w.Header().Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
			if !strings.Contains(w.Header().Get("Content-Security-Policy"), "script-src 'self'") {
				t.Errorf("Content-Security-Policy = %q", w.Header().Get("Content-Security-Policy"))
			}
			if method == "HEAD" && w.Body.Len() != 0 {
				t.Errorf("HEAD has a body of %d bytes", w.Body.Len())
			}
			body := w.Body.String()
			for _, s := range tt.wantIn {
				if !strings.Contains(body, s) {
					t.Errorf("page lacks %s\n%s", s, body)
				}
			}
			for _, s := range tt.wantNotIn {
				if strings.Contains(body, s) {
					t.Errorf("page has %s\n%s", s, body)
				}
			}
		})
	}
}

func TestStylesheetLinks(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		want []string
	}{
		{"Vite's stylesheet in the head", `<!doctype html><html><head><meta charset="utf-8"><link rel="modulepreload" href="/assets/a.js"><link rel="stylesheet" href="/assets/app-AbC1.css"></head><body></body></html>`, []string{"/assets/app-AbC1.css"}},
		{"several, in order, any case of rel", `<head><link rel="stylesheet" href="/a.css"><link rel="Preload Stylesheet" href="/b.css"></head>`, []string{"/a.css", "/b.css"}},
		{"other hosts and relative paths are skipped", `<head><link rel="stylesheet" href="https://cdn.example/x.css"><link rel="stylesheet" href="//cdn.example/y.css"><link rel="stylesheet" href="z.css"></head>`, nil},
		{"links after the head are not the page's stylesheets", `<head></head><body><link rel="stylesheet" href="/late.css"></body>`, nil},
		{"no head at all", `just text`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := stylesheetLinks([]byte(tt.doc)); !slices.Equal(got, tt.want) {
				t.Errorf("stylesheetLinks = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestServerPagesUseOnlyBuiltClasses renders the server's own pages and checks that the
// built stylesheet (web/build/client, as embedded) has a rule for every class they use:
// Tailwind only emits the classes it finds in the React sources, so a class used only here
// would silently do nothing.
func TestServerPagesUseOnlyBuiltClasses(t *testing.T) {
	if !web.HasSite() {
		t.Skip("no site build embedded (make build; go test -tags site)")
	}
	client := web.Client()
	index, err := fs.ReadFile(client, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	hrefs := stylesheetLinks(index)
	if len(hrefs) == 0 {
		t.Fatal("the built index.html links no stylesheet")
	}
	var css []byte
	for _, href := range hrefs {
		b, err := fs.ReadFile(client, strings.TrimPrefix(href, "/"))
		if err != nil {
			t.Fatalf("stylesheet %s: %v", href, err)
		}
		css = append(css, b...)
	}

	pages := []struct {
		name    string
		tmpl    *template.Template
		content any
	}{
		{"problem", problemTemplate, problemPage{Title: "There is a problem", Intro: "Fix it.", Back: "/contact", BackTxt: "Back",
			Problems: []problem{{Href: "/contact#contact-name", Label: "Name", Message: "Enter your name."}}}},
		{"plan page", planPageTemplates.Lookup("top"), planPage{Reference: "TP-AAAA-BBBB-CCCC", DOCX: "/d", Text: "/t", Another: "/a", Drafting: true}},
		{"plan page's form", planPageTemplates.Lookup("bottom"), planPage{Feedback: "/f", CommentMax: 1000}},
		{"plan page's thanks", planPageTemplates.Lookup("bottom"), planPage{Thanks: true, ThanksText: feedbackThanks}},
	}
	for _, p := range pages {
		var buf bytes.Buffer
		if err := p.tmpl.Execute(&buf, p.content); err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		classes := classesIn(t, buf.Bytes())
		if len(classes) == 0 {
			t.Fatalf("%s page: no classes found", p.name)
		}
		for _, class := range classes {
			// The selector must end after the name: ".p-1" is not ".p-10".
			rule := regexp.MustCompile(`\.` + regexp.QuoteMeta(cssEscape(class)) + `[^A-Za-z0-9_\\-]`)
			if !rule.Match(css) {
				t.Errorf("%s page: class %q has no rule in %v", p.name, class, hrefs)
			}
		}
	}
}

// classesIn returns every class name used in an HTML document, once each.
func classesIn(t *testing.T, doc []byte) []string {
	t.Helper()
	var out []string
	z := html.NewTokenizer(bytes.NewReader(doc))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken, html.SelfClosingTagToken:
			for more := true; more; {
				var k, v []byte
				k, v, more = z.TagAttr()
				if string(k) != "class" {
					continue
				}
				for _, c := range strings.Fields(string(v)) {
					if !slices.Contains(out, c) {
						out = append(out, c)
					}
				}
			}
		}
	}
}

// cssEscape writes a class name as it appears in a selector: every character but letters,
// digits, "-" and "_" is escaped with a backslash (sm:grid-cols-3 → sm\:grid-cols-3).
func cssEscape(class string) string {
	var b strings.Builder
	for _, r := range class {
		if plain := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_'; !plain {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// TestRenamingTheProduct: the name config.Load is given (web.ProductName() in production) is
// the one the emails show, escaped in HTML; none spells TeachPilot. (The pages the server
// fills show the name the shell was built with: React reads the same brand.json.)
func TestRenamingTheProduct(t *testing.T) {
	const product = "Lesson & Lab"
	hs := newHarnessFor(t, product, nil)
	const form = "application/x-www-form-urlencoded"
	plan := url.Values{"email": {"grace@school.org"}, "subject": {"science"}, "grade": {"10"}, "topic": {"Cells"}, "duration": {"50"}}
	post := hs.do(request{path: "/api/lesson-plans", contentType: form, body: plan.Encode()})
	if post.Code != http.StatusSeeOther {
		t.Fatalf("post: status %d: %s", post.Code, post.Body)
	}
	confirmation := hs.do(request{method: http.MethodGet, path: post.Header().Get("Location")})
	plan.Set("grade", "13")
	problem := hs.do(request{path: "/api/lesson-plans", contentType: form, body: plan.Encode()})
	msgs := hs.messages()
	if len(msgs) != 1 || confirmation.Code != http.StatusOK || problem.Code != http.StatusUnprocessableEntity {
		t.Fatalf("%d messages, confirmation %d, problem %d; want 1, 200, 422", len(msgs), confirmation.Code, problem.Code)
	}
	receipt, err := mail.Renderer{From: hs.srv.cfg.MailFrom, Product: hs.srv.cfg.Product}.Render(msgs[0])
	if err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name string
		got  string
		want []string
	}{
		{"the receipt's sender, by default", receipt.From, []string{`"Lesson & Lab" <hello@teachpilot.example>`}},
		{"the receipt's text", receipt.Text, []string{"Your lesson plan is ready: http://teachpilot.test/submission-success/TP-", "Lesson & Lab writes a draft", "--\nLesson & Lab\n"}},
		{"the receipt's HTML", receipt.HTML, []string{"<title>Lesson &amp; Lab</title>", "Lesson &amp; Lab writes a draft"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, want := range tt.want {
				if !strings.Contains(tt.got, want) {
					t.Errorf("missing %q in:\n%s", want, tt.got)
				}
			}
			if strings.Contains(tt.got, "TeachPilot") {
				t.Errorf("still names TeachPilot:\n%s", tt.got)
			}
		})
	}
}

// TestShellPagesWearThePrerenderedChrome: when the embedded build has the shell, a page the
// server fills (here the problem page of a form post the server cannot take) carries
// byte for byte the header and footer of a pre-rendered page, and none of the shell's slots.
func TestShellPagesWearThePrerenderedChrome(t *testing.T) {
	if !web.HasSite() {
		t.Skip("no site build embedded (make build; go test -tags site)")
	}
	client := web.Client()
	if _, err := fs.Stat(client, "_shell/index.html"); err != nil {
		t.Skipf("the build has no shell yet: %v", err)
	}
	cfg, err := config.Load("TeachPilot", func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(cfg, slog.New(slog.DiscardHandler), client)
	if err != nil {
		t.Fatal(err)
	}
	h := srv.Handler()
	get := func(method, path string) string {
		r := httptest.NewRequest(method, path, strings.NewReader("name=x"))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Body.String()
	}
	filled := get("POST", "/api/contact") // no store: 503, filled into the shell
	privacy := get("GET", "/privacy")
	between := func(doc, start, end string) string {
		i := strings.Index(doc, start)
		j := strings.Index(doc, end)
		if i < 0 || j < i {
			t.Fatalf("no %s…%s in:\n%s", start, end, doc)
		}
		return doc[i : j+len(end)]
	}
	for _, el := range []string{"header", "footer"} {
		got, want := between(filled, "<"+el, "</"+el+">"), between(privacy, "<"+el, "</"+el+">")
		if got != want {
			t.Errorf("the filled page's %s differs from /privacy's:\n%s\nwant\n%s", el, got, want)
		}
	}
	pages := web.Pages()
	for _, slot := range []string{pages.Shell.TitleSlot, pages.Shell.MainSlot} {
		if strings.Contains(filled, slot) {
			t.Errorf("the filled page still holds %s", slot)
		}
	}
	if !strings.Contains(filled, "Forms are not available right now.") {
		t.Errorf("the filled page lacks its content:\n%s", filled)
	}
}
