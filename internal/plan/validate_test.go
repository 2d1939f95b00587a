package plan

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestValidate: whatever a generator returns, Validate gives a sound plan for the request:
// the table breaks one rule each and checks the repair.
func TestValidate(t *testing.T) {
	b := testBuiltin(t)
	req := Request{Subject: "english", Grade: "9", Topic: "Symbolism in short stories", Minutes: 47, Model: ModelSocratic,
		Standards: "RL.9-10.2\nRL.9-10.4", Differentiation: []string{NeedIEP504}}
	r := b.Normalize(req)
	good := b.Plan(req)
	long := strings.Repeat("word ", 400)
	tests := []struct {
		name  string
		edit  func(p *Plan)
		check func(t *testing.T, p Plan)
	}{
		{"nothing at all", func(p *Plan) { *p = Plan{} }, nil},
		{"minutes do not add up", func(p *Plan) {
			for i := range p.Phases {
				p.Phases[i].Minutes = 30
			}
			p.Phases[1].Minutes = 0
		}, nil},
		{"minutes add up but one phase is negative", func(p *Plan) {
			p.Phases[0].Minutes += p.Phases[1].Minutes + 1
			p.Phases[1].Minutes = -1
		}, nil},
		{"more phases than allowed", func(p *Plan) {
			for len(p.Phases) < 40 {
				p.Phases = append(p.Phases, p.Phases[0])
			}
		}, func(t *testing.T, p Plan) {
			if len(p.Phases) != 16 {
				t.Errorf("%d phases", len(p.Phases))
			}
		}},
		{"an invented standard", func(p *Plan) { p.Standards = []string{"RL.9-10.2", "RL.9-10.99", "CCSS.MATH.1"} }, nil},
		{"markup and control characters", func(p *Plan) {
			p.Title = "<h1>Title</h1>\x00\u202e"
			p.Materials = []string{`<a href="javascript:alert(1)">link</a>`, "<!-- x -->", "<"}
			p.Phases[0].TeacherMoves = []string{"<script>alert(1)</script>Explain <b>symbols</b>"}
		}, func(t *testing.T, p Plan) {
			if p.Title != "Title" || !slices.Equal(p.Materials, []string{"link", "<"}) || p.Phases[0].TeacherMoves[0] != "alert(1) Explain symbols" {
				t.Errorf("title %q materials %q moves %q", p.Title, p.Materials, p.Phases[0].TeacherMoves)
			}
		}},
		{"over-long text and lists", func(p *Plan) {
			p.Title = long
			p.Materials = slices.Repeat([]string{long}, 50)
		}, func(t *testing.T, p Plan) {
			if utf8.RuneCountInString(p.Title) != 120 || len(p.Materials) != 12 || utf8.RuneCountInString(p.Materials[0]) != 200 ||
				!strings.HasSuffix(p.Title, "…") {
				t.Errorf("title %d runes, %d materials of %d runes", utf8.RuneCountInString(p.Title), len(p.Materials), utf8.RuneCountInString(p.Materials[0]))
			}
		}},
		{"too many objectives, none higher-order, not phrased", func(p *Plan) {
			p.Objectives = []Objective{{"identify symbols", "remember"}, {"List motifs", "bogus"}, {"Describe mood", "understand"}, {"Name authors", "remember"}}
		}, func(t *testing.T, p Plan) {
			if p.Objectives[0].Text != "Students will be able to identify symbols." || p.Objectives[1].Bloom != BloomRemember {
				t.Errorf("objectives %+v", p.Objectives)
			}
		}},
		{"supports for needs not ticked, none for the ticked one", func(p *Plan) {
			p.Differentiation = []NeedSupports{{Need: NeedAdvanced, Supports: []Support{{Kind: KindExtension, Bloom: BloomCreate, Text: "x"}}}}
			for i := range p.Phases {
				p.Phases[i].Supports = []PhaseSupport{{Need: NeedEnglishLearners, Text: "frames"}}
			}
		}, nil},
		{"IEP/504 supports missing kinds", func(p *Plan) {
			p.Differentiation[0].Supports = []Support{{Kind: KindTiming, Text: "More time"}, {Kind: "bogus", Text: "x"}}
		}, func(t *testing.T, p Plan) {
			if p.Differentiation[0].Supports[0].Text != "More time" {
				t.Errorf("the generator's own support was not kept: %+v", p.Differentiation[0].Supports)
			}
		}},
		{"empty sections", func(p *Plan) {
			p.SuccessCriteria, p.Vocabulary, p.Misconceptions = []string{" "}, []Term{{"", "x"}}, nil
			p.ExitTicket, p.Homework = ExitTicket{}, Homework{Kind: "essay"}
		}, nil},
		{"an unknown generator", func(p *Plan) { p.Provenance = Provenance{Generator: "magic", Label: "trust me"} }, func(t *testing.T, p Plan) {
			if p.Provenance.Generator != GeneratorBuiltin {
				t.Errorf("provenance %+v", p.Provenance)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := b.Plan(req)
			tt.edit(&p)
			got, fixes := b.Validate(req, p)
			if len(fixes) == 0 {
				t.Error("Validate reported no fix")
			}
			for _, problem := range planProblems(b, r, got) {
				t.Error(problem)
			}
			if tt.check != nil {
				tt.check(t, got)
			}
		})
	}
	if _, fixes := b.Validate(req, good); len(fixes) != 0 {
		t.Errorf("a sound plan was changed: %q", fixes)
	}
	if err := b.ValidateSection(req, "nonsense", &good); err == nil {
		t.Error("an unknown section validated")
	}
}

// TestApportion: whole minutes, at least one each, summing exactly, in proportion.
func TestApportion(t *testing.T) {
	tests := []struct {
		name    string
		weights []int
		total   int
		want    []int
	}{
		{"exact already", []int{5, 10, 35}, 50, []int{5, 10, 35}},
		{"scaled down", []int{30, 30, 30, 30}, 60, []int{15, 15, 15, 15}},
		{"remainders to the largest", []int{1, 1, 1}, 16, []int{6, 5, 5}},
		{"zero and negative weights count as one", []int{0, -5, 98}, 100, []int{1, 1, 98}},
		{"the floor of one minute", []int{1, 1, 1000}, 15, []int{1, 1, 13}},
		{"one phase", []int{7}, 180, []int{180}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := apportion(tt.weights, tt.total); !slices.Equal(got, tt.want) {
				t.Errorf("apportion(%v, %d) = %v, want %v", tt.weights, tt.total, got, tt.want)
			}
		})
	}
}

// TestOptionsMatchBanks: forms.json and the planner's banks name the same choices, and a
// form with a subject the planner does not know is refused.
func TestOptionsMatchBanks(t *testing.T) {
	opts := testBuiltin(t).Options()
	opts.Subjects = append(slices.Clone(opts.Subjects), Option{"astrology", "Astrology"})
	if _, err := NewBuiltin(opts); err == nil {
		t.Error("a subject without a bank was accepted")
	}
	if _, err := ParseOptions([]byte(`{"forms":{}}`)); err == nil {
		t.Error("forms.json without the lesson plan form was accepted")
	}
	for path := range fieldLimits { // every cap the validator reads exists
		lim(path)
	}
}
