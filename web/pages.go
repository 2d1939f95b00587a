package web

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// Page is one entry of web/pages.json.
type Page struct {
	ID     string `json:"id"`
	Path   string `json:"path"`
	Module string `json:"module"`
	// Prerender: the build writes the page to a file. Index: search engines index it and
	// the sitemap lists it. Public: the end-to-end page list checks it.
	Prerender bool `json:"prerender"`
	Index     bool `json:"index"`
	Public    bool `json:"public"`
	// Serve is false for a page pre-rendered for the server's own use (the shell): it is
	// never served at its path. Absent means true.
	Serve *bool `json:"serve"`
}

// Served reports whether the page is answered at its own path.
func (p Page) Served() bool { return p.Serve == nil || *p.Serve }

// ShellMarkers name the page the server fills with its own content and the two literal
// markers in it that it replaces.
type ShellMarkers struct {
	// Page is the id of the shell page.
	Page string `json:"page"`
	// TitleSlot stands for the page's title (in <title>, the Open Graph title and the <h1>).
	TitleSlot string `json:"titleSlot"`
	// MainSlot is the element inside <main> that the server's content replaces.
	MainSlot string `json:"mainSlot"`
	// Script is the one script of the filled pages, a file of web/public: the shell asks for
	// it once the page has painted and loaded; a streamed plan page asks for it itself.
	Script string `json:"script"`
}

// PageTable is web/pages.json: every page of the site, declared once.
type PageTable struct {
	// Origin is the placeholder origin the build writes into every absolute URL; the server
	// replaces it with BASE_URL when it starts.
	Origin string       `json:"origin"`
	Shell  ShellMarkers `json:"shell"`
	Pages  []Page       `json:"pages"`

	byID map[string]Page
}

// Path returns the path of the page id, or an error naming the id when pages.json has no
// such page. Callers look their paths up once, at start.
func (t *PageTable) Path(id string) (string, error) {
	p, ok := t.byID[id]
	if !ok {
		return "", fmt.Errorf("pages.json: no page %q", id)
	}
	return p.Path, nil
}

// Page returns the page id and whether it exists.
func (t *PageTable) Page(id string) (Page, bool) {
	p, ok := t.byID[id]
	return p, ok
}

// ShellPath is the path the shell page is pre-rendered at ("/_shell").
func (t *PageTable) ShellPath() string { return t.byID[t.Shell.Page].Path }

//go:embed pages.json
var pagesJSON []byte

// pageTable is pages.json parsed once; TestPageTable checks pageTableErr is nil.
var pageTable, pageTableErr = ParsePages(pagesJSON)

// Pages returns web/pages.json, parsed and checked once.
func Pages() *PageTable { return pageTable }

// ParsePages reads and checks a pages.json: unique ids and paths, each path absolute, the
// origin an http(s) origin without a path, and the shell a page with both markers.
func ParsePages(b []byte) (*PageTable, error) {
	var t PageTable
	if err := json.Unmarshal(b, &t); err != nil {
		return nil, fmt.Errorf("pages.json: %w", err)
	}
	var errs []error
	t.byID = make(map[string]Page, len(t.Pages))
	paths := map[string]bool{}
	for _, p := range t.Pages {
		switch {
		case p.ID == "":
			errs = append(errs, fmt.Errorf("pages.json: a page without an id (path %q)", p.Path))
		case !strings.HasPrefix(p.Path, "/"):
			errs = append(errs, fmt.Errorf("pages.json: %s: path %q does not start with /", p.ID, p.Path))
		case t.byID[p.ID].ID != "":
			errs = append(errs, fmt.Errorf("pages.json: page id %q twice", p.ID))
		case paths[p.Path]:
			errs = append(errs, fmt.Errorf("pages.json: path %q twice", p.Path))
		}
		t.byID[p.ID], paths[p.Path] = p, true
	}
	if u, err := url.Parse(t.Origin); err != nil || (u.Scheme != "http" && u.Scheme != "https") ||
		u.Host == "" || u.Path != "" || t.Origin != u.Scheme+"://"+u.Host {
		errs = append(errs, fmt.Errorf("pages.json: origin: want an origin such as https://origin.invalid, got %q", t.Origin))
	}
	shell, ok := t.byID[t.Shell.Page]
	switch {
	case !ok:
		errs = append(errs, fmt.Errorf("pages.json: shell.page: no page %q", t.Shell.Page))
	case shell.Served() || !shell.Prerender:
		errs = append(errs, fmt.Errorf("pages.json: the shell page %q must be pre-rendered and not served", shell.ID))
	}
	if t.Shell.TitleSlot == "" || t.Shell.MainSlot == "" {
		errs = append(errs, errors.New("pages.json: shell: titleSlot and mainSlot must not be empty"))
	}
	if !strings.HasPrefix(t.Shell.Script, "/") || !strings.HasSuffix(t.Shell.Script, ".js") || strings.ContainsAny(t.Shell.Script, "\"<>&' ") {
		errs = append(errs, fmt.Errorf("pages.json: shell.script: want a path such as /plan-page.js, got %q", t.Shell.Script))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return &t, nil
}
