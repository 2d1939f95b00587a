package plan

import "slices"

// validateDifferentiation keeps supports for the ticked needs only, in the form's order,
// adding the built-in plan's for a ticked need the plan has none for; IEP/504 supports cover
// presentation, response, setting and timing, and advanced learners get an extension at
// analyse, evaluate or create.
func (b *Builtin) validateDifferentiation(r Request, p *Plan, fix func(string, ...any)) {
	var base []NeedSupports
	baseFor := func(need string) NeedSupports {
		if base == nil {
			base = b.Plan(r).Differentiation
		}
		i := slices.IndexFunc(base, func(n NeedSupports) bool { return n.Need == need })
		return base[i]
	}
	out := []NeedSupports{}
	for _, ns := range p.Differentiation {
		if !slices.Contains(r.Differentiation, ns.Need) {
			fix("removed supports for a need not ticked")
		}
	}
	for _, need := range r.Differentiation {
		i := slices.IndexFunc(p.Differentiation, func(n NeedSupports) bool { return n.Need == need })
		var sup []Support
		if i >= 0 {
			for _, s := range p.Differentiation[i].Supports {
				s.Text = cleanLine(s.Text, lim("differentiation.supports.text").runes)
				if s.Kind != KindExtension {
					s.Bloom = ""
				} else if bloomRank(s.Bloom) < 0 {
					s.Bloom = BloomCreate
				}
				if s.Text != "" && slices.Contains(schemaEnums["kind"], s.Kind) && len(sup) < lim("differentiation.supports").items {
					sup = append(sup, s)
				}
			}
		}
		var want []func(Support) bool
		switch need {
		case NeedIEP504:
			for _, k := range []string{KindPresentation, KindResponse, KindSetting, KindTiming} {
				want = append(want, func(s Support) bool { return s.Kind == k })
			}
		case NeedAdvanced:
			want = append(want, func(s Support) bool { return s.Kind == KindExtension && higherOrder(s.Bloom) })
		default:
			want = append(want, func(Support) bool { return true })
		}
		for _, ok := range want {
			if !slices.ContainsFunc(sup, ok) {
				fix("added a missing support for %s", need)
				j := slices.IndexFunc(baseFor(need).Supports, ok)
				sup = append(sup, baseFor(need).Supports[j])
			}
		}
		out = append(out, NeedSupports{Need: need, Label: label(b.opts.Needs, need), Supports: sup})
	}
	p.Differentiation = out
}
