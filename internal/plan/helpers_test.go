package plan

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// testBuiltin returns the built-in planner for the site's own web/forms.json.
func testBuiltin(t testing.TB) *Builtin {
	t.Helper()
	data, err := os.ReadFile("../../web/forms.json")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := ParseOptions(data)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewBuiltin(opts)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// jsonKeys returns p's top-level JSON keys in order.
func jsonKeys(t *testing.T, p Plan) []string {
	t.Helper()
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var keys []string
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch v := tok.(type) {
		case json.Delim:
			if v == '{' || v == '[' {
				depth++
			} else {
				depth--
			}
		case string:
			if depth == 1 {
				keys = append(keys, v)
				var raw json.RawMessage
				if err := dec.Decode(&raw); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return keys
}
