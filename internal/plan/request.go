package plan

import (
	"slices"
	"strings"
)

// Field caps of a request (forms.json's maxLength for each field; the server checks them
// first, these keep the package safe on its own).
const (
	maxTopic      = 200
	maxObjectives = 2000
	maxStandards  = 1000
	maxNotes      = 1000
	minMinutes    = 15
	maxMinutes    = 180
)

// Normalize returns req made safe and canonical: text cleaned and capped, minutes clamped to
// 15–180, an unknown subject read as "other", an unknown grade or model dropped, needs
// deduplicated, unknown ones dropped, in the form's order. Two requests that make the same
// plan normalise to the same value (the cache key depends on it).
func (o Options) Normalize(req Request) Request {
	r := Request{
		Subject:    req.Subject,
		Grade:      req.Grade,
		Topic:      cleanLine(req.Topic, maxTopic),
		Minutes:    min(max(req.Minutes, minMinutes), maxMinutes),
		Objectives: cleanBlock(req.Objectives, maxObjectives),
		Standards:  cleanBlock(req.Standards, maxStandards),
		Model:      req.Model,
		Notes:      cleanBlock(req.Notes, maxNotes),
	}
	if label(o.Subjects, r.Subject) == "" {
		r.Subject = "other"
	}
	if label(o.Grades, r.Grade) == "" {
		r.Grade = ""
	}
	if label(o.Models, r.Model) == "" {
		r.Model = ""
	}
	for _, opt := range o.Needs {
		if slices.Contains(req.Differentiation, opt.Value) {
			r.Differentiation = append(r.Differentiation, opt.Value)
		}
	}
	if r.Topic == "" {
		r.Topic = "today's topic"
	}
	return r
}

// splitStandards splits the teacher's standards text into the standards as typed: one per
// line or per semicolon, and a line of comma-separated codes (no spaces inside any part,
// like "RL.9-10.1, RL.9-10.2") into its codes. Wording with commas stays whole.
func splitStandards(text string) []string {
	var out []string
	for _, line := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == ';' }) {
		line = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "-•*"))
		parts := strings.Split(line, ",")
		codes := len(parts) > 1
		for _, p := range parts {
			if p = strings.TrimSpace(p); p == "" || strings.ContainsAny(p, " \t") {
				codes = false
			}
		}
		if !codes {
			parts = []string{line}
		}
		for _, p := range parts {
			if p = cleanLine(p, 300); p != "" && !slices.Contains(out, p) && len(out) < 12 {
				out = append(out, p)
			}
		}
	}
	return out
}
