package plan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// This file holds the rules every plan passes before anyone sees it, section by section.

// Validate returns p made safe and complete for req: each section is checked and repaired
// by ValidateSection, and a section that cannot be repaired (missing, empty, of the wrong
// shape) is replaced by the built-in plan's. fixes says, in the site's words, what was
// changed (for logs and tests; it never holds the teacher's or the model's text).
func (b *Builtin) Validate(req Request, p Plan) (out Plan, fixes []string) {
	r := b.Normalize(req)
	var base *Plan
	for _, key := range SectionKeys {
		before, _ := json.Marshal(sectionField(&p, key))
		f, err := b.validateSection(r, key, &p)
		fixes = append(fixes, f...)
		if after, _ := json.Marshal(sectionField(&p, key)); err == nil && len(f) == 0 && !bytes.Equal(before, after) {
			fixes = append(fixes, key+": text made plain or capped")
		}
		if err != nil {
			if base == nil {
				bp := b.Plan(r)
				base = &bp
			}
			copySection(&p, base, key)
			fixes = append(fixes, fmt.Sprintf("%s: %v; the built-in plan's is used", key, err))
		}
	}
	return p, fixes
}

// ValidateSection checks and repairs the section key of p for req, in place. It fails when
// the section cannot be repaired: it is empty, or misses what the section is for. Repairs
// (minutes re-balanced, a standard the teacher did not give removed, text capped and made
// plain, supports kept to the needs ticked) are silent here; Validate reports them.
func (b *Builtin) ValidateSection(req Request, key string, p *Plan) error {
	_, err := b.validateSection(b.Normalize(req), key, p)
	return err
}

// errEmpty is the failure of a section that has nothing usable in it.
var errEmpty = errors.New("empty")

// validateSection is ValidateSection for a normalised request.
func (b *Builtin) validateSection(r Request, key string, p *Plan) (fixes []string, err error) {
	fix := func(format string, args ...any) { fixes = append(fixes, key+": "+fmt.Sprintf(format, args...)) }
	switch key {
	case SectionTitle:
		if p.Title = cleanLine(p.Title, lim("title").runes); p.Title == "" {
			return fixes, errEmpty
		}
	case SectionAbout:
		model := r.Model
		if model == "" {
			model = subjectBanks[r.Subject].defaultModel
		}
		p.About = b.about(r, model)
	case SectionStandards:
		given := splitStandards(r.Standards)
		for _, s := range p.Standards {
			if !slices.Contains(given, cleanLine(s, lim("standards").runes)) {
				fix("removed a standard the teacher did not give")
			}
		}
		p.Standards = given
		if p.Standards == nil {
			p.Standards = []string{}
		}
	case SectionObjectives:
		return fixes, b.validateObjectives(r, p, fix)
	case SectionSuccessCriteria:
		p.SuccessCriteria = capList(p.SuccessCriteria, "successCriteria")
		if len(p.SuccessCriteria) == 0 {
			return fixes, errEmpty
		}
	case SectionMaterials:
		p.Materials = capList(p.Materials, "materials")
		if len(p.Materials) == 0 {
			return fixes, errEmpty
		}
	case SectionVocabulary:
		var out []Term
		for _, t := range p.Vocabulary {
			t = Term{Term: cleanLine(t.Term, lim("vocabulary.term").runes), Meaning: cleanLine(t.Meaning, lim("vocabulary.meaning").runes)}
			if t.Term != "" && len(out) < lim("vocabulary").items {
				out = append(out, t)
			}
		}
		if p.Vocabulary = out; len(out) == 0 {
			return fixes, errEmpty
		}
	case SectionPriorKnowledge:
		if p.PriorKnowledge = capList(p.PriorKnowledge, "priorKnowledge"); len(p.PriorKnowledge) == 0 {
			return fixes, errEmpty
		}
	case SectionPhases:
		return fixes, b.validatePhases(r, p, fix)
	case SectionExitTicket:
		p.ExitTicket.Prompts = capList(p.ExitTicket.Prompts, "exitTicket.prompts")
		p.ExitTicket.LookFor = cleanLine(p.ExitTicket.LookFor, lim("exitTicket.lookFor").runes)
		if len(p.ExitTicket.Prompts) == 0 {
			return fixes, errEmpty
		}
		if p.ExitTicket.LookFor == "" {
			p.ExitTicket.LookFor = "Answers that meet the success criteria."
		}
	case SectionDifferentiation:
		b.validateDifferentiation(r, p, fix)
	case SectionMisconceptions:
		var out []Misconception
		for _, m := range p.Misconceptions {
			m = Misconception{cleanLine(m.Misconception, lim("misconceptions.misconception").runes), cleanLine(m.Address, lim("misconceptions.address").runes)}
			if m.Misconception != "" && m.Address != "" && len(out) < lim("misconceptions").items {
				out = append(out, m)
			}
		}
		if p.Misconceptions = out; len(out) == 0 {
			return fixes, errEmpty
		}
	case SectionHomework:
		if p.Homework.Kind != "homework" && p.Homework.Kind != "extension" {
			p.Homework.Kind = "homework"
		}
		if p.Homework.Text = cleanLine(p.Homework.Text, lim("homework.text").runes); p.Homework.Text == "" {
			return fixes, errEmpty
		}
	case SectionProvenance:
		pv := p.Provenance
		switch pv.Generator {
		case GeneratorBuiltin, GeneratorAI, GeneratorFallback:
		default:
			return fixes, errors.New("unknown generator")
		}
		pv.Model = cleanLine(pv.Model, 100)
		if pv.Label = cleanLine(pv.Label, 400); !strings.Contains(pv.Label, "draft") {
			pv.Label = provenance(pv.Generator, pv.Model, "could not be used").Label
		}
		p.Provenance = pv
	default:
		return fixes, fmt.Errorf("unknown section %q", key)
	}
	return fixes, nil
}

func capList(items []string, path string) []string {
	l := lim(path)
	return cleanList(items, l.items, l.runes)
}

// validateObjectives keeps 1–3 objectives, each a "Students will be able to…" statement with
// a Bloom's level, at least one of them higher-order (the built-in plan's higher-order
// objective is added, or replaces the last, when none is).
func (b *Builtin) validateObjectives(r Request, p *Plan, fix func(string, ...any)) error {
	var out []Objective
	higher := false
	for _, o := range p.Objectives {
		text := cleanLine(o.Text, lim("objectives.text").runes)
		if text == "" || len(out) == lim("objectives").items {
			continue
		}
		if !strings.HasPrefix(text, swbat) {
			var level string
			text, level = phraseObjective(text)
			if bloomRank(o.Bloom) < 0 {
				o.Bloom = level
			}
		}
		if bloomRank(o.Bloom) < 0 {
			if l, ok := anyVerb(text); ok {
				o.Bloom = l
			} else {
				o.Bloom = BloomUnderstand
			}
		}
		higher = higher || higherOrder(o.Bloom)
		out = append(out, Objective{Text: text, Bloom: o.Bloom})
	}
	if len(out) == 0 {
		return errEmpty
	}
	if !higher {
		fix("no objective at analyse, evaluate or create: one was added")
		base := b.Plan(r).Objectives
		out = append(out[:min(len(out), 2)], base[len(base)-1])
	}
	p.Objectives = out
	return nil
}

// validatePhases keeps 1–16 named phases with text capped, a check in each, supports only
// for the needs ticked (and each ticked need in at least one phase), and minutes that are
// whole, at least one each, and add up exactly to the lesson's length.
func (b *Builtin) validatePhases(r Request, p *Plan, fix func(string, ...any)) error {
	var out []Phase
	for _, ph := range p.Phases {
		ph.Name = cleanLine(ph.Name, lim("phases.name").runes)
		if ph.Name == "" || len(out) == lim("phases").items {
			continue
		}
		ph.TeacherMoves = capList(ph.TeacherMoves, "phases.teacherMoves")
		ph.StudentTasks = capList(ph.StudentTasks, "phases.studentTasks")
		if ph.Check = cleanLine(ph.Check, lim("phases.check").runes); ph.Check == "" {
			ph.Check = "Ask two or three students to explain where they are before moving on."
		}
		var sup []PhaseSupport
		for _, s := range ph.Supports {
			s.Text = cleanLine(s.Text, lim("phases.supports.text").runes)
			switch {
			case !slices.Contains(r.Differentiation, s.Need):
				fix("removed a support for a need not ticked")
			case s.Text != "" && len(sup) < lim("phases.supports").items:
				s.Label = label(b.opts.Needs, s.Need)
				sup = append(sup, s)
			}
		}
		ph.Supports = sup
		if ph.Supports == nil {
			ph.Supports = []PhaseSupport{}
		}
		out = append(out, ph)
	}
	if len(out) == 0 {
		return errEmpty
	}
	for _, need := range r.Differentiation { // every ticked need has supports in the phases
		found := false
		for _, ph := range out {
			found = found || slices.ContainsFunc(ph.Supports, func(s PhaseSupport) bool { return s.Need == need })
		}
		if !found {
			fix("added phase supports for %s", need)
			for i := range out {
				if !strings.Contains(strings.ToLower(out[i].Name), "break") {
					out[i].Supports = append(out[i].Supports, PhaseSupport{Need: need, Label: label(b.opts.Needs, need), Text: needBanks[need].phase[groupPractice]})
				}
			}
		}
	}
	weights := make([]int, len(out))
	sum, ok := 0, true
	for i, ph := range out {
		weights[i] = ph.Minutes
		sum += ph.Minutes
		ok = ok && ph.Minutes >= 1
	}
	if !ok || sum != r.Minutes {
		fix("minutes re-balanced from %d to %d", sum, r.Minutes)
		for i, m := range apportion(weights, r.Minutes) {
			out[i].Minutes = m
		}
	}
	p.Phases = out
	return nil
}
