package plan

import "reflect"

// This file maps section keys to Plan's fields, for decoding a streamed section into its
// place and for replacing one section by another plan's.

// copySection sets the section key of dst to src's.
func copySection(dst, src *Plan, key string) {
	d, s := sectionField(dst, key), sectionField(src, key)
	if d != nil {
		reflect.ValueOf(d).Elem().Set(reflect.ValueOf(s).Elem())
	}
}

// sectionField returns a pointer to the field of p that holds section key (for decoding a
// streamed section into it), or nil for an unknown key.
func sectionField(p *Plan, key string) any {
	switch key {
	case SectionTitle:
		return &p.Title
	case SectionAbout:
		return &p.About
	case SectionStandards:
		return &p.Standards
	case SectionObjectives:
		return &p.Objectives
	case SectionSuccessCriteria:
		return &p.SuccessCriteria
	case SectionMaterials:
		return &p.Materials
	case SectionVocabulary:
		return &p.Vocabulary
	case SectionPriorKnowledge:
		return &p.PriorKnowledge
	case SectionPhases:
		return &p.Phases
	case SectionExitTicket:
		return &p.ExitTicket
	case SectionDifferentiation:
		return &p.Differentiation
	case SectionMisconceptions:
		return &p.Misconceptions
	case SectionHomework:
		return &p.Homework
	case SectionProvenance:
		return &p.Provenance
	}
	return nil
}

// SectionValue returns the value of section key in p (what its JSON member holds), for a
// caller that streams sections as JSON; nil for an unknown key.
func (p Plan) SectionValue(key string) any {
	f := sectionField(&p, key)
	if f == nil {
		return nil
	}
	return reflect.ValueOf(f).Elem().Interface()
}
