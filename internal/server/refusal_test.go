package server

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/teachpilot/site/web"
)

// TestRefusalsByKindOfField runs web/app/components/form/refusal-cases.json, the cases the
// browser's tests run too: line breaks and control characters in single-line fields, hidden
// or text-direction characters, IP-literal domains and non-ASCII email addresses.
func TestRefusalsByKindOfField(t *testing.T) {
	b, err := os.ReadFile("../../web/app/components/form/refusal-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct{ Form, Field, Value, Want string }
	}
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatal(err)
	}
	rules, err := parseFormRules(web.FormRules(), web.Pages())
	if err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 10 {
		t.Fatalf("%d cases: the file was not read", len(file.Cases))
	}
	for _, c := range file.Cases {
		t.Run(c.Form+"."+c.Field+" "+c.Value, func(t *testing.T) {
			f := rules.Forms[c.Form].byName[c.Field]
			if f == nil {
				t.Fatalf("forms.json has no field %s.%s", c.Form, c.Field)
			}
			got := checkField(f, strings.TrimSpace(c.Value))
			if c.Want == "" && got != "" || !strings.HasPrefix(got, c.Want) {
				t.Errorf("checkField(%q) = %q, want a message starting %q", c.Value, got, c.Want)
			}
		})
	}
}
