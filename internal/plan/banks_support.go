package plan

// This file holds the support banks for the differentiation needs (keyed by forms.json
// differentiation values), Bloom's verb lists and the exit-ticket prompts. The supports
// follow the usual categories: for English learners, academic vocabulary and structured
// talk and writing; for IEP/504, accommodations of presentation, response, setting and
// timing; for advanced learners, extension at a higher Bloom's level.

// needBank is what the planner offers for one differentiation need.
type needBank struct {
	supports []Support         // the plan's differentiation section
	phase    map[string]string // a support per phase group (input, practice, talk, close)
}

var needBanks = map[string]needBank{
	NeedEnglishLearners: {
		supports: []Support{
			{Kind: KindVocabulary, Text: "Pre-teach the key vocabulary for {topic} with visuals and a student-friendly definition; keep a word wall up all lesson."},
			{Kind: KindLanguage, Text: "Give sentence frames for speaking and writing (I think … because …; The evidence shows …)."},
			{Kind: KindLanguage, Text: "Let students plan in their first language, then share in English; pair with a supportive partner."},
			{Kind: KindLanguage, Text: "Give written instructions alongside spoken ones, and model each task before students start."},
		},
		phase: map[string]string{
			groupInput:    "Show key terms with visuals and say them aloud; give a partly completed notes page.",
			groupPractice: "Provide sentence frames and a word bank; allow planning in the first language.",
			groupTalk:     "Give discussion stems and time to rehearse with a partner before speaking to the class.",
			groupClose:    "Allow the exit ticket to be answered with a frame, a labelled sketch or key words.",
		},
	},
	NeedIEP504: {
		supports: []Support{
			{Kind: KindPresentation, Text: "Provide printed notes or slides in advance, with large print and audio where the plan requires it."},
			{Kind: KindResponse, Text: "Accept answers in different forms: spoken, typed, a labelled diagram, or dictated."},
			{Kind: KindSetting, Text: "Offer preferential seating and a quieter space for independent work, as in the student's plan."},
			{Kind: KindTiming, Text: "Allow extra time and break the task into chunks with a check after each; give breaks as the plan states."},
		},
		phase: map[string]string{
			groupInput:    "Give a copy of the notes and steps; check in privately that the task is clear.",
			groupPractice: "Chunk the task into short parts with a check after each; allow extra time or fewer items.",
			groupTalk:     "Let the student prepare a contribution in advance, or contribute in writing.",
			groupClose:    "Accept the exit ticket spoken, typed or with fewer prompts.",
		},
	},
	NeedAdvanced: {
		supports: []Support{
			{Kind: KindExtension, Bloom: BloomEvaluate, Text: "Ask students to judge two approaches to {topic} against criteria they set, and defend their choice."},
			{Kind: KindExtension, Bloom: BloomCreate, Text: "Ask students to design their own example, problem or question on {topic} that would test a classmate's understanding."},
		},
		phase: map[string]string{
			groupInput:    "Ask for a second method or a case where the idea breaks down.",
			groupPractice: "Move straight to the hardest items, then to the extension task.",
			groupTalk:     "Ask them to synthesise the discussion's strongest points into a position and defend it.",
			groupClose:    "Add a harder exit prompt that asks them to evaluate or create.",
		},
	},
}

// bloomVerbs are the verbs that mark each Bloom's level, used both to write objectives and
// to recognise the level of a teacher's objective. A verb belongs to one level only.
var bloomVerbs = map[string][]string{
	BloomRemember:   {"recall", "list", "name", "define", "identify", "label", "state", "recognise", "recognize", "memorise", "memorize"},
	BloomUnderstand: {"explain", "describe", "summarise", "summarize", "classify", "interpret", "paraphrase", "discuss", "understand", "outline", "illustrate"},
	BloomApply:      {"apply", "use", "solve", "calculate", "demonstrate", "carry out", "implement", "compute", "perform", "practise", "practice", "write", "read", "translate"},
	BloomAnalyse:    {"analyse", "analyze", "compare", "contrast", "distinguish", "examine", "investigate", "infer", "organise", "organize", "differentiate", "categorise", "categorize", "deconstruct", "trace"},
	BloomEvaluate:   {"evaluate", "justify", "judge", "critique", "assess", "argue", "defend", "debate", "prioritise", "prioritize", "appraise", "decide", "weigh"},
	BloomCreate:     {"create", "design", "compose", "construct", "develop", "formulate", "invent", "produce", "plan", "propose", "build", "write an original", "model"},
}

// objectiveTemplates are the built-in objectives, one per level (the planner uses one at
// understand or apply and one higher-order, chosen per request).
var objectiveTemplates = map[string][]string{
	BloomUnderstand: {"explain the key ideas of {topic} in their own words", "describe how {topic} works, using the key vocabulary"},
	BloomApply:      {"apply what they learn about {topic} to new {work}", "use the key ideas of {topic} to work through unfamiliar {work}"},
	BloomAnalyse:    {"analyse {work} on {topic} and explain the reasoning behind their conclusions", "compare two approaches to {topic} and explain how they differ"},
	BloomEvaluate:   {"evaluate an argument or solution about {topic}, justifying their judgement with {evidence}", "judge which of several answers about {topic} is best supported, and defend the choice"},
	BloomCreate:     {"create their own example of {topic} and explain the choices they made", "design a question or task on {topic} that shows what they understand"},
}

// exitPrompts are the exit-ticket prompts: one recall or explain prompt, one higher-order.
var exitPrompts = [][]string{
	{"In two or three sentences, explain the most important idea about {topic} from today.", "What is one thing about {topic} you could teach a classmate now? Write it as you would say it."},
	{"Which of today's {work} was hardest? Say why, and what you would do differently next time.", "Give an example of {topic} that was not used in class and explain why it fits."},
	{"Rate your confidence with {topic} from 1 to 4 and write one question you still have.", "What is one mistake someone could make with {topic}, and how would you help them fix it?"},
}
