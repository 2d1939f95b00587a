package plan

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// This file holds the checks the tests make of any plan, whoever made it.

// planProblems lists what is wrong with p as a plan for the normalised request r: minutes,
// missing sections, supports, standards, markup. nil means the plan is sound.
func planProblems(b *Builtin, r Request, p Plan) []string {
	var bad []string
	fail := func(format string, args ...any) { bad = append(bad, fmt.Sprintf(format, args...)) }
	sum := 0
	for _, ph := range p.Phases {
		sum += ph.Minutes
		if ph.Minutes < 1 {
			fail("phase %q has %d minutes", ph.Name, ph.Minutes)
		}
		if ph.Name == "" || len(ph.TeacherMoves) == 0 || len(ph.StudentTasks) == 0 || ph.Check == "" {
			fail("phase %q is incomplete", ph.Name)
		}
		for _, s := range ph.Supports {
			if !slices.Contains(r.Differentiation, s.Need) {
				fail("phase %q has a support for %q, not ticked", ph.Name, s.Need)
			}
		}
	}
	if sum != r.Minutes || p.About.Minutes != r.Minutes {
		fail("minutes: phases sum to %d, about says %d, want %d", sum, p.About.Minutes, r.Minutes)
	}
	if p.Title == "" || p.About.Subject == "" || p.About.Grade == "" || p.About.Model == "" {
		fail("title or about missing: %q %+v", p.Title, p.About)
	}
	if n := len(p.Objectives); n < 1 || n > 3 {
		fail("%d objectives", n)
	}
	higher := false
	for _, o := range p.Objectives {
		higher = higher || higherOrder(o.Bloom)
		if !strings.HasPrefix(o.Text, "Students will be able to ") || bloomRank(o.Bloom) < 0 {
			fail("objective %+v", o)
		}
	}
	if !higher {
		fail("no higher-order objective")
	}
	for name, n := range map[string]int{
		"successCriteria": len(p.SuccessCriteria), "materials": len(p.Materials), "vocabulary": len(p.Vocabulary),
		"priorKnowledge": len(p.PriorKnowledge), "phases": len(p.Phases), "exitTicket": len(p.ExitTicket.Prompts),
		"misconceptions": len(p.Misconceptions),
	} {
		if n == 0 {
			fail("section %s is empty", name)
		}
	}
	if len(p.Misconceptions) > 3 {
		fail("%d misconceptions", len(p.Misconceptions))
	}
	if p.Homework.Text == "" || p.ExitTicket.LookFor == "" {
		fail("homework or exit ticket incomplete")
	}
	if !strings.Contains(p.Provenance.Label, "draft") {
		fail("provenance label %q does not say it is a draft", p.Provenance.Label)
	}
	// Standards: exactly the teacher's, nothing else.
	if want := splitStandards(r.Standards); !slices.Equal(p.Standards, want) && (len(want) != 0 || len(p.Standards) != 0) {
		fail("standards %q, want %q", p.Standards, want)
	}
	// Supports: one entry per ticked need, in order, and each need in some phase.
	var needs []string
	for _, ns := range p.Differentiation {
		needs = append(needs, ns.Need)
		if len(ns.Supports) == 0 || ns.Label == "" {
			fail("need %s has no supports or label", ns.Need)
		}
		kinds := map[string]bool{}
		for _, s := range ns.Supports {
			kinds[s.Kind] = true
			if ns.Need == NeedAdvanced && s.Kind == KindExtension && higherOrder(s.Bloom) {
				kinds["higher"] = true
			}
		}
		if ns.Need == NeedIEP504 && (!kinds[KindPresentation] || !kinds[KindResponse] || !kinds[KindSetting] || !kinds[KindTiming]) {
			fail("IEP/504 supports miss a kind: %v", kinds)
		}
		if ns.Need == NeedAdvanced && !kinds["higher"] {
			fail("advanced learners have no higher-order extension")
		}
	}
	if !slices.Equal(needs, r.Differentiation) {
		fail("differentiation for %v, want %v", needs, r.Differentiation)
	}
	for _, need := range r.Differentiation {
		if !slices.ContainsFunc(p.Phases, func(ph Phase) bool {
			return slices.ContainsFunc(ph.Supports, func(s PhaseSupport) bool { return s.Need == need && s.Text != "" })
		}) {
			fail("no phase has a support for %s", need)
		}
	}
	placeholder := regexp.MustCompile(`\{[a-z]+\}`)
	for _, s := range planStrings(p) {
		if !strings.Contains(r.Topic, "{") && placeholder.MatchString(s) {
			fail("unfilled placeholder in %q", s)
		}
		if hasMarkup(s) || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 }) {
			fail("markup or control character in %q", s)
		}
	}
	if _, fixes := b.Validate(r, p); len(fixes) > 0 {
		fail("Validate changed the plan: %q", fixes)
	}
	return bad
}

// planStrings returns every string in p.
func planStrings(p Plan) []string {
	data, err := json.Marshal(p)
	if err != nil {
		panic(err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		panic(err)
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			out = append(out, x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return out
}
