package plan

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file holds the text rules every string of a plan (and of a request) passes: text only,
// one line, no control or invisible formatting characters, no HTML, capped in length.

// tagPattern matches an HTML or XML tag, comment or declaration.
var tagPattern = regexp.MustCompile(`<[a-zA-Z!/?][^<>]*>`)

// cleanLine returns s as one line of plain text of at most maxRunes runes: tags removed, a
// '<' that could still open a tag followed by a space, control and format characters
// (bidirectional overrides, zero-width characters) dropped, runs of white space made one
// space. A cut string ends with "…". maxRunes ≤ 0 means no cap.
func cleanLine(s string, maxRunes int) string {
	return cleanText(s, maxRunes, false)
}

// cleanBlock is cleanLine that keeps line breaks (for the teacher's multi-line fields).
func cleanBlock(s string, maxRunes int) string {
	return cleanText(s, maxRunes, true)
}

func cleanText(s string, maxRunes int, keepLines bool) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	s = tagPattern.ReplaceAllString(s, " ")
	var b strings.Builder
	b.Grow(len(s))
	space := false // a space is pending
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case r == '\n' && keepLines:
			b.WriteByte('\n')
			space = false
			continue
		case r == '\r' && keepLines:
			continue
		case unicode.IsSpace(r) || unicode.IsControl(r):
			space = b.Len() > 0
			continue
		case unicode.Is(unicode.Cf, r): // format characters: invisible, can reorder text
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
		if r == '<' && i+1 < len(rs) && opensTag(rs[i+1]) {
			b.WriteByte(' ')
		}
	}
	out := b.String()
	if keepLines {
		lines := strings.Split(out, "\n")
		kept := lines[:0]
		for _, l := range lines {
			if l = strings.TrimSpace(l); l != "" {
				kept = append(kept, l)
			}
		}
		out = strings.Join(kept, "\n")
	}
	return truncate(out, maxRunes)
}

func opensTag(r rune) bool {
	return r == '/' || r == '!' || r == '?' || unicode.IsLetter(r)
}

// truncate cuts s to at most n runes, ending a cut string with "…".
func truncate(s string, n int) string {
	if n <= 0 || utf8.RuneCountInString(s) <= n {
		return s
	}
	rs := []rune(s)
	return strings.TrimSpace(string(rs[:n-1])) + "…"
}

// cleanList cleans every item (cleanLine), drops the empty ones and keeps at most maxItems.
func cleanList(items []string, maxItems, maxRunes int) []string {
	out := make([]string, 0, min(len(items), maxItems))
	for _, it := range items {
		if it = cleanLine(it, maxRunes); it != "" && len(out) < maxItems {
			out = append(out, it)
		}
	}
	return out
}

// hasMarkup reports whether s holds anything an HTML parser would read as a tag (tests and
// Validate's callers use it to prove output is text only).
func hasMarkup(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '<' {
			r, _ := utf8.DecodeRuneInString(s[i+1:])
			if opensTag(r) {
				return true
			}
		}
	}
	return false
}
