package plan

import (
	"fmt"
	"strconv"
	"strings"
)

// This file writes a plan as plain text ("copy as text") and holds the headings and labels
// every output (text, .docx, HTML) shares.

// sectionHeadings are the headings of the sections (title and about have none: the title is
// the plan's heading and about is the line under it).
var sectionHeadings = map[string]string{
	SectionStandards:       "Standards",
	SectionObjectives:      "Objectives",
	SectionSuccessCriteria: "Success criteria",
	SectionMaterials:       "Materials",
	SectionVocabulary:      "Key vocabulary",
	SectionPriorKnowledge:  "Prior knowledge",
	SectionPhases:          "Lesson phases",
	SectionExitTicket:      "Exit ticket",
	SectionDifferentiation: "Differentiation",
	SectionMisconceptions:  "Likely misconceptions",
	SectionHomework:        "Homework or extension",
	SectionProvenance:      "How this plan was made",
}

// Heading returns the heading of section key ("" for title and about).
func Heading(key string) string { return sectionHeadings[key] }

// aboutLine is the line under the title: "Mathematics · Grade 10 · 50 minutes · Direct instruction".
func aboutLine(a About) string {
	parts := []string{a.Subject, a.Grade, minutes(a.Minutes)}
	if a.Model != "" {
		parts = append(parts, a.Model)
	}
	return strings.Join(parts, " · ")
}

func minutes(n int) string {
	if n == 1 {
		return "1 minute"
	}
	return strconv.Itoa(n) + " minutes"
}

// kindLabel is how a support's kind reads ("Presentation"; "Extension (evaluate)").
func kindLabel(s Support) string {
	k := upperFirst(s.Kind)
	if s.Bloom != "" {
		k += " (" + s.Bloom + ")"
	}
	return k
}

// noStandards is what the standards section says when the teacher gave none.
const noStandards = "None given. Add the standards your school uses; this plan does not choose them for you."

// Text returns the plan as plain text, section by section, for "copy as text".
func Text(p Plan) string {
	var b strings.Builder
	for _, key := range SectionKeys {
		writeTextSection(&b, key, p)
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

func writeTextSection(b *strings.Builder, key string, p Plan) {
	line := func(format string, args ...any) { fmt.Fprintf(b, format+"\n", args...) }
	list := func(items []string) {
		for _, it := range items {
			line("- %s", it)
		}
	}
	if h := Heading(key); h != "" {
		line("%s\n%s", strings.ToUpper(h), strings.Repeat("=", len(h)))
	}
	switch key {
	case SectionTitle:
		line("%s", p.Title)
	case SectionAbout:
		line("%s", aboutLine(p.About))
	case SectionStandards:
		if len(p.Standards) == 0 {
			line("%s", noStandards)
		}
		list(p.Standards)
	case SectionObjectives:
		for _, o := range p.Objectives {
			line("- %s (Bloom's level: %s)", o.Text, o.Bloom)
		}
	case SectionSuccessCriteria:
		list(p.SuccessCriteria)
	case SectionMaterials:
		list(p.Materials)
	case SectionVocabulary:
		for _, t := range p.Vocabulary {
			line("- %s: %s", t.Term, t.Meaning)
		}
	case SectionPriorKnowledge:
		list(p.PriorKnowledge)
	case SectionPhases:
		for i, ph := range p.Phases {
			line("%d. %s (%s)", i+1, ph.Name, minutes(ph.Minutes))
			for _, m := range ph.TeacherMoves {
				line("   Teacher: %s", m)
			}
			for _, t := range ph.StudentTasks {
				line("   Students: %s", t)
			}
			line("   Check for understanding: %s", ph.Check)
			for _, s := range ph.Supports {
				line("   Support (%s): %s", s.Label, s.Text)
			}
		}
	case SectionExitTicket:
		list(p.ExitTicket.Prompts)
		line("Look for: %s", p.ExitTicket.LookFor)
	case SectionDifferentiation:
		if len(p.Differentiation) == 0 {
			line("No differentiation needs were ticked.")
		}
		for _, ns := range p.Differentiation {
			line("%s", ns.Label)
			for _, s := range ns.Supports {
				line("- %s: %s", kindLabel(s), s.Text)
			}
		}
	case SectionMisconceptions:
		for _, m := range p.Misconceptions {
			line("- %s", m.Misconception)
			line("  How to address it: %s", m.Address)
		}
	case SectionHomework:
		line("%s: %s", upperFirst(p.Homework.Kind), p.Homework.Text)
	case SectionProvenance:
		line("%s", p.Provenance.Label)
	}
	line("")
}
