// Package plan makes lesson plans: a deterministic built-in planner, an AI planner for any
// OpenAI-compatible chat-completions API that streams its plan section by section, one
// validator every plan passes before anyone sees it, a fallback that always ends with a
// plan, and the outputs (.docx, plain text, HTML).
//
// Every generator fills the one Plan schema. Its top-level JSON keys are the sections, in
// the order a teacher reads them (SectionKeys), so a plan can be validated, streamed and
// rendered one section at a time.
package plan

// Request is what a plan is made from: the lesson-plan form's fields (web/forms.json) minus
// the teacher's email, name and school, which must never reach a model and so have no
// place here. Option fields hold forms.json values (Subject "mathematics", Grade "10",
// Model "5e" or "" for no preference, Differentiation "english-learners", "iep-504",
// "advanced"). Every string is the teacher's text: data, never instructions.
type Request struct {
	Subject         string   `json:"subject"`
	Grade           string   `json:"grade"`
	Topic           string   `json:"topic"`
	Minutes         int      `json:"minutes"`
	Objectives      string   `json:"objectives"`
	Standards       string   `json:"standards"`
	Model           string   `json:"model"`
	Differentiation []string `json:"differentiation"`
	Notes           string   `json:"notes"`
}

// The instructional models (forms.json instructionalModel values).
const (
	ModelDirect   = "direct"
	Model5E       = "5e"
	ModelInquiry  = "inquiry"
	ModelProject  = "project"
	ModelSocratic = "socratic"
)

// The differentiation needs (forms.json differentiation values).
const (
	NeedEnglishLearners = "english-learners"
	NeedIEP504          = "iep-504"
	NeedAdvanced        = "advanced"
)

// Bloom's levels, lowest first. Analyse, evaluate and create are the higher-order ones.
const (
	BloomRemember   = "remember"
	BloomUnderstand = "understand"
	BloomApply      = "apply"
	BloomAnalyse    = "analyse"
	BloomEvaluate   = "evaluate"
	BloomCreate     = "create"
)

// BloomLevels lists Bloom's levels from lowest to highest.
var BloomLevels = []string{BloomRemember, BloomUnderstand, BloomApply, BloomAnalyse, BloomEvaluate, BloomCreate}

// The kinds of an IEP/504 accommodation, and of the other supports.
const (
	KindPresentation = "presentation"
	KindResponse     = "response"
	KindSetting      = "setting"
	KindTiming       = "timing"
	KindLanguage     = "language"   // English learners: language of the lesson
	KindVocabulary   = "vocabulary" // English learners: words of the topic
	KindExtension    = "extension"  // advanced learners: work at a higher Bloom's level
)

// Plan is a lesson plan. Fields tagged ai:"-" are set by the server (never asked of a
// model); maxItems and maxLen are the caps Validate enforces (and the AI schema announces).
type Plan struct {
	Title           string          `json:"title" maxLen:"120"`
	About           About           `json:"about" ai:"-"`
	Standards       []string        `json:"standards" maxItems:"12" maxLen:"300"`
	Objectives      []Objective     `json:"objectives" maxItems:"3"`
	SuccessCriteria []string        `json:"successCriteria" maxItems:"6" maxLen:"300"`
	Materials       []string        `json:"materials" maxItems:"12" maxLen:"200"`
	Vocabulary      []Term          `json:"vocabulary" maxItems:"10"`
	PriorKnowledge  []string        `json:"priorKnowledge" maxItems:"5" maxLen:"300"`
	Phases          []Phase         `json:"phases" maxItems:"16"`
	ExitTicket      ExitTicket      `json:"exitTicket"`
	Differentiation []NeedSupports  `json:"differentiation" maxItems:"3"`
	Misconceptions  []Misconception `json:"misconceptions" maxItems:"3"`
	Homework        Homework        `json:"homework"`
	Provenance      Provenance      `json:"provenance" ai:"-"`
}

// About is the lesson's frame, with the form's labels ("Mathematics", "Grade 10", "5E").
type About struct {
	Subject string `json:"subject"`
	Grade   string `json:"grade"`
	Minutes int    `json:"minutes"`
	Model   string `json:"model"`
}

// Objective is one "Students will be able to…" statement with its Bloom's level.
type Objective struct {
	Text  string `json:"text" maxLen:"300"`
	Bloom string `json:"bloom" enum:"bloom"`
}

// Term is a key vocabulary word with a student-friendly meaning.
type Term struct {
	Term    string `json:"term" maxLen:"60"`
	Meaning string `json:"meaning" maxLen:"240"`
}

// Phase is one timed part of the lesson.
type Phase struct {
	Name         string         `json:"name" maxLen:"80"`
	Minutes      int            `json:"minutes"`
	TeacherMoves []string       `json:"teacherMoves" maxItems:"5" maxLen:"400"`
	StudentTasks []string       `json:"studentTasks" maxItems:"5" maxLen:"400"`
	Check        string         `json:"check" maxLen:"400"`
	Supports     []PhaseSupport `json:"supports" maxItems:"3"`
}

// PhaseSupport is a support for one differentiation need within a phase.
type PhaseSupport struct {
	Need  string `json:"need" enum:"need"`
	Label string `json:"label" ai:"-"`
	Text  string `json:"text" maxLen:"400"`
}

// ExitTicket is what students answer before they leave.
type ExitTicket struct {
	Prompts []string `json:"prompts" maxItems:"3" maxLen:"300"`
	LookFor string   `json:"lookFor" maxLen:"400"`
}

// NeedSupports are the supports for one differentiation need the teacher ticked.
type NeedSupports struct {
	Need     string    `json:"need" enum:"need"`
	Label    string    `json:"label" ai:"-"`
	Supports []Support `json:"supports" maxItems:"6"`
}

// Support is one support. Kind is one of the Kind constants: IEP/504 supports are
// presentation, response, setting or timing; an advanced learner's extension has the Bloom's
// level it works at (Bloom is "" for the other kinds).
type Support struct {
	Kind  string `json:"kind" enum:"kind"`
	Bloom string `json:"bloom" enum:"bloomOrNone"`
	Text  string `json:"text" maxLen:"400"`
}

// Misconception is a likely misunderstanding and how to address it.
type Misconception struct {
	Misconception string `json:"misconception" maxLen:"300"`
	Address       string `json:"address" maxLen:"400"`
}

// Homework is the follow-up: Kind is "homework" or "extension".
type Homework struct {
	Kind string `json:"kind" enum:"homework"`
	Text string `json:"text" maxLen:"500"`
}

// Provenance says how a plan was made. Generator is GeneratorBuiltin, GeneratorAI or
// GeneratorFallback; Model is the AI model's name ("" for the built-in planner); Label is
// the sentence shown to the teacher, which always says the plan is a draft to review.
type Provenance struct {
	Generator string `json:"generator"`
	Model     string `json:"model,omitempty"`
	Label     string `json:"label"`
}

// The generators a Provenance names.
const (
	GeneratorBuiltin  = "builtin"
	GeneratorAI       = "ai"
	GeneratorFallback = "builtin-fallback"
)

// The section keys: each is a top-level JSON key of Plan.
const (
	SectionTitle           = "title"
	SectionAbout           = "about"
	SectionStandards       = "standards"
	SectionObjectives      = "objectives"
	SectionSuccessCriteria = "successCriteria"
	SectionMaterials       = "materials"
	SectionVocabulary      = "vocabulary"
	SectionPriorKnowledge  = "priorKnowledge"
	SectionPhases          = "phases"
	SectionExitTicket      = "exitTicket"
	SectionDifferentiation = "differentiation"
	SectionMisconceptions  = "misconceptions"
	SectionHomework        = "homework"
	SectionProvenance      = "provenance"
)

// SectionKeys lists the sections in the order a plan is read, streamed and rendered.
var SectionKeys = []string{
	SectionTitle, SectionAbout, SectionStandards, SectionObjectives, SectionSuccessCriteria,
	SectionMaterials, SectionVocabulary, SectionPriorKnowledge, SectionPhases, SectionExitTicket,
	SectionDifferentiation, SectionMisconceptions, SectionHomework, SectionProvenance,
}

// Section is what a generator hands to its caller as soon as one section of a plan is
// validated: the section's key and the plan so far (that section and every one before it
// filled in). Restart is true on the first section of a built-in plan that replaces an AI
// plan which failed after some of its sections had been handed over: the caller discards
// what it showed and starts again.
type Section struct {
	Key     string
	Plan    Plan
	Restart bool
}

// OnSection receives sections in SectionKeys order. It may be nil.
type OnSection func(Section)
