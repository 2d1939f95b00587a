package plan

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
)

// This file renders a plan as HTML (plan.html): a section at a time, for a streamed page, or
// the whole plan. The markup is semantic (section, h2–h4, p, ul/ol, dl, a timing table with
// caption and th scope) with a few plan-* classes for the page's stylesheet; every value is
// escaped by html/template.

//go:embed plan.html
var planHTML string

var planTemplates = template.Must(template.New("plan").Funcs(template.FuncMap{
	"aboutLine":    aboutLine,
	"heading":      Heading,
	"minutes":      minutes,
	"noStandards":  func() string { return noStandards },
	"kindLabel":    kindLabel,
	"upperFirst":   upperFirst,
	"whatHappens":  whatHappens,
	"totalMinutes": totalMinutes,
}).Parse(planHTML))

func totalMinutes(phases []Phase) int {
	n := 0
	for _, ph := range phases {
		n += ph.Minutes
	}
	return n
}

// RenderSection writes section key of p as HTML: a <section id="plan-KEY" data-section="KEY">
// with its heading (h3; the title is the plan's h2, phases are h4).
func RenderSection(w io.Writer, key string, p Plan) error {
	t := planTemplates.Lookup(key)
	if t == nil {
		return fmt.Errorf("plan: no section %q", key)
	}
	return t.Execute(w, p)
}

// RenderHTML writes the whole plan as HTML: an <article class="lesson-plan"> holding every
// section in order. A streamed page writes the article's tags itself and RenderSection as
// each section arrives.
func RenderHTML(w io.Writer, p Plan) error {
	if _, err := io.WriteString(w, `<article class="lesson-plan">`+"\n"); err != nil {
		return err
	}
	for _, key := range SectionKeys {
		if err := RenderSection(w, key, p); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, "</article>\n")
	return err
}
