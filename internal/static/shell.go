package static

import (
	"bytes"
	"fmt"
	"html"
)

// Shell is a pre-rendered page with two slots, which the server fills with pages of its
// own (a lesson plan's confirmation, the problem page of a form post), so those pages wear
// the site's header and footer without Go ever writing them.
type Shell struct {
	doc                 []byte
	titleSlot, mainSlot []byte
}

// NewShell checks that doc holds titleSlot at least once and mainSlot exactly once.
func NewShell(doc []byte, titleSlot, mainSlot string) (*Shell, error) {
	if !bytes.Contains(doc, []byte(titleSlot)) {
		return nil, fmt.Errorf("shell: no title slot %q in the page", titleSlot)
	}
	if n := bytes.Count(doc, []byte(mainSlot)); n != 1 {
		return nil, fmt.Errorf("shell: want the main slot %q once in the page, found it %d times", mainSlot, n)
	}
	return &Shell{doc: doc, titleSlot: []byte(titleSlot), mainSlot: []byte(mainSlot)}, nil
}

// Fill returns the shell with title (plain text, escaped here) in every title slot and
// main (HTML the caller escaped, html/template output) in the main slot, and the page's
// Content-Security-Policy, computed from the filled bytes so it allows exactly the inline
// scripts the page has.
func (s *Shell) Fill(title string, main []byte) (page []byte, csp string, err error) {
	before, after, _ := bytes.Cut(s.doc, s.mainSlot)
	escaped := []byte(html.EscapeString(title))
	var buf bytes.Buffer
	buf.Grow(len(s.doc) + len(main) + 4*len(escaped))
	buf.Write(bytes.ReplaceAll(before, s.titleSlot, escaped))
	buf.Write(main)
	buf.Write(bytes.ReplaceAll(after, s.titleSlot, escaped))
	page = buf.Bytes()
	csp, err = PolicyFor(page)
	return page, csp, err
}
