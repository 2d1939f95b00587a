package plan

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestSectionValue: each section's value is exactly the plan's JSON member of that key, and
// the plan's JSON members are the sections, in order.
func TestSectionValue(t *testing.T) {
	b := testBuiltin(t)
	p := b.Plan(outputRequest)
	var members map[string]json.RawMessage
	data, _ := json.Marshal(p)
	if err := json.Unmarshal(data, &members); err != nil {
		t.Fatal(err)
	}
	for _, key := range SectionKeys {
		got, err := json.Marshal(p.SectionValue(key))
		if err != nil || !bytes.Equal(got, members[key]) {
			t.Errorf("section %s: %s, want %s (%v)", key, got, members[key], err)
		}
	}
	if len(members) != len(SectionKeys) || p.SectionValue("nope") != nil {
		t.Errorf("%d members; unknown key gives %v", len(members), p.SectionValue("nope"))
	}
}
