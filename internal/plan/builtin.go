package plan

import (
	"context"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Builtin is the built-in planner: deterministic, no network, a complete plan from the
// request alone. It also holds the form's options, so it is what validates every plan
// (Validate), whoever made it. It is safe for concurrent use.
type Builtin struct {
	opts Options
}

// NewBuiltin returns the built-in planner for the form's options (ParseOptions of
// web/forms.json). It fails if a subject, model, grade or need of the form has no bank
// here, or a bank has no option: the two must name the same choices.
func NewBuiltin(opts Options) (*Builtin, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	return &Builtin{opts: opts}, nil
}

// Options returns the form's options the planner was made with.
func (b *Builtin) Options() Options { return b.opts }

// Normalize is Options.Normalize: the request as every generator and the cache see it.
func (b *Builtin) Normalize(req Request) Request { return b.opts.Normalize(req) }

// Generate makes the built-in plan and hands its sections to onSection in order. It never
// fails; it has the shape of AI.Generate so callers can treat both alike.
func (b *Builtin) Generate(_ context.Context, req Request, onSection OnSection) (Plan, error) {
	p := b.Plan(req)
	emitAll(p, onSection, false)
	return p, nil
}

// emitAll hands every section of p to onSection in order (restart marks the first).
func emitAll(p Plan, onSection OnSection, restart bool) {
	if onSection == nil {
		return
	}
	for i, key := range SectionKeys {
		onSection(Section{Key: key, Plan: p, Restart: restart && i == 0})
	}
}

// builder holds what one built-in plan is made from.
type builder struct {
	r     Request
	sb    subjectBank
	model string
	seed  uint64
	vars  fillVars
}

// Plan returns the built-in plan for req. The same request always gives the same plan.
func (b *Builtin) Plan(req Request) Plan {
	r := b.Normalize(req)
	bd := builder{r: r, sb: subjectBanks[r.Subject], model: r.Model}
	if bd.model == "" {
		bd.model = bd.sb.defaultModel
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%s|%d|%s", r.Subject, r.Grade, r.Topic, r.Minutes, bd.model)
	bd.seed = h.Sum64()
	bd.vars = fillVars{topic: r.Topic, work: bd.sb.work, example: bd.sb.example, evidence: bd.sb.evidence}
	bd.vars.add = bd.text(bd.sb.add) // "[add 2–3 sources on {topic}…]"

	p := Plan{
		Title:      bd.title(b.opts),
		About:      b.about(r, bd.model),
		Standards:  splitStandards(r.Standards),
		Objectives: bd.objectives(),
	}
	if p.Standards == nil {
		p.Standards = []string{}
	}
	for _, o := range p.Objectives {
		p.SuccessCriteria = append(p.SuccessCriteria, criterionFor(o))
	}
	p.SuccessCriteria = append(p.SuccessCriteria, bd.text("I can support my answer with {evidence}."))
	p.Materials = bd.materials()
	p.Vocabulary = bd.vocabulary()
	p.PriorKnowledge = []string{
		bd.text("What students learned in the lessons before {topic} [add the previous lesson or unit this builds on]."),
		"The key vocabulary from earlier lessons that today's tasks rely on.",
	}
	p.Phases = bd.phases(b.opts)
	p.ExitTicket = ExitTicket{
		Prompts: []string{bd.text(exitPrompts[bd.pick(1, len(exitPrompts))][0]), bd.text(exitPrompts[bd.pick(2, len(exitPrompts))][1])},
		LookFor: "Answers that meet the success criteria in students' own words; note who needs another pass tomorrow.",
	}
	p.Differentiation = bd.differentiation(b.opts)
	p.Misconceptions = bd.misconceptions()
	p.Homework = Homework{Kind: "homework", Text: bd.text(bd.sb.homework[bd.pick(3, len(bd.sb.homework))])}
	p.Provenance = provenance(GeneratorBuiltin, "", "")
	return p
}

// about is the About section for a normalised request: the form's labels.
func (b *Builtin) about(r Request, model string) About {
	a := About{Subject: label(b.opts.Subjects, r.Subject), Grade: label(b.opts.Grades, r.Grade), Minutes: r.Minutes,
		Model: label(b.opts.Models, model)}
	if a.Grade == "" {
		a.Grade = "High school"
	}
	if r.Model == "" {
		a.Model += " (chosen for the subject)"
	}
	return a
}

// pick returns a number below n chosen by the request and salt: the same request always
// picks the same activity, different requests spread over the bank.
func (bd *builder) pick(salt uint64, n int) int {
	x := bd.seed ^ (salt * 0x9E3779B97F4A7C15)
	x ^= x >> 29
	return int(x % uint64(n))
}

func (bd *builder) text(s string) string { return bd.vars.expand(s) }

func (bd *builder) title(o Options) string {
	grade := label(o.Grades, bd.r.Grade)
	if grade == "" {
		grade = "High school"
	}
	return upperFirst(truncate(bd.r.Topic, 80)) + ": " + label(o.Subjects, bd.r.Subject) + ", " + grade
}

// objectives uses the teacher's objectives when given (at most three, at least one of them
// higher-order: if none is, the first two are kept and a higher-order one is added), and
// otherwise writes two: one at understand or apply, one at analyse, evaluate or create.
func (bd *builder) objectives() []Objective {
	var out []Objective
	for _, t := range splitObjectives(bd.r.Objectives) {
		if len(out) == 3 {
			break
		}
		text, level := phraseObjective(t)
		out = append(out, Objective{Text: text, Bloom: level})
	}
	hasHigher := false
	for _, o := range out {
		hasHigher = hasHigher || higherOrder(o.Bloom)
	}
	if len(out) == 0 {
		base := []string{BloomUnderstand, BloomApply}[bd.pick(4, 2)]
		out = append(out, bd.objective(base, 5))
	}
	if !hasHigher {
		out = append(out[:min(len(out), 2)], bd.objective([]string{BloomAnalyse, BloomEvaluate, BloomCreate}[bd.pick(6, 3)], 7))
	}
	return out
}

func (bd *builder) objective(level string, salt uint64) Objective {
	ts := objectiveTemplates[level]
	return Objective{Text: swbat + bd.text(ts[bd.pick(salt, len(ts))]) + ".", Bloom: level}
}

func (bd *builder) materials() []string {
	out := []string{}
	for _, m := range bd.sb.materials {
		out = append(out, bd.text(m))
	}
	switch bd.model {
	case ModelSocratic:
		out = append(out, "Seminar norms and a discussion-tracking sheet")
	case ModelProject:
		out = append(out, "The project brief, task list and success criteria")
	}
	return append(out, "Exit ticket slips (paper or a short online form)")
}

// vocabulary lists the topic itself (the teacher writes its definition: the planner does
// not invent one) and the subject's academic words.
func (bd *builder) vocabulary() []Term {
	out := []Term{{Term: truncate(bd.r.Topic, 60), Meaning: "[add the student-friendly definition you will use]"}}
	return append(out, bd.sb.academic...)
}

// phases lays out the model's phases and fills in their texts, checks and supports.
func (bd *builder) phases(o Options) []Phase {
	specs, rounds, minutes := layout(modelTemplates[bd.model], bd.r.Minutes)
	firstPractice := bd.pick(11, len(bd.sb.practice))
	hook := bd.text(bd.sb.hooks[bd.pick(10, len(bd.sb.hooks))])
	out := make([]Phase, len(specs))
	for i, s := range specs {
		t := phaseBank[s.kind]
		v := bd.vars // round 2 of a long lesson practises differently
		v.hook = hook
		v.practice = bd.text(bd.sb.practice[(firstPractice+rounds[i]-1)%len(bd.sb.practice)])
		v.check = bd.text(bd.sb.checks[bd.pick(uint64(20+i), len(bd.sb.checks))])
		ph := Phase{Name: t.name, Minutes: minutes[i], Check: v.expand(t.check), Supports: []PhaseSupport{}}
		if rounds[i] == 2 {
			ph.Name += " (round 2)"
		}
		for _, m := range t.teacher {
			ph.TeacherMoves = append(ph.TeacherMoves, upperFirst(v.expand(m)))
		}
		for _, m := range t.student {
			ph.StudentTasks = append(ph.StudentTasks, upperFirst(v.expand(m)))
		}
		if t.group != groupBreak {
			ph.Check = bd.midChecks(ph.Minutes) + ph.Check
			for _, need := range bd.r.Differentiation {
				ph.Supports = append(ph.Supports, PhaseSupport{Need: need, Label: label(o.Needs, need), Text: needBanks[need].phase[t.group]})
			}
		}
		out[i] = ph
	}
	return out
}

// midChecks adds checks inside a long phase: in direct instruction every 8–10 minutes, in
// the other models one check-in halfway through a phase of 20 minutes or more.
func (bd *builder) midChecks(minutes int) string {
	var at []int
	if bd.model == ModelDirect {
		for m := 9; m <= minutes-2; m += 9 {
			at = append(at, m)
		}
	} else if minutes >= 20 {
		at = []int{minutes / 2}
	}
	if len(at) == 0 {
		return ""
	}
	marks := make([]string, len(at))
	for i, m := range at {
		marks[i] = strconv.Itoa(m)
	}
	return "Quick check-in at minute " + strings.Join(marks, ", ") + " of this phase (a question to the room or a look at work in progress). At the end: "
}

func (bd *builder) differentiation(o Options) []NeedSupports {
	out := []NeedSupports{}
	for _, need := range bd.r.Differentiation {
		ns := NeedSupports{Need: need, Label: label(o.Needs, need)}
		for _, s := range needBanks[need].supports {
			s.Text = bd.text(s.Text)
			ns.Supports = append(ns.Supports, s)
		}
		out = append(out, ns)
	}
	return out
}

func (bd *builder) misconceptions() []Misconception {
	ms := bd.sb.misconceptions
	first := bd.pick(30, len(ms))
	out := []Misconception{}
	for _, i := range []int{first, (first + 1) % len(ms)} {
		out = append(out, Misconception{Misconception: bd.text(ms[i].Misconception), Address: bd.text(ms[i].Address)})
	}
	return out
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// provenance says how a plan was made. reason completes "because the AI service …" for a
// fallback plan.
func provenance(generator, model, reason string) Provenance {
	const draft = " It is a draft: check it, add your own examples and adapt it to your class before you teach it."
	p := Provenance{Generator: generator}
	switch generator {
	case GeneratorAI:
		p.Model = model
		p.Label = "Drafted by the AI model " + model + ", then checked by the site (timing, standards, length, plain text)." + draft
	case GeneratorFallback:
		p.Label = "Made by the built-in planner because the AI service " + reason + "." + draft
	default:
		p.Label = "Made by the built-in planner from the details you gave; no AI service was used." + draft
	}
	return p
}
