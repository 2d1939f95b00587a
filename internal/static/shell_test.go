package static

import (
	"strings"
	"testing"
)

func TestShell(t *testing.T) {
	const (
		title = "__SLOT_TITLE__"
		main  = `<div data-slot="main"></div>`
		doc   = `<!DOCTYPE html><title>` + title + ` | TeachPilot</title><meta property="og:title" content="` + title + `">` +
			`<header>TeachPilot</header><main><h1>` + title + `</h1>` + main + `</main><footer>© TeachPilot</footer>` +
			`<script>window.x = 1;</script>`
	)
	if _, err := NewShell([]byte(strings.ReplaceAll(doc, title, "T")), title, main); err == nil {
		t.Error("a shell without the title slot was accepted")
	}
	if _, err := NewShell([]byte(doc+main), title, main); err == nil {
		t.Error("a shell with two main slots was accepted")
	}
	sh, err := NewShell([]byte(doc), title, main)
	if err != nil {
		t.Fatal(err)
	}
	page, csp, err := sh.Fill(`Problems with <b> & "quotes"`, []byte(`<p>Body</p>`))
	if err != nil {
		t.Fatal(err)
	}
	got := string(page)
	for _, want := range []string{
		`<title>Problems with &lt;b&gt; &amp; &#34;quotes&#34; | TeachPilot</title>`,
		`<meta property="og:title" content="Problems with &lt;b&gt; &amp; &#34;quotes&#34;">`,
		`<header>TeachPilot</header><main><h1>Problems with &lt;b&gt; &amp; &#34;quotes&#34;</h1><p>Body</p></main><footer>© TeachPilot</footer>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s in %s", want, got)
		}
	}
	if strings.Contains(got, title) || strings.Contains(got, "data-slot") {
		t.Errorf("a slot is left in %s", got)
	}
	want, _ := PolicyFor([]byte(`<script>window.x = 1;</script>`))
	if csp != want {
		t.Errorf("CSP = %q, want the shell's inline script allowed: %q", csp, want)
	}
}
