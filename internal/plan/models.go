package plan

// This file holds the instructional models' phase templates and how a lesson's minutes are
// shared out among the phases.

// phaseSpec is one phase of a template: the kind of phase (a key of phaseBank) and its
// share of the lesson's minutes (weights, not percentages: they need not add up to 100).
type phaseSpec struct {
	kind  string
	share int
}

// modelTemplate is an instructional model's shape. A lesson of 30–90 minutes is opening,
// one cycle, closing; a longer one repeats the cycle with a break between; a lesson under
// shortLesson minutes collapses to the three short phases.
type modelTemplate struct {
	opening, cycle, closing []phaseSpec
	short                   [3]phaseSpec
}

// Lesson lengths where the shape changes.
const (
	shortLesson = 30 // under this: three phases
	longLesson  = 90 // over this: the cycle twice, with a break
)

// modelTemplates are keyed by forms.json instructionalModel values. The shares follow the
// usual splits of a 50-minute lesson: direct instruction as gradual release (set, I do, we
// do, you do, closure), 5E's engage–explore–explain–elaborate–evaluate, an inquiry's
// question–investigate–analyse–share–reflect, a project workshop (mini-lesson, work time,
// critique, reflection) and a Socratic seminar (preparation, opening question, inner and
// outer circle, debrief).
var modelTemplates = map[string]modelTemplate{
	ModelDirect: {
		opening: []phaseSpec{{"warmup", 10}},
		cycle:   []phaseSpec{{"model", 22}, {"guided", 25}, {"independent", 30}},
		closing: []phaseSpec{{"closure", 13}},
		short:   [3]phaseSpec{{"model", 35}, {"guided", 40}, {"closure", 25}},
	},
	Model5E: {
		opening: []phaseSpec{{"engage", 10}},
		cycle:   []phaseSpec{{"explore", 30}, {"explain", 22}, {"elaborate", 23}},
		closing: []phaseSpec{{"evaluate", 15}},
		short:   [3]phaseSpec{{"engage", 25}, {"explore", 50}, {"evaluate", 25}},
	},
	ModelInquiry: {
		opening: []phaseSpec{{"question", 10}},
		cycle:   []phaseSpec{{"investigate", 40}, {"analyse", 25}, {"share", 15}},
		closing: []phaseSpec{{"reflect", 10}},
		short:   [3]phaseSpec{{"question", 25}, {"investigate", 50}, {"reflect", 25}},
	},
	ModelProject: {
		opening: []phaseSpec{{"minilesson", 15}},
		cycle:   []phaseSpec{{"worktime", 60}, {"critique", 15}},
		closing: []phaseSpec{{"projectReflect", 10}},
		short:   [3]phaseSpec{{"minilesson", 25}, {"worktime", 55}, {"projectReflect", 20}},
	},
	ModelSocratic: {
		opening: []phaseSpec{{"prepare", 20}, {"openingQuestion", 10}},
		cycle:   []phaseSpec{{"innerCircle", 25}, {"outerCircle", 25}},
		closing: []phaseSpec{{"debrief", 20}},
		short:   [3]phaseSpec{{"prepare", 30}, {"innerCircle", 50}, {"debrief", 20}},
	},
}

// breakMinutes is the length of the break a long lesson gets between its two cycles.
func breakMinutes(total int) int {
	if total > 120 {
		return 10
	}
	return 5
}

// layout returns the phases of a lesson of total minutes in model m (its kinds, the round
// each belongs to, 1 or 2) and their minutes, whole and summing exactly to total.
func layout(m modelTemplate, total int) (specs []phaseSpec, rounds []int, minutes []int) {
	if total < shortLesson {
		specs = m.short[:]
		rounds = []int{1, 1, 1}
		return specs, rounds, apportion(shares(specs), total)
	}
	add := func(ps []phaseSpec, round int) {
		for _, p := range ps {
			specs = append(specs, p)
			rounds = append(rounds, round)
		}
	}
	add(m.opening, 1)
	add(m.cycle, 1)
	brk := -1
	if total > longLesson {
		brk = len(specs)
		add([]phaseSpec{{"break", 0}}, 1)
		add(m.cycle, 2)
	}
	add(m.closing, 1)
	if brk < 0 {
		return specs, rounds, apportion(shares(specs), total)
	}
	// The break has a fixed length; the rest is shared out among the other phases.
	b := breakMinutes(total)
	rest := append(shares(specs[:brk]), shares(specs[brk+1:])...)
	mins := apportion(rest, total-b)
	minutes = append(append(append([]int{}, mins[:brk]...), b), mins[brk:]...)
	return specs, rounds, minutes
}

func shares(ps []phaseSpec) []int {
	w := make([]int, len(ps))
	for i, p := range ps {
		w[i] = p.share
	}
	return w
}

// apportion shares total whole minutes among len(weights) phases in proportion to weights
// (largest remainder), every phase getting at least one minute. Weights that are not
// positive count as one. If there are more phases than minutes, the result cannot sum to
// total; callers cap the number of phases first (Validate keeps at most 16, and lessons
// are at least 15 minutes).
func apportion(weights []int, total int) []int {
	n := len(weights)
	out := make([]int, n)
	if n == 0 {
		return out
	}
	w := make([]int, n)
	sum := 0
	for i, x := range weights {
		w[i] = max(x, 1)
		sum += w[i]
	}
	rem := make([]int, n) // remainders, in units of 1/sum minute
	got := 0
	for i := range w {
		out[i] = w[i] * total / sum
		rem[i] = w[i] * total % sum
		if out[i] < 1 {
			out[i], rem[i] = 1, 0
		}
		got += out[i]
	}
	for got < total { // give a minute to the largest remainder (first one on ties)
		best := 0
		for i := range rem {
			if rem[i] > rem[best] {
				best = i
			}
		}
		if rem[best] == 0 { // no remainders left: the largest weight takes it
			best = argmax(w)
		}
		out[best]++
		rem[best] = 0
		got++
	}
	for got > total { // the one-minute floor overshot: take from the longest phases
		i := argmax(out)
		if out[i] <= 1 {
			break
		}
		out[i]--
		got--
	}
	return out
}

func argmax(xs []int) int {
	best := 0
	for i, x := range xs {
		if x > xs[best] {
			best = i
		}
	}
	return best
}
