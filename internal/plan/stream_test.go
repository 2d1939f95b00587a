package plan

import (
	"bufio"
	"slices"
	"strings"
	"testing"
)

// TestSectionScanner: members come out as soon as their value is complete, however the text
// is cut, and broken JSON is caught.
func TestSectionScanner(t *testing.T) {
	doc := `{"title": "A \"quoted\" title, with {braces} and [brackets]", "phases": [{"name": "a", "minutes": 5}, {"name": "b}]", "minutes": 10}],` +
		"\n" + `"homework": {"kind": "homework", "text": "\\ back\\slash"}, "n": 12 }`
	wantKeys := []string{"title", "phases", "homework", "n"}
	for _, size := range []int{1, 2, 7, 50, len(doc)} {
		var sc sectionScanner
		var keys []string
		for i := 0; i < len(doc); i += size {
			ms, err := sc.feed(doc[i:min(i+size, len(doc))])
			if err != nil {
				t.Fatalf("size %d: %v", size, err)
			}
			for _, m := range ms {
				keys = append(keys, m.key)
			}
		}
		if !slices.Equal(keys, wantKeys) || !sc.done() {
			t.Errorf("size %d: keys %v done %v", size, keys, sc.done())
		}
	}
	broken := []struct{ name, text string }{
		{"not an object", `["title"]`},
		{"mismatched brackets", `{"a": [}`},
		{"a bad value", `{"a": tru, "b": 1}`},
		{"no colon", `{"a" 1}`},
		{"trailing text", `{"a": 1} x`},
		{"trailing comma", `{"a": 1,}`},
	}
	for _, tt := range broken {
		t.Run(tt.name, func(t *testing.T) {
			var sc sectionScanner
			if _, err := sc.feed(tt.text); err == nil {
				t.Errorf("feed(%q) accepted", tt.text)
			}
		})
	}
}

// TestSSEReader: data lines are read per event, comments and other fields skipped.
func TestSSEReader(t *testing.T) {
	stream := ": hello\n\nevent: x\ndata: {\"a\":1}\n\ndata:one\ndata: two\r\n\r\ndata: [DONE]\n\n"
	r := sseReader{r: bufio.NewReader(strings.NewReader(stream))}
	var got []string
	for {
		d, err := r.next()
		if err != nil {
			break
		}
		got = append(got, string(d))
	}
	if want := []string{`{"a":1}`, "one\ntwo", "[DONE]"}; !slices.Equal(got, want) {
		t.Errorf("events %q, want %q", got, want)
	}
}
