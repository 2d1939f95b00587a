package plan

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

var outputRequest = Request{
	Subject: "science", Grade: "10", Topic: `Acids & bases: "pH" <script>alert(1)</script>`, Minutes: 120, Model: Model5E,
	Standards: "HS-PS1-2; HS-PS1-5", Differentiation: []string{NeedEnglishLearners, NeedIEP504, NeedAdvanced},
}

// docxDoc is what the test's own reader takes from word/document.xml: paragraphs (with
// their style) and the table's rows, each a list of cell texts.
type docxDoc struct {
	paragraphs []docxPara
	rows       [][]string
}

type docxPara struct{ style, text string }

// readDOCX is an independent reader: it unzips the file with archive/zip and walks
// word/document.xml with encoding/xml's tokenizer.
func readDOCX(t *testing.T, data []byte) (docxDoc, map[string][]byte) {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	parts := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		parts[f.Name], _ = io.ReadAll(rc)
		rc.Close()
		if !bytes.HasPrefix(parts[f.Name], []byte("<?xml")) {
			t.Errorf("%s is not XML", f.Name)
		}
		var v any
		if err := xml.Unmarshal(parts[f.Name], &v); err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
	}
	var doc docxDoc
	dec := xml.NewDecoder(bytes.NewReader(parts["word/document.xml"]))
	var para *docxPara
	var row []string
	inCell := false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("document.xml: %v", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			switch el.Name.Local {
			case "p":
				para = &docxPara{}
			case "pStyle":
				para.style = attr(el, "val")
			case "tr":
				row = []string{}
			case "tc":
				inCell = true
				row = append(row, "")
			case "t":
				var s string
				if err := dec.DecodeElement(&s, &el); err != nil {
					t.Fatal(err)
				}
				para.text += s
				if inCell {
					row[len(row)-1] += s
				}
			}
		case xml.EndElement:
			switch el.Name.Local {
			case "p":
				if !inCell {
					doc.paragraphs = append(doc.paragraphs, *para)
				}
			case "tc":
				inCell = false
			case "tr":
				doc.rows = append(doc.rows, row)
			}
		}
	}
	return doc, parts
}

func attr(el xml.StartElement, name string) string {
	for _, a := range el.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// TestWriteDOCX: the .docx has the parts Word needs, and read back it holds the title, the
// headings, every phase with its minutes in the timing table and the differentiation.
func TestWriteDOCX(t *testing.T) {
	b := testBuiltin(t)
	p := b.Plan(outputRequest)
	var buf bytes.Buffer
	if err := WriteDOCX(&buf, p); err != nil {
		t.Fatal(err)
	}
	doc, parts := readDOCX(t, buf.Bytes())
	for _, name := range []string{"[Content_Types].xml", "_rels/.rels", "word/_rels/document.xml.rels", "word/document.xml", "word/styles.xml", "word/numbering.xml"} {
		if parts[name] == nil {
			t.Errorf("part %s missing", name)
		}
	}
	for _, want := range []string{`PartName="/word/document.xml"`, `PartName="/word/styles.xml"`, `PartName="/word/numbering.xml"`} {
		if !bytes.Contains(parts["[Content_Types].xml"], []byte(want)) {
			t.Errorf("[Content_Types].xml lacks %s", want)
		}
	}
	for _, want := range []string{`w:styleId="Heading1"`, `w:styleId="Heading2"`, `w:styleId="TableGrid"`} {
		if !bytes.Contains(parts["word/styles.xml"], []byte(want)) {
			t.Errorf("styles.xml lacks %s", want)
		}
	}
	byStyle := func(style string) []string {
		var out []string
		for _, para := range doc.paragraphs {
			if para.style == style {
				out = append(out, para.text)
			}
		}
		return out
	}
	if title := byStyle("Title"); len(title) != 1 || title[0] != p.Title || !strings.Contains(p.Title, `Acids & bases: "pH"`) {
		t.Errorf("title %q, want %q", title, p.Title)
	}
	var wantHeadings []string
	for _, key := range SectionKeys {
		if h := Heading(key); h != "" {
			wantHeadings = append(wantHeadings, h)
		}
	}
	if got := byStyle("Heading1"); !slices.Equal(got, wantHeadings) {
		t.Errorf("headings %q, want %q", got, wantHeadings)
	}
	// The timing table: a header, one row per phase with its minutes, the total.
	if len(doc.rows) != len(p.Phases)+2 || !slices.Equal(doc.rows[0], []string{"Phase", "Minutes", "What happens"}) {
		t.Fatalf("table rows %q", doc.rows)
	}
	for i, ph := range p.Phases {
		if row := doc.rows[i+1]; row[0] != ph.Name || row[1] != strconv.Itoa(ph.Minutes) {
			t.Errorf("row %d %q, want %q %d", i, row, ph.Name, ph.Minutes)
		}
		if !slices.Contains(byStyle("Heading2"), strconv.Itoa(i+1)+". "+ph.Name+" ("+minutes(ph.Minutes)+")") {
			t.Errorf("no heading for phase %q", ph.Name)
		}
	}
	if total := doc.rows[len(doc.rows)-1]; total[0] != "Total" || total[1] != "120" {
		t.Errorf("total row %q", total)
	}
	// The differentiation: each need as a heading, each support as a bullet.
	lists := byStyle("ListParagraph")
	for _, ns := range p.Differentiation {
		if !slices.Contains(byStyle("Heading2"), ns.Label) {
			t.Errorf("no heading for %s", ns.Label)
		}
		for _, s := range ns.Supports {
			if !slices.Contains(lists, kindLabel(s)+": "+s.Text) {
				t.Errorf("support %q missing", s.Text)
			}
		}
	}
	if bytes.Contains(parts["word/document.xml"], []byte("<script")) {
		t.Error("unescaped markup in document.xml")
	}
	var again bytes.Buffer
	if err := WriteDOCX(&again, p); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Error("the same plan gave different bytes")
	}
	if name := DOCXFilename(p); name != "acids-bases-ph-alert-1-science-grade-10.docx" {
		t.Errorf("file name %q", name)
	}
}

// TestRenderHTML: the plan as HTML is semantic, escaped, section by section in order, with
// a timing table whose header cells have scopes; one section renders alone for streaming.
func TestRenderHTML(t *testing.T) {
	b := testBuiltin(t)
	p := b.Plan(outputRequest)
	p.Phases[0].Name = `<img src=x onerror=alert(1)>` // unvalidated text must still come out escaped
	var buf bytes.Buffer
	if err := RenderHTML(&buf, p); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if strings.Contains(out, "<img") || strings.Contains(out, "<script") || !strings.Contains(out, "&lt;img") {
		t.Error("text was not escaped")
	}
	root, err := html.Parse(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	var sections, scopes []string
	elements := map[string]int{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			elements[n.Data]++
			for _, a := range n.Attr {
				if n.Data == "section" && a.Key == "data-section" {
					sections = append(sections, a.Val)
				}
				if n.Data == "th" && a.Key == "scope" {
					scopes = append(scopes, a.Val)
				}
				if strings.HasPrefix(a.Key, "on") || a.Key == "style" {
					t.Errorf("attribute %s on %s", a.Key, n.Data)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	if !slices.Equal(sections, SectionKeys) {
		t.Errorf("sections %v", sections)
	}
	if len(scopes) != 3+len(p.Phases)+1 || elements["caption"] != 1 || elements["table"] != 1 || elements["dl"] == 0 || elements["h2"] != 1 {
		t.Errorf("scopes %v, elements %v", scopes, elements)
	}
	for _, bad := range []string{"script", "img", "iframe", "style", "div"} {
		if elements[bad] > 0 {
			t.Errorf("%d <%s> elements", elements[bad], bad)
		}
	}
	var one bytes.Buffer
	if err := RenderSection(&one, SectionDifferentiation, p); err != nil || !strings.HasPrefix(one.String(), `<section class="plan-section" id="plan-differentiation"`) {
		t.Errorf("RenderSection: %v %q", err, one.String())
	}
	if err := RenderSection(&one, "nope", p); err == nil {
		t.Error("an unknown section rendered")
	}
}

// TestText: the plain text holds every section's heading, every phase with its minutes, and
// no markup.
func TestText(t *testing.T) {
	b := testBuiltin(t)
	p := b.Plan(outputRequest)
	txt := Text(p)
	if !strings.HasPrefix(txt, p.Title+"\n") || hasMarkup(txt) {
		t.Errorf("text starts %q", txt[:80])
	}
	for _, key := range SectionKeys {
		if h := Heading(key); h != "" && !strings.Contains(txt, strings.ToUpper(h)+"\n") {
			t.Errorf("no heading %s", h)
		}
	}
	for i, ph := range p.Phases {
		if !strings.Contains(txt, strconv.Itoa(i+1)+". "+ph.Name+" ("+minutes(ph.Minutes)+")\n") {
			t.Errorf("no phase %q", ph.Name)
		}
	}
}
